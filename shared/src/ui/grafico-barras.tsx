import { useId } from 'react';

export interface SerieGrafico {
  nombre: string;
  /** A CSS colour (a theme variable such as var(--color-primary) keeps dark mode right). */
  color: string;
}

export interface CategoriaGrafico {
  etiqueta: string;
  /** One value per serie, stacked in that order; negative values count as 0. */
  valores: readonly number[];
}

export interface GraficoBarrasProps {
  titulo: string;
  series: readonly SerieGrafico[];
  categorias: readonly CategoriaGrafico[];
  /** How a value reads in the tooltips and the summary (e.g. formatCRC). */
  formato: (valor: number) => string;
  /** Short label under a bar; by default the category's label. */
  etiquetaCorta?: (etiqueta: string) => string;
  /** Extra sentence for the summary read by screen readers. */
  descripcion?: string;
}

export const COLORES_GRAFICO = [
  'var(--color-primary)',
  'oklch(0.68 0.17 55)',
  'oklch(0.62 0.15 160)',
  'oklch(0.6 0.2 25)',
  'oklch(0.55 0.15 280)',
  'oklch(0.7 0.12 210)',
  'oklch(0.5 0.05 250)',
] as const;

// the dashboard's charts' proportions: labels stay legible on a 360 px screen
const ANCHO = 360;
const ALTO = 180;
const ARRIBA = 10;
const ABAJO = 24;
/** At most this many labels under the bars (every n-th category when there are more). */
const MAX_ETIQUETAS = 6;

/**
 * A light SVG bar chart (stacked when there are several series), without a charting library.
 * The drawing is one role="img" with a summary of every category as its accessible name; the
 * page shows the same data as a table next to it (the accessible fallback and what is exported).
 * Each bar segment has a <title> tooltip.
 */
export function GraficoBarras({ titulo, series, categorias, formato, etiquetaCorta, descripcion }: GraficoBarrasProps) {
  const id = useId();
  const totales = categorias.map((c) => c.valores.reduce((s, v) => s + Math.max(0, v), 0));
  const max = Math.max(0, ...totales);
  const slot = ANCHO / Math.max(1, categorias.length);
  const barra = Math.max(2, Math.min(48, slot * 0.7));
  const alto = ALTO - ARRIBA - ABAJO;
  const cadaCuantas = Math.max(1, Math.ceil(categorias.length / MAX_ETIQUETAS));
  const resumen = [titulo, descripcion, categorias.map((c, i) => `${c.etiqueta}: ${formato(totales[i]!)}`).join('; ')]
    .filter(Boolean)
    .join('. ');
  return (
    <figure className="grid gap-2" aria-labelledby={`${id}-t`}>
      <figcaption id={`${id}-t`} className="text-sm font-medium">
        {titulo}
      </figcaption>
      <div role="img" aria-label={resumen} className="w-full overflow-hidden">
        <svg viewBox={`0 0 ${ANCHO} ${ALTO}`} className="h-auto w-full" aria-hidden focusable="false">
          <line x1={0} x2={ANCHO} y1={ALTO - ABAJO} y2={ALTO - ABAJO} stroke="var(--color-border)" />
          {categorias.map((c, i) => {
            const cx = slot * i + slot / 2;
            let base = ALTO - ABAJO;
            return (
              <g key={`${c.etiqueta}-${i}`}>
                {c.valores.map((v, k) => {
                  const h = max > 0 && v > 0 ? Math.max(1, (v / max) * alto) : 0;
                  base -= h;
                  return h > 0 ? (
                    <rect
                      key={k}
                      x={cx - barra / 2}
                      y={base}
                      width={barra}
                      height={h}
                      fill={series[k]?.color ?? COLORES_GRAFICO[k % COLORES_GRAFICO.length]}
                    >
                      <title>{`${c.etiqueta} · ${series[k]?.nombre ?? ''}: ${formato(v)}`}</title>
                    </rect>
                  ) : null;
                })}
                {i % cadaCuantas === 0 ? (
                  <text x={cx} y={ALTO - 6} textAnchor="middle" fontSize={11} fill="currentColor">
                    {etiquetaCorta ? etiquetaCorta(c.etiqueta) : c.etiqueta}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      {series.length > 1 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-hidden>
          {series.map((s) => (
            <li key={s.nombre} className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
              <span className="inline-block size-2.5 rounded-sm" style={{ background: s.color }} />
              {s.nombre}
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}
