import { TEXTS, type Solicitud, type SolicitudAccion } from '@cuota/shared';
import { AlertDialogAction, Brain, Button, cn, CircleCheck, DialogoConfirmacion, toast, X } from '@cuota/shared/ui';
import { errorMessage, isApiError } from '@cuota/shared/web';
import { useState } from 'react';
import { useEjecutarAccionSolicitud, type AccionSolicitud } from '../api/ejecutar-accion-solicitud';

const t = TEXTS.solicitudes;
const p = TEXTS.solicitudesPage;

/** Spec §4: enviado and en_analisis are the only estados with actions. */
export function tieneAcciones(estado: Solicitud['estado']): boolean {
  return estado === 'enviado' || estado === 'en_analisis';
}

const EXITO: Record<AccionSolicitud, string> = { analizar: t.analyzed, aprobar: t.approved, rechazar: t.rejected };
const FALLA: Record<AccionSolicitud, string> = { analizar: t.analyzeError, aprobar: t.approveError, rechazar: t.rejectError };

/** Spec §8: the RPC error, or 'No tienes permisos…' on 403, or the action's default. */
function mensajeFalla(error: unknown, accion: AccionSolicitud): string {
  if (isApiError(error) && error.status === 403) return TEXTS.errors.forbidden;
  if (error instanceof Error && !isApiError(error) && error.message) return error.message;
  return errorMessage(error, FALLA[accion]);
}

export interface SolicitudAccionesProps {
  solicitud: Pick<Solicitud, 'id' | 'numero_solicitud' | 'estado' | 'cliente_nombre' | 'cliente_apellido'>;
  onDone?: (accion: AccionSolicitud, result: SolicitudAccion) => void;
  className?: string;
}

/** Approve, analyze (enviado only) and reject (after '¿Rechazar solicitud?'). */
export function SolicitudAcciones({ solicitud, onDone, className }: SolicitudAccionesProps) {
  const accion = useEjecutarAccionSolicitud();
  const [confirmar, setConfirmar] = useState(false);
  if (!tieneAcciones(solicitud.estado)) return null;
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
        onError: (error) => toast.error(TEXTS.errors.genericTitle, mensajeFalla(error, tipo)),
      },
    );
  }

  return (
    <div className={cn('flex flex-wrap justify-end gap-2', className)}>
      <Button size="sm" disabled={busy} onClick={() => run('aprobar')} aria-label={`${p.aprobar}: ${quien}`}>
        <CircleCheck aria-hidden />
        {p.aprobar}
      </Button>
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
