import { formatDate } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { PortalResumen } from '@cuota/shared/schemas/creditos';
import { portalResumenTexts } from '@cuota/shared/texts/portalResumen';
import { Badge, CalendarClock, cn } from '@cuota/shared/ui';

const t = portalResumenTexts;

/** Spec §2/§9: the 5 earliest unpaid cuotas; due within 7 days → warning, past due → overdue. */
export function ProximasCuotas({ cuotas }: { cuotas: PortalResumen['proximas_cuotas'] }) {
  if (cuotas.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{t.cuotasVacio}</p>;
  return (
    <ul className="grid gap-2">
      {cuotas.map((c) => (
        <li
          key={c.id}
          className={cn(
            'flex items-center justify-between gap-3 rounded-lg border px-3 py-2',
            c.alerta === 'vencida' && 'border-destructive/40 bg-destructive/5',
            c.alerta === 'proxima' && 'border-warning/50 bg-warning/10',
          )}
        >
          <div className="grid min-w-0 gap-0.5">
            <span className="text-sm font-medium break-words">
              {c.numero_credito} · {t.cuotaNumero(c.numero_cuota)}
            </span>
            <span className="flex items-center gap-1 text-xs text-muted-foreground">
              <CalendarClock aria-hidden className="size-3.5" />
              {t.vence(formatDate(c.fecha_vencimiento))}
            </span>
          </div>
          <div className="grid justify-items-end gap-1">
            <span className="text-sm font-semibold tabular-nums">{formatCRC(c.monto_total_centimos)}</span>
            {c.alerta === 'vencida' ? <Badge variant="destructive">{t.alertaVencida}</Badge> : null}
            {c.alerta === 'proxima' ? <Badge variant="warning">{t.alertaProxima}</Badge> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
