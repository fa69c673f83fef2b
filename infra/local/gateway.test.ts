import { describe, expect, it } from 'vitest';
import { ROUTES } from '@cuota/functions/manifest';
import { flattenClaims, matchRoute } from './gateway';

describe('matchRoute', () => {
  it('encuentra cada ruta del manifiesto por método y ruta, con sus parámetros', () => {
    for (const route of ROUTES) {
      const path = route.path.replace(/\{(\w+)\}/g, 'ABC123');
      const found = matchRoute(route.method, path);
      expect(found.route?.id, `${route.method} ${route.path}`).toBe(route.id);
      const params: Record<string, string> = found.params;
      for (const name of [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)) expect(params[name]).toBe('ABC123');
    }
  });

  it('distingue ruta inexistente (404) de método no permitido (405)', () => {
    expect(matchRoute('GET', '/api/nada')).toMatchObject({ route: null, pathMatched: false });
    expect(matchRoute('DELETE', '/api/clientes')).toMatchObject({ route: null, pathMatched: true });
    expect(matchRoute('GET', '/api/clientes/a/b').route).toBeNull();
  });
});

describe('flattenClaims', () => {
  it('aplana los claims como el autorizador JWT de API Gateway', () => {
    expect(flattenClaims({ sub: 'u1', 'cognito:groups': ['admin', 'analista'], exp: 1700000000, email_verified: true })).toEqual({
      sub: 'u1',
      'cognito:groups': '[admin analista]',
      exp: '1700000000',
      email_verified: 'true',
    });
  });
});
