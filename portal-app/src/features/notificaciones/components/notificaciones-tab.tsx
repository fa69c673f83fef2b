import { formatFechaHora } from '@cuota/shared/format';
import type { Notificacion } from '@cuota/shared/schemas/notificaciones';
import { portalResumenTexts } from '@cuota/shared/texts/portalResumen';
import { Bell, cn, Skeleton, TarjetaVacia } from '@cuota/shared/ui';
import { destinoAccion, estiloTipo, LoadError, useMarcarLeida, useListarNotificaciones } from '@cuota/shared/web';
import { useNavigate } from 'react-router-dom';

const t = portalResumenTexts;

/**
 * Notificaciones: the 10 newest; opening one marks it read (leida, leida_en) and follows accion_url.
 * It shares the bell's cache, so a live push from the header's connection shows here too.
 */
export function NotificacionesTab() {
  const { data, isPending, isError, error, refetch } = useListarNotificaciones();
  const marcar = useMarcarLeida();
  const navigate = useNavigate();
  if (isError) return <LoadError title={t.notificacionesError} error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Skeleton className="h-40 w-full" />;
  if (data.items.length === 0) {
    return <TarjetaVacia relleno="pt-5 sm:pt-6" icon={<Bell />} title={t.notificacionesVacio} />;
  }

  async function abrir(n: Notificacion) {
    if (!n.leida) await marcar.mutateAsync(n.id).catch(() => undefined);
    const destino = destinoAccion(n.accion_url);
    if (destino && 'interno' in destino) await navigate(destino.interno);
    else if (destino) window.location.assign(destino.externo);
  }

  return (
    <ul className="grid gap-2">
      {data.items.map((n) => (
        <li key={n.id}>
          <button
            type="button"
            onClick={() => void abrir(n)}
            className={cn(
              'grid w-full gap-1 rounded-lg border border-l-4 bg-card px-4 py-3 text-left transition-colors hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              estiloTipo(n.tipo).borde,
              !n.leida && 'bg-primary/5',
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <span className={cn('text-sm', !n.leida && 'font-semibold')}>{n.titulo}</span>
              {!n.leida ? (
                <span className="rounded-full bg-primary px-2 py-0.5 text-[11px] font-medium text-primary-foreground">
                  {t.noLeida}
                </span>
              ) : null}
            </span>
            <span className="text-sm text-muted-foreground">{n.mensaje}</span>
            <span className="text-xs text-muted-foreground">{formatFechaHora(n.created_at)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
