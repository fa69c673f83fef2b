import { cobranzaTexts } from '@cuota/shared/texts/cobranza';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { Button, Label, Select, toast } from '@cuota/shared/ui';
import { DialogTrigger } from '@cuota/shared/ui/dialog';
import { PieDeDialogo } from '@cuota/shared/ui/pie-de-dialogo';
import { VentanaDeDialogo } from '@cuota/shared/ui/ventana-de-dialogo';
import { errorMessage } from '@cuota/shared/web';
import { useId, useState, type FormEvent } from 'react';
import { useAsignarCobranza, useCobradores } from '../api/asignar-cobranza';

const t = cobranzaTexts;
const QUITAR = '__quitar__';

/** 'Asignar a cobrador' (admin): the selected credits to one cobrador, or unassigned. */
export function AsignarDialog({ creditoIds, onAsignado }: { creditoIds: string[]; onAsignado: () => void }) {
  const [open, setOpen] = useState(false);
  const [cobrador, setCobrador] = useState('');
  const cobradores = useCobradores(open);
  const asignar = useAsignarCobranza();
  const id = useId();

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (!cobrador) return;
    asignar.mutate(
      { credito_ids: creditoIds, cobrador_id: cobrador === QUITAR ? null : cobrador },
      {
        onSuccess: (r) => {
          toast.success(t.asignados(r.asignados));
          setOpen(false);
          onAsignado();
        },
        onError: (error) => toast.error(errorMessage(error, errorsTexts.internal)),
      },
    );
  };

  return (
    <VentanaDeDialogo
      abierto={open}
      onAbiertoChange={setOpen}
      titulo={t.asignarTitulo}
      descripcion={t.asignarDescripcion(creditoIds.length)}
      disparador={
        <DialogTrigger asChild>
          <Button size="sm">{t.asignar}</Button>
        </DialogTrigger>
      }
    >
      <form onSubmit={enviar} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={id}>{t.asignarCobrador}</Label>
          <Select id={id} value={cobrador} onChange={(e) => setCobrador(e.target.value)} required>
            <option value="" disabled>
              {t.asignarCobrador}
            </option>
            {(cobradores.data ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {`${u.nombre} ${u.apellido}`.trim() || u.email}
              </option>
            ))}
            <option value={QUITAR}>{t.quitarAsignacion}</option>
          </Select>
        </div>
        <PieDeDialogo
          cancelar={t.cancelar}
          onCancelar={() => setOpen(false)}
          ocupado={asignar.isPending}
          enviar={t.confirmarAsignacion}
          enviando={t.asignando}
        />
      </form>
    </VentanaDeDialogo>
  );
}
