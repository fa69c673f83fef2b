import { formatCRC, pagoRevertirSchema, TEXTS, type Pago } from '@cuota/shared';
import { Button, CampoAreaTexto, DialogoConfirmacion, toast, Undo2 } from '@cuota/shared/ui';
import { avisarErrorDeFormulario, claveParaEnvio, useMotivo } from '@cuota/shared/web';
import { useMemo, useState } from 'react';
import { useRevertirPago } from '../api/pagos-ventanilla';

const v = TEXTS.pagoVentanilla;

/** 'Revertir' (admin): asks the motivo, then undoes the applied payment; the credit is recomputed. */
export function RevertirPagoDialog({ creditoId, pago }: { creditoId: string; pago: Pago }) {
  const [open, setOpen] = useState(false);
  const { motivo, setError, marcar, campo } = useMotivo();
  const revertir = useRevertirPago(creditoId);
  const claves = useMemo(() => claveParaEnvio(), []);

  function confirmar() {
    const parsed = pagoRevertirSchema.safeParse({ motivo });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    revertir.mutate(
      { pagoId: pago.id, body: parsed.data, clave: claves.para({ id: pago.id, ...parsed.data }) },
      {
        onSuccess: () => {
          claves.olvidar();
          toast.success(v.reversado, v.reversadoToast);
          setOpen(false);
        },
        onError: (e) => avisarErrorDeFormulario(e, { campos: ['motivo'], marcar, titulo: v.errorRevertir }),
      },
    );
  }

  return (
    <DialogoConfirmacion
      open={open}
      onOpenChange={(abierto) => {
        if (!revertir.isPending) setOpen(abierto);
      }}
      disparador={
        <Button
          variant="outline"
          size="sm"
          onClick={() => setOpen(true)}
          aria-label={`${v.revertir} ${pago.numero_recibo ?? pago.referencia_pago}`}
        >
          <Undo2 aria-hidden />
          {v.revertir}
        </Button>
      }
      titulo={v.revertirTitulo}
      descripcion={`${pago.numero_recibo ?? pago.referencia_pago} · ${formatCRC(pago.monto_centimos)}. ${v.revertirTexto}`}
      cancelar={v.cancelar}
      cancelarDeshabilitado={revertir.isPending}
      confirmar={
        <Button variant="destructive" onClick={confirmar} disabled={revertir.isPending}>
          {revertir.isPending ? v.revirtiendo : v.confirmarRevertir}
        </Button>
      }
    >
      <CampoAreaTexto label={v.motivo} rows={3} maxLength={500} placeholder={v.motivoPlaceholder} {...campo} />
    </DialogoConfirmacion>
  );
}
