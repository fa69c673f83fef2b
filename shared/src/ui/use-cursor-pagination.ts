import { useState } from 'react';

interface CursorState {
  key: string;
  stack: (string | undefined)[];
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
 * Page navigation over `{ items, nextCursor }` lists. The API only returns the next cursor,
 * so the cursors of the pages already seen are kept in a stack. Changing `resetKey`
 * (e.g. the search text) starts again from the first page, derived during render.
 */
export function useCursorPagination(resetKey = ''): CursorPagination {
  const [state, setState] = useState<CursorState>({ key: resetKey, stack: [undefined] });
  const stack = state.key === resetKey ? state.stack : [undefined];
  const cursor = stack[stack.length - 1];
  return {
    cursor,
    pageIndex: stack.length - 1,
    hasPrevious: stack.length > 1,
    next(nextCursor: string | null | undefined) {
      if (nextCursor) setState({ key: resetKey, stack: [...stack, nextCursor] });
    },
    previous() {
      if (stack.length > 1) setState({ key: resetKey, stack: stack.slice(0, -1) });
    },
  };
}
