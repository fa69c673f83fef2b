import { formatDate } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { DeudaCredito } from '@cuota/shared/schemas/creditos';
import { deudaTexts } from '@cuota/shared/texts/deuda';
import { CircleCheck, cn, TriangleAlert } from '@cuota/shared/ui';
import { useId } from 'react';

const t = deudaTexts;

function Fila({ label, value, fuerte = false }: { label: string; value: string; fuerte?: boolean }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3', fuerte && 'border-t border-destructive/20 pt-1')}>
      <dt className={fuerte ? 'text-sm font-semibold' : 'text-sm text-muted-foreground'}>{label}</dt>
      <dd
        className={fuerte ? 'text-base font-semibold whitespace-nowrap tabular-nums' : 'text-sm whitespace-nowrap tabular-nums'}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * What the customer owes on one credit today, as the server computed it (deuda): the saldo en mora
 * by component and what it takes to be up to date, or 'Estás al día'; the next cuota with its due
 * date; and the total owed. Amounts are shown as given, never recomputed.
 */
export function DeudaCreditoResumen({ deuda }: { deuda: DeudaCredito }) {
  const tituloId = useId();
  const enMora = deuda.monto_al_dia_centimos > 0;
  const proxima = deuda.proxima_cuota;
  return (
    <div className="grid gap-3">
      {enMora ? (
        <section aria-labelledby={tituloId} className="grid gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <h3 id={tituloId} className="flex items-center gap-1.5 text-sm font-semibold text-[oklch(0.5_0.2_27)]">
              <TriangleAlert aria-hidden className="size-4" />
              {t.saldoEnMora}
            </h3>
            <span className="text-xs text-[oklch(0.5_0.2_27)]">
              {t.cuotasVencidas(deuda.cuotas_vencidas)} · {t.diasAtraso(deuda.dias_mora)}
            </span>
          </div>
          <dl className="grid gap-1">
            <Fila label={t.capital} value={formatCRC(deuda.vencido.capital_centimos)} />
            <Fila label={t.interes} value={formatCRC(deuda.vencido.interes_centimos)} />
            <Fila label={t.mora} value={formatCRC(deuda.vencido.mora_centimos)} />
            <Fila label={t.alDia} value={formatCRC(deuda.monto_al_dia_centimos)} fuerte />
          </dl>
        </section>
      ) : (
        <p className="flex items-center gap-1.5 text-sm font-medium text-[oklch(0.44_0.12_150)]">
          <CircleCheck aria-hidden className="size-4" />
          {t.estasAlDia}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3">
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">{t.proximaCuota}</dt>
          <dd className="text-sm font-medium tabular-nums">
            {proxima ? formatCRC(proxima.monto_pendiente_centimos) : '—'}
            <span className="block text-xs font-normal text-muted-foreground">
              {proxima ? t.cuotaVence(proxima.numero_cuota, formatDate(proxima.fecha_vencimiento)) : t.sinProximaCuota}
            </span>
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">{t.totalAdeudado}</dt>
          <dd className="text-sm font-medium tabular-nums">{formatCRC(deuda.total_adeudado_centimos)}</dd>
        </div>
      </dl>
    </div>
  );
}
