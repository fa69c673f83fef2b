import { useState } from 'react';

interface CursorState {
  key: string;
  stack: string[];
}

/** Where a list is in its pages, and how to move (see useCursorPagination). */
export interface CursorPagination {
  /** The cursor of the page to show (undefined: the first page). */
  cursor: string | undefined;
  pageIndex: number;
  hasPrevious: boolean;
  next(nextCursor: string | null | undefined): void;
  previous(): void;
}

/**
 * The pagination over a stack of cursors: `pila` holds the cursors of the pages after the first
 * (empty: the first page), `mover` stores the new stack wherever it lives (component state, the URL).
 */
export function paginacionSobrePila(pila: readonly string[], mover: (pila: string[]) => void): CursorPagination {
  return {
    cursor: pila[pila.length - 1],
    pageIndex: pila.length,
    hasPrevious: pila.length > 0,
    next(nextCursor: string | null | undefined) {
      if (nextCursor) mover([...pila, nextCursor]);
    },
    previous() {
      if (pila.length > 0) mover(pila.slice(0, -1));
    },
  };
}

/**
 * Page navigation over `{ items, nextCursor }` lists. The API only returns the next cursor,
 * so the cursors of the pages already seen are kept in a stack. Changing `resetKey`
 * (e.g. the search text) starts again from the first page, derived during render.
 * The admin lists keep the same stack in the URL instead (admin-app shared-admin/use-lista-en-url).
 */
export function useCursorPagination(resetKey = ''): CursorPagination {
  const [state, setState] = useState<CursorState>({ key: resetKey, stack: [] });
  const stack = state.key === resetKey ? state.stack : [];
  return paginacionSobrePila(stack, (pila) => setState({ key: resetKey, stack: pila }));
}
