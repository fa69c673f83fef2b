import { formatCRC } from '@cuota/shared/montos';
import type { Dashboard } from '@cuota/shared/schemas/dashboard';
import { dashboardTexts } from '@cuota/shared/texts/dashboard';
import { ChartFrame, LegendItem } from './chart-frame';
import { formatCompactCRC, monthLong, monthShort, scale } from './chart-utils';

const d = dashboardTexts;
const DESEMBOLSO = 'var(--color-primary)';
const COBRO = 'var(--color-info)';

const WIDTH = 360;
const HEIGHT = 200;
const LEFT = 48;
const TOP = 10;
const BOTTOM = 22;

/** Grouped bars per month: disbursed principal and collected payments (last 12 months). */
export function MensualChart({ mensual }: { mensual: Dashboard['mensual'] }) {
  const max = Math.max(0, ...mensual.flatMap((m) => [m.desembolsado_centimos, m.cobrado_centimos]));
  const plotW = WIDTH - LEFT;
  const plotH = HEIGHT - TOP - BOTTOM;
  const slot = plotW / Math.max(1, mensual.length);
  const barW = Math.max(3, Math.min(12, slot * 0.34));
  const totalDesembolsado = mensual.reduce((s, m) => s + m.desembolsado_centimos, 0);
  const totalCobrado = mensual.reduce((s, m) => s + m.cobrado_centimos, 0);
  const first = mensual[0];
  const last = mensual.at(-1);
  const summary =
    first && last
      ? `${d.mensualTitulo}, ${monthLong(first.mes)} a ${monthLong(last.mes)}: ${d.desembolsado.toLowerCase()} ${formatCRC(totalDesembolsado)}, ${d.cobrado.toLowerCase()} ${formatCRC(totalCobrado)}. ` +
        `${monthLong(last.mes)}: ${d.desembolsado.toLowerCase()} ${formatCRC(last.desembolsado_centimos)}, ${d.cobrado.toLowerCase()} ${formatCRC(last.cobrado_centimos)}.`
      : `${d.mensualTitulo}: ${d.sinDatos}`;
  return (
    <ChartFrame
      title={d.mensualTitulo}
      description={d.mensualDesc}
      summary={summary}
      legend={
        <div className="flex flex-wrap gap-4" aria-hidden>
          <LegendItem color={DESEMBOLSO} label={d.desembolsado} />
          <LegendItem color={COBRO} label={d.cobrado} />
        </div>
      }
      table={{
        caption: d.mensualTitulo,
        headers: [d.mes, d.desembolsado, d.cobrado],
        rows: mensual.map((m) => [
          monthLong(m.mes),
          `${formatCRC(m.desembolsado_centimos)} (${m.desembolsos})`,
          `${formatCRC(m.cobrado_centimos)} (${m.cobros})`,
        ]),
      }}
    >
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden focusable="false">
        {[0, 0.5, 1].map((f) => {
          const y = TOP + plotH - f * plotH;
          return (
            <g key={f}>
              <line
                x1={LEFT}
                x2={WIDTH}
                y1={y}
                y2={y}
                stroke="var(--color-border)"
                strokeDasharray={f === 0 ? undefined : '3 3'}
              />
              <text x={LEFT - 6} y={y} textAnchor="end" dominantBaseline="middle" fontSize={10} fill="currentColor">
                {formatCompactCRC(max * f)}
              </text>
            </g>
          );
        })}
        {mensual.map((m, i) => {
          const x = LEFT + slot * i + slot / 2;
          const hD = scale(m.desembolsado_centimos, max, plotH);
          const hC = scale(m.cobrado_centimos, max, plotH);
          return (
            <g key={m.mes}>
              <rect x={x - barW - 1} y={TOP + plotH - hD} width={barW} height={hD} rx={2} fill={DESEMBOLSO} />
              <rect x={x + 1} y={TOP + plotH - hC} width={barW} height={hC} rx={2} fill={COBRO} />
              <text x={x} y={HEIGHT - 6} textAnchor="middle" fontSize={10} fill="currentColor">
                {monthShort(m.mes)}
              </text>
            </g>
          );
        })}
      </svg>
    </ChartFrame>
  );
}
