import { Pagination } from './pagination';
import type { CursorPagination } from './use-cursor-pagination';

export interface PaginacionCursorProps {
  paginacion: CursorPagination;
  /** The shown page's `nextCursor`: without one there is no next page. */
  siguiente: string | null | undefined;
  /** While the next or previous page loads. */
  disabled?: boolean;
  className?: string;
}

/** 'Anterior' / 'Siguiente' over a `{ items, nextCursor }` list and its useCursorPagination state. */
export function PaginacionCursor({ paginacion, siguiente, disabled, className }: PaginacionCursorProps) {
  return (
    <Pagination
      hasPrevious={paginacion.hasPrevious}
      hasNext={Boolean(siguiente)}
      onPrevious={paginacion.previous}
      onNext={() => paginacion.next(siguiente)}
      disabled={disabled}
      className={className}
    />
  );
}
