import { Fragment, type ReactNode } from 'react';
import { PaginacionCursor } from '../ui/paginacion-cursor';
import { Table, TableBody, TableHeader, TableSkeletonRows } from '../ui/table';
import type { CursorPagination } from '../ui/use-cursor-pagination';
import { LoadError } from './load-error';

/** What a list page needs of its query (a react-query result over a `{ items, nextCursor }` page). */
export interface ConsultaDePagina<T> {
  data: { items: T[]; nextCursor?: string | null } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface TablaPaginadaProps<T> {
  consulta: ConsultaDePagina<T>;
  paginacion: CursorPagination;
  /** LoadError's title when the query fails, e.g. 'No se pudieron cargar los clientes'. */
  errorTitulo: string;
  /** Shown instead of the table when the page has no rows (an EmptyState). */
  vacio: ReactNode;
  /** The header row (a TableRow of TableHeads). */
  encabezado: ReactNode;
  /** Skeleton cells per row while the first page loads, and their class (TableSkeletonRows' cellClassName). */
  columnasCarga: number;
  claseCeldaCarga?: string;
  clave: (item: T) => string;
  fila: (item: T) => ReactNode;
  /** The table's accessible name, when the page's heading does not give it one. */
  etiqueta?: string;
}

/**
 * The admin list pages' body: the load error with 'Reintentar', the empty state, or the table
 * (skeleton rows while loading, `aria-busy` while fetching), then the cursor pagination.
 */
export function TablaPaginada<T>({
  consulta,
  paginacion,
  errorTitulo,
  vacio,
  encabezado,
  columnasCarga,
  claseCeldaCarga,
  clave,
  fila,
  etiqueta,
}: TablaPaginadaProps<T>) {
  const { data, isPending, isError, isFetching, error, refetch } = consulta;
  return (
    <>
      {isError ? (
        <LoadError title={errorTitulo} error={error} onRetry={() => void refetch()} />
      ) : !isPending && data?.items.length === 0 ? (
        vacio
      ) : (
        <Table aria-busy={isPending || isFetching} aria-label={etiqueta}>
          <TableHeader>{encabezado}</TableHeader>
          <TableBody>
            {isPending || !data ? (
              <TableSkeletonRows columns={columnasCarga} cellClassName={claseCeldaCarga} />
            ) : (
              data.items.map((item) => <Fragment key={clave(item)}>{fila(item)}</Fragment>)
            )}
          </TableBody>
        </Table>
      )}
      <PaginacionCursor paginacion={paginacion} siguiente={data?.nextCursor} disabled={isFetching} />
    </>
  );
}
