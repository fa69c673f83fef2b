import type { SolicitudAccion } from '@cuota/shared/schemas/solicitudes';
import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { solicitudesPageTexts } from '@cuota/shared/texts/solicitudesPage';
import { Button, CampoAreaTexto, toast } from '@cuota/shared/ui';
import { DialogoDeFormulario } from '@cuota/shared/ui/ventana-de-dialogo';
import { isApiError, useMotivo } from '@cuota/shared/web';
import type { FormEvent } from 'react';
import { useCancelarAprobacion } from '../api/aprobacion';
import { mensajeDeError } from './aprobar-dialog';

const t = solicitudesTexts;
const c = solicitudesPageTexts.cancelarDialogo;

export interface CancelarAprobacionDialogProps {
  solicitudId: string;
  numero: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone?: (result: SolicitudAccion) => void;
}

/** 'Cancelar aprobación' of an approved, not yet disbursed solicitud, with its reason. */
export function CancelarAprobacionDialog({ solicitudId, numero, open, onOpenChange, onDone }: CancelarAprobacionDialogProps) {
  const cancelar = useCancelarAprobacion();
  const { motivo, setError, campo } = useMotivo();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (motivo.trim().length < 3) {
      setError(t.motivoCorto);
      return;
    }
    setError(undefined);
    cancelar.mutate(
      { id: solicitudId, motivo: motivo.trim() },
      {
        onSuccess: (result) => {
          toast.success(t.cancelled, numero);
          onOpenChange(false);
          onDone?.(result);
        },
        onError: (e) => {
          if (isApiError(e) && e.details.motivo) setError(e.details.motivo);
          toast.error(t.cancelError, mensajeDeError(e, t.cancelError));
        },
      },
    );
  }

  return (
    <DialogoDeFormulario
      abierto={open}
      onAbiertoChange={onOpenChange}
      ocupado={cancelar.isPending}
      titulo={c.titulo(numero)}
      descripcion={c.descripcion}
      onSubmit={onSubmit}
      textos={{ cancelar: c.volver }}
      boton={
        <Button type="submit" variant="destructive" disabled={cancelar.isPending}>
          {cancelar.isPending ? c.enviando : c.enviar}
        </Button>
      }
    >
      <CampoAreaTexto label={c.motivo} rows={3} {...campo} />
    </DialogoDeFormulario>
  );
}
