import { formatCRC } from '@cuota/shared/montos';
import type { Pago } from '@cuota/shared/schemas/lending';
import { pagoRevertirSchema } from '@cuota/shared/schemas/pagos';
import { pagoVentanillaTexts } from '@cuota/shared/texts/pagoVentanilla';
import { Button, CampoAreaTexto, toast, Undo2 } from '@cuota/shared/ui';
import { DialogoConfirmacion } from '@cuota/shared/ui/dialogo-confirmacion';
import { avisarErrorDeFormulario } from '@cuota/shared/web';
import { useMotivoValidado } from '../../../shared-admin/use-motivo-validado';
import { useRevertirPago } from '../api/pagos-ventanilla';

const v = pagoVentanillaTexts;

/** 'Revertir' (admin): asks the motivo, then undoes the applied payment; the credit is recomputed. */
export function RevertirPagoDialog({ creditoId, pago }: { creditoId: string; pago: Pago }) {
  const { open, setOpen, campo, marcar, claves, validar } = useMotivoValidado(pagoRevertirSchema);
  const revertir = useRevertirPago(creditoId);

  function confirmar() {
    const body = validar();
    if (!body) return;
    revertir.mutate(
      { pagoId: pago.id, body, clave: claves.para({ id: pago.id, ...body }) },
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
