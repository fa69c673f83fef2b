import type { ReactNode } from 'react';
import { cn } from '../ui/cn';
import { TableCell, TableHead, TableRow } from '../ui/table';

/** One column of a list's table: its header and its cell, with the classes both share. */
export interface Columna<T> {
  titulo: ReactNode;
  /** The header is read only by screen readers (e.g. the actions column). */
  tituloOculto?: boolean;
  /** Classes of the header and of every cell (e.g. 'hidden md:table-cell' to hide it on phones). */
  clase?: string;
  /** Classes of the cells only, added to `clase`. */
  claseCelda?: string;
  celda: (item: T) => ReactNode;
}

/** The header row of a list's table, one header a column. */
export function FilaDeEncabezados<T>({ columnas }: { columnas: readonly Columna<T>[] }) {
  return (
    <TableRow>
      {columnas.map((columna, i) => (
        <TableHead key={i} className={columna.clase}>
          {columna.tituloOculto ? <span className="sr-only">{columna.titulo}</span> : columna.titulo}
        </TableHead>
      ))}
    </TableRow>
  );
}

/** One item's row, one cell a column. */
export function FilaDeCeldas<T>({ columnas, item }: { columnas: readonly Columna<T>[]; item: T }) {
  return (
    <TableRow>
      {columnas.map((columna, i) => (
        <TableCell key={i} className={cn(columna.clase, columna.claseCelda) || undefined}>
          {columna.celda(item)}
        </TableCell>
      ))}
    </TableRow>
  );
}
