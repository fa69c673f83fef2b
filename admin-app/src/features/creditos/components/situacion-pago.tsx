import { formatDate } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { DeudaCredito } from '@cuota/shared/schemas/creditos';
import { deudaTexts } from '@cuota/shared/texts/deuda';
import { Badge, cn, TarjetaConTitulo } from '@cuota/shared/ui';
import type { ReactNode } from 'react';

const t = deudaTexts;

function Dato({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('grid content-start gap-1', className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="grid gap-0.5">{children}</dd>
    </div>
  );
}

const valor = 'text-lg font-semibold tabular-nums';
const nota = 'text-xs text-muted-foreground';

/**
 * 'Situación de Pago' on the staff credit detail: días de mora, the saldo en mora by component,
 * what it takes to be up to date, the next cuota and the total owed, as the server computed them
 * for the business date (deuda.fecha).
 */
export function SituacionPago({ deuda }: { deuda: DeudaCredito }) {
  const enMora = deuda.monto_al_dia_centimos > 0;
  const proxima = deuda.proxima_cuota;
  return (
    <TarjetaConTitulo
      titulo={t.titulo}
      descripcion={t.alFecha(formatDate(deuda.fecha))}
      claseEncabezado="pb-3"
      claseTitulo="text-base"
    >
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        <Dato label={t.diasMora}>
          <span className={valor}>{deuda.dias_mora}</span>
          {enMora ? (
            <Badge variant="destructive">{t.cuotasVencidas(deuda.cuotas_vencidas)}</Badge>
          ) : (
            <Badge variant="success">{t.sinAtraso}</Badge>
          )}
        </Dato>
        <Dato label={t.saldoEnMora} className="lg:col-span-2">
          <dl className="grid gap-0.5 text-sm">
            {(
              [
                [t.capital, deuda.vencido.capital_centimos],
                [t.interes, deuda.vencido.interes_centimos],
                [t.mora, deuda.vencido.mora_centimos],
              ] as const
            ).map(([label, centimos]) => (
              <div key={label} className="flex justify-between gap-3">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="whitespace-nowrap tabular-nums">{formatCRC(centimos)}</dd>
              </div>
            ))}
          </dl>
        </Dato>
        <Dato label={t.alDia}>
          <span className={enMora ? `${valor} text-[oklch(0.5_0.2_27)]` : valor}>{formatCRC(deuda.monto_al_dia_centimos)}</span>
        </Dato>
        <Dato label={t.proximaCuota}>
          <span className={valor}>{proxima ? formatCRC(proxima.monto_pendiente_centimos) : '—'}</span>
          <span className={nota}>
            {proxima ? t.cuotaVence(proxima.numero_cuota, formatDate(proxima.fecha_vencimiento)) : t.sinProximaCuota}
          </span>
        </Dato>
        <Dato label={t.totalAdeudado}>
          <span className={valor}>{formatCRC(deuda.total_adeudado_centimos)}</span>
        </Dato>
      </dl>
    </TarjetaConTitulo>
  );
}
