import { describe, expect, it, vi } from 'vitest';
import { leerTodasLasPaginas } from './paginas';

describe('leerTodasLasPaginas', () => {
  it('sigue el cursor hasta la última página y junta los items en orden', async () => {
    const paginas: Record<string, { items: number[]; nextCursor: string | null }> = {
      inicio: { items: [1, 2], nextCursor: 'b' },
      b: { items: [3], nextCursor: 'c' },
      c: { items: [4, 5], nextCursor: null },
    };
    const leer = vi.fn(async (cursor: string | undefined) => paginas[cursor ?? 'inicio']!);
    await expect(leerTodasLasPaginas(leer)).resolves.toEqual([1, 2, 3, 4, 5]);
    expect(leer.mock.calls).toEqual([[undefined], ['b'], ['c']]);
  });

  it('una sola página vacía da una lista vacía', async () => {
    await expect(leerTodasLasPaginas(async () => ({ items: [], nextCursor: null }))).resolves.toEqual([]);
  });

  it('un error de cualquier página rechaza la lectura', async () => {
    const leer = vi.fn(async (cursor: string | undefined) => {
      if (cursor) throw new Error('red');
      return { items: [1], nextCursor: 'b' };
    });
    await expect(leerTodasLasPaginas(leer)).rejects.toThrow('red');
  });
});
