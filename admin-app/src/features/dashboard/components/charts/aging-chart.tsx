import { formatPorcentaje } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { Dashboard } from '@cuota/shared/schemas/dashboard';
import { dashboardTexts } from '@cuota/shared/texts/dashboard';
import { ChartFrame } from './chart-frame';
import { formatCompactCRC, scale } from './chart-utils';

const d = dashboardTexts;
const COLORS = {
  '1_30': 'var(--color-warning)',
  '31_60': 'oklch(0.68 0.17 55)',
  '61_90': 'oklch(0.6 0.2 40)',
  mas_90: 'var(--color-destructive)',
} as const;

const WIDTH = 360;
const HEIGHT = 180;
const TOP = 20;
const BOTTOM = 24;

/** Vertical bars: arrears aging buckets by saldo de capital, with PAR30 in the description. */
export function AgingChart({ cartera }: { cartera: Dashboard['cartera'] }) {
  const { aging, par30 } = cartera;
  const max = Math.max(0, ...aging.map((t) => t.saldo_capital_centimos));
  const slot = WIDTH / Math.max(1, aging.length);
  const barW = Math.min(56, slot * 0.6);
  const plotH = HEIGHT - TOP - BOTTOM;
  const summary =
    `${d.agingTitulo}. ${d.par30} ${formatPorcentaje(par30.porcentaje)} (${formatCRC(par30.capital_centimos)}). ` +
    aging
      .map((t) => `${d.tramos[t.tramo]}: ${t.creditos} ${d.creditos.toLowerCase()}, ${formatCRC(t.saldo_capital_centimos)}`)
      .join('; ');
  return (
    <ChartFrame
      title={d.agingTitulo}
      description={d.agingDesc(formatPorcentaje(par30.porcentaje))}
      summary={summary}
      table={{
        caption: `${d.agingTitulo} (${d.par30} ${formatPorcentaje(par30.porcentaje)})`,
        headers: [d.tramo, d.creditos, d.saldo],
        rows: aging.map((t) => [d.tramos[t.tramo], t.creditos, formatCRC(t.saldo_capital_centimos)]),
      }}
    >
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden focusable="false">
        <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke="var(--color-border)" />
        {aging.map((t, i) => {
          const h = scale(t.saldo_capital_centimos, max, plotH);
          const cx = slot * i + slot / 2;
          const y = HEIGHT - BOTTOM - h;
          return (
            <g key={t.tramo}>
              <rect x={cx - barW / 2} y={y} width={barW} height={h} rx={3} fill={COLORS[t.tramo]} />
              <text x={cx} y={y - 6} textAnchor="middle" fontSize={11} fill="currentColor">
                {t.creditos > 0 ? `${formatCompactCRC(t.saldo_capital_centimos)} · ${t.creditos}` : '0'}
              </text>
              <text x={cx} y={HEIGHT - 6} textAnchor="middle" fontSize={11} fill="currentColor">
                {d.tramos[t.tramo]}
              </text>
            </g>
          );
        })}
      </svg>
    </ChartFrame>
  );
}
