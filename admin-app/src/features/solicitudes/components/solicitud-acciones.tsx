import type { Solicitud } from '@cuota/shared/schemas/lending';
import type { SolicitudAccion } from '@cuota/shared/schemas/solicitudes';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { solicitudesPageTexts } from '@cuota/shared/texts/solicitudesPage';
import { Banknote, Brain, Button, cn, CircleCheck, toast, X } from '@cuota/shared/ui';
import { AlertDialogAction } from '@cuota/shared/ui/alert-dialog';
import { DialogoConfirmacion } from '@cuota/shared/ui/dialogo-confirmacion';
import { errorMessage, isApiError } from '@cuota/shared/web';
import { useState } from 'react';
import { useEjecutarAccionSolicitud, type AccionSolicitud } from '../api/ejecutar-accion-solicitud';
import { usePuedeDesembolsar } from '../api/aprobacion';
import { AprobarDialog } from './aprobar-dialog';
import { CancelarAprobacionDialog } from './cancelar-aprobacion-dialog';
import { DesembolsarDialog } from './desembolsar-dialog';

const t = solicitudesTexts;
const p = solicitudesPageTexts;

/** Spec §4: enviado and en_analisis are decided; an approved one is disbursed or its approval cancelled. */
export function tieneAcciones(estado: Solicitud['estado']): boolean {
  return estado === 'enviado' || estado === 'en_analisis' || estado === 'aprobado';
}

/** What the list and the detail report back: the credit of a disbursement, or the new estado. */
export type AccionHecha = AccionSolicitud | 'desembolsar' | 'cancelar';

const EXITO: Record<AccionSolicitud, string> = { analizar: t.analyzed, aprobar: t.approved, rechazar: t.rejected };
const FALLA: Record<AccionSolicitud, string> = { analizar: t.analyzeError, aprobar: t.approveError, rechazar: t.rejectError };

/** Spec §8: the RPC error, or 'No tienes permisos…' on 403, or the action's default. */
function mensajeFalla(error: unknown, accion: AccionSolicitud): string {
  if (isApiError(error) && error.status === 403) return errorsTexts.forbidden;
  if (error instanceof Error && !isApiError(error) && error.message) return error.message;
  return errorMessage(error, FALLA[accion]);
}

export interface SolicitudAccionesProps {
  solicitud: Pick<
    Solicitud,
    | 'id'
    | 'numero_solicitud'
    | 'estado'
    | 'cliente_nombre'
    | 'cliente_apellido'
    | 'monto_solicitado_centimos'
    | 'plazo_meses'
    | 'producto_id'
  >;
  onDone?: (accion: AccionHecha, result: SolicitudAccion) => void;
  className?: string;
}

/**
 * Approve (a dialog with the approved terms), analyze (enviado only) and reject (after
 * '¿Rechazar solicitud?'); on an approved one, disburse (a confirmation with the numbers) or
 * cancel the approval with a reason.
 */
export function SolicitudAcciones({ solicitud, onDone, className }: SolicitudAccionesProps) {
  const accion = useEjecutarAccionSolicitud();
  const [confirmar, setConfirmar] = useState(false);
  const [dialogo, setDialogo] = useState<'aprobar' | 'desembolsar' | 'cancelar' | null>(null);
  if (!tieneAcciones(solicitud.estado)) return null;
  if (solicitud.estado === 'aprobado') return <AccionesAprobada solicitud={solicitud} onDone={onDone} className={className} />;
  const quien = `${solicitud.numero_solicitud} (${solicitud.cliente_nombre} ${solicitud.cliente_apellido})`;
  const busy = accion.isPending;

  function run(tipo: AccionSolicitud) {
    accion.mutate(
      { id: solicitud.id, accion: tipo },
      {
        onSuccess: (result) => {
          const extra = tipo === 'aprobar' && result.credito ? result.credito.numero_credito : solicitud.numero_solicitud;
          toast.success(EXITO[tipo], extra);
          onDone?.(tipo, result);
        },
        onError: (error) => toast.error(errorsTexts.genericTitle, mensajeFalla(error, tipo)),
      },
    );
  }

  return (
    <div className={cn('flex flex-wrap justify-end gap-2', className)}>
      <Button size="sm" disabled={busy} onClick={() => setDialogo('aprobar')} aria-label={`${p.aprobar}: ${quien}`}>
        <CircleCheck aria-hidden />
        {p.aprobar}
      </Button>
      {dialogo === 'aprobar' ? (
        <AprobarDialog
          solicitud={solicitud}
          open
          onOpenChange={(open) => setDialogo(open ? 'aprobar' : null)}
          onDone={(result) => onDone?.('aprobar', result)}
        />
      ) : null}
      {solicitud.estado === 'enviado' ? (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => run('analizar')}
          aria-label={`${p.analizar}: ${quien}`}
        >
          <Brain aria-hidden />
          {p.analizar}
        </Button>
      ) : null}
      <DialogoConfirmacion
        open={confirmar}
        onOpenChange={setConfirmar}
        disparador={
          <Button
            size="sm"
            variant="destructive"
            disabled={busy}
            onClick={() => setConfirmar(true)}
            aria-label={`${p.rechazar}: ${quien}`}
          >
            <X aria-hidden />
            {p.rechazar}
          </Button>
        }
        titulo={t.rejectConfirm}
        descripcion={p.rejectDescription(solicitud.numero_solicitud)}
        cancelar={p.rejectCancel}
        confirmar={
          <AlertDialogAction destructive onClick={() => run('rechazar')}>
            {p.rechazar}
          </AlertDialogAction>
        }
      />
    </div>
  );
}

function AccionesAprobada({ solicitud, onDone, className }: SolicitudAccionesProps) {
  const [dialogo, setDialogo] = useState<'desembolsar' | 'cancelar' | null>(null);
  const puedeDesembolsar = usePuedeDesembolsar();
  const quien = `${solicitud.numero_solicitud} (${solicitud.cliente_nombre} ${solicitud.cliente_apellido})`;
  return (
    <div className={cn('flex flex-wrap justify-end gap-2', className)}>
      {puedeDesembolsar ? (
        <Button size="sm" onClick={() => setDialogo('desembolsar')} aria-label={`${p.desembolsar}: ${quien}`}>
          <Banknote aria-hidden />
          {p.desembolsar}
        </Button>
      ) : null}
      <Button size="sm" variant="outline" onClick={() => setDialogo('cancelar')} aria-label={`${p.cancelarAprobacion}: ${quien}`}>
        <X aria-hidden />
        {p.cancelarAprobacion}
      </Button>
      <DesembolsarDialog
        solicitudId={solicitud.id}
        numero={solicitud.numero_solicitud}
        open={dialogo === 'desembolsar'}
        onOpenChange={(open) => setDialogo(open ? 'desembolsar' : null)}
        onDone={(result) => onDone?.('desembolsar', result)}
      />
      <CancelarAprobacionDialog
        solicitudId={solicitud.id}
        numero={solicitud.numero_solicitud}
        open={dialogo === 'cancelar'}
        onOpenChange={(open) => setDialogo(open ? 'cancelar' : null)}
        onDone={(result) => onDone?.('cancelar', result)}
      />
    </div>
  );
}
