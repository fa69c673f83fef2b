import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cuota/shared/ui';
import { useId, type ReactNode } from 'react';

export interface ChartFrameProps {
  title: string;
  description?: string;
  /** One sentence summarising the data, read by screen readers instead of the drawing. */
  summary: string;
  /** The drawing (an <svg>), hidden from assistive technology: the summary and table carry the data. */
  children: ReactNode;
  /** The same data as a table, visually hidden. */
  table: { caption: string; headers: string[]; rows: (string | number)[][] };
  legend?: ReactNode;
}

/** A titled chart card: role="img" with an aria-label summary, plus a visually-hidden data table. */
export function ChartFrame({ title, description, summary, children, table, legend }: ChartFrameProps) {
  const titleId = useId();
  return (
    <Card className="min-w-0" aria-labelledby={titleId} role="region">
      <CardHeader className="pb-3">
        <CardTitle id={titleId} className="text-base">
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        <div role="img" aria-label={summary} className="w-full">
          {children}
        </div>
        {legend}
        {/* A table ignores width: 1px, so the clipping lives on a wrapper. */}
        <div className="sr-only">
          <table>
            <caption>{table.caption}</caption>
            <thead>
              <tr>
                {table.headers.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={j}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

export function LegendItem({ color, label }: { color: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
      <span aria-hidden className="inline-block size-2.5 rounded-sm" style={{ background: color }} />
      {label}
    </span>
  );
}
