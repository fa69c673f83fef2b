import { formatCRC } from '@cuota/shared/montos';
import type { Dashboard } from '@cuota/shared/schemas/dashboard';
import { creditoEstadoTexts } from '@cuota/shared/texts/creditoEstado';
import { dashboardTexts } from '@cuota/shared/texts/dashboard';
import { ChartFrame } from './chart-frame';
import { formatCompactCRC, scale } from './chart-utils';

const d = dashboardTexts;
const COLORS: Record<Dashboard['cartera']['por_estado'][number]['estado'], string> = {
  vigente: 'var(--color-info)',
  al_dia: 'var(--color-success)',
  vencido: 'var(--color-destructive)',
  cancelado: 'var(--color-muted-foreground)',
  castigado: 'var(--color-foreground)',
  refinanciado: 'var(--color-muted-foreground)',
};

const ROW = 34;
const LABEL_W = 78;
const VALUE_W = 84;
const WIDTH = 360;

/** Horizontal bars: saldo de capital per credit estado. */
export function CarteraPorEstadoChart({ porEstado }: { porEstado: Dashboard['cartera']['por_estado'] }) {
  const max = Math.max(0, ...porEstado.map((e) => e.saldo_capital_centimos));
  const barMax = WIDTH - LABEL_W - VALUE_W;
  const height = Math.max(1, porEstado.length) * ROW;
  const summary =
    porEstado.length === 0
      ? `${d.porEstadoTitulo}: ${d.sinDatos}`
      : `${d.porEstadoTitulo}: ` +
        porEstado
          .map(
            (e) =>
              `${creditoEstadoTexts[e.estado]} ${formatCRC(e.saldo_capital_centimos)} en ${e.creditos} ${d.creditos.toLowerCase()}`,
          )
          .join('; ');
  return (
    <ChartFrame
      title={d.porEstadoTitulo}
      description={d.porEstadoDesc}
      summary={summary}
      table={{
        caption: d.porEstadoTitulo,
        headers: [d.estado, d.creditos, d.saldo],
        rows: porEstado.map((e) => [creditoEstadoTexts[e.estado], e.creditos, formatCRC(e.saldo_capital_centimos)]),
      }}
    >
      {porEstado.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{d.sinDatos}</p>
      ) : (
        <svg viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full" aria-hidden focusable="false">
          {porEstado.map((e, i) => {
            const y = i * ROW;
            const w = scale(e.saldo_capital_centimos, max, barMax);
            return (
              <g key={e.estado}>
                <text x={0} y={y + ROW / 2} dominantBaseline="middle" fontSize={12} fill="currentColor">
                  {creditoEstadoTexts[e.estado]}
                </text>
                <rect x={LABEL_W} y={y + 8} width={barMax} height={ROW - 16} rx={3} fill="var(--color-muted)" />
                <rect x={LABEL_W} y={y + 8} width={w} height={ROW - 16} rx={3} fill={COLORS[e.estado]} />
                <text
                  x={WIDTH}
                  y={y + ROW / 2}
                  dominantBaseline="middle"
                  textAnchor="end"
                  fontSize={11}
                  fill="currentColor"
                  className="tabular-nums"
                >
                  {formatCompactCRC(e.saldo_capital_centimos)} · {e.creditos}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </ChartFrame>
  );
}
