import type { ReactNode } from 'react';
import { cn } from './cn';

export interface EncabezadoDePaginaProps {
  titulo: ReactNode;
  subtitulo: ReactNode;
  /**
   * What stands at the right of the heading (a 'Nuevo …' button, a timestamp). When the prop is
   * given, even as `null`, heading and actions share one wrapping row.
   */
  acciones?: ReactNode;
  /** Classes of that row, e.g. `gap-2`. */
  className?: string;
}

/** A page's `h1` and the line under it, with the page's actions beside them. */
export function EncabezadoDePagina({ titulo, subtitulo, acciones, className }: EncabezadoDePaginaProps) {
  const encabezado = (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{titulo}</h1>
      <p className="text-sm text-muted-foreground">{subtitulo}</p>
    </div>
  );
  if (acciones === undefined) return encabezado;
  return (
    <div className={cn('flex flex-wrap items-end justify-between gap-4', className)}>
      {encabezado}
      {acciones}
    </div>
  );
}
