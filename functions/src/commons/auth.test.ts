import { describe, expect, it } from 'vitest';
import { parseGroups } from './auth';

describe('parseGroups', () => {
  it('lee los grupos aplanados por API Gateway, en JSON o como arreglo, y descarta los desconocidos', () => {
    expect(parseGroups('[admin analista]')).toEqual(['admin', 'analista']);
    expect(parseGroups('["cobrador"]')).toEqual(['cobrador']);
    expect(parseGroups(['admin', 'superusuario'])).toEqual(['admin']);
    expect(parseGroups('[]')).toEqual([]);
    expect(parseGroups(undefined)).toEqual([]);
  });
});
