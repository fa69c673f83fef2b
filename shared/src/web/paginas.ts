import type { Page } from '../schemas/common';

/**
 * Every item of a cursor-paged list, page after page until the server gives no `nextCursor`
 * (for lists read whole: a credit's schedule, the customer's documents). `leer` asks for one page.
 */
export async function leerTodasLasPaginas<T>(leer: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const pagina = await leer(cursor);
    items.push(...pagina.items);
    cursor = pagina.nextCursor ?? undefined;
  } while (cursor);
  return items;
}
