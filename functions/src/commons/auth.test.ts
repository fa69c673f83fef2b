import { describe, expect, it } from 'vitest';
import { callerFrom, parseGroups } from './auth';

describe('parseGroups', () => {
  it('lee los grupos aplanados por API Gateway, en JSON o como arreglo, y descarta los desconocidos', () => {
    expect(parseGroups('[admin analista]')).toEqual(['admin', 'analista']);
    expect(parseGroups('["cobrador"]')).toEqual(['cobrador']);
    expect(parseGroups(['admin', 'superusuario'])).toEqual(['admin']);
    expect(parseGroups('[]')).toEqual([]);
    expect(parseGroups(undefined)).toEqual([]);
    expect(parseGroups('[admin,cobrador]')).toEqual(['admin', 'cobrador']);
    expect(parseGroups('[ "admin" , "cobrador" ]')).toEqual(['admin', 'cobrador']);
    expect(parseGroups('["admin" cobrador]')).toEqual(['cobrador']);
    expect(parseGroups('[1, true, null]')).toEqual([]);
  });
});

describe('callerFrom', () => {
  const evento = (claims: Record<string, string>) =>
    ({ requestContext: { authorizer: { jwt: { claims, scopes: [] } } } }) as unknown as Parameters<typeof callerFrom>[0];

  it('solo un token de ID identifica al llamador: un token de acceso (que el autorizador de AWS deja pasar) no', () => {
    const claims = { sub: 'u1', email: 'a@b.cr', 'cognito:groups': '[admin]' };
    expect(callerFrom(evento({ ...claims, token_use: 'id' }))).toMatchObject({ userId: 'u1', roles: ['admin'] });
    expect(callerFrom(evento({ ...claims, token_use: 'access' }))).toBeNull();
  });
});
