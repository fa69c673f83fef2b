import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@cuota/functions/manifest';
import { verifyIdToken } from '@cuota/functions/commons/jwt';
import { flattenClaims, matchRoute, verificarToken } from './gateway';

vi.mock('@cuota/functions/commons/jwt', () => ({ verifyIdToken: vi.fn() }));
const verificar = vi.mocked(verifyIdToken);

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

  it('un parámetro cuya codificación % no se decodifica es una petición inválida, no una ruta ausente', () => {
    expect(matchRoute('GET', '/api/clientes/%ff')).toMatchObject({ route: null, pathMatched: true, invalida: true });
    expect(matchRoute('GET', '/api/clientes/%C3%A9')).toMatchObject({ params: { id: 'é' }, invalida: false });
  });
});

describe('matchRoute por número de segmentos', () => {
  /** The previous matcher: every route of the manifest in order. */
  const lineal = (method: string, path: string) => {
    let pathMatched = false;
    for (const route of ROUTES) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const src = route.path
        .split('/')
        .map((s) => (/^\{\w+\}$/.test(s) ? '([^/]+)' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      const m = new RegExp(`^${src}$`).exec(path);
      if (!m) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      return {
        id: route.id,
        params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1] ?? '')])),
        pathMatched,
      };
    }
    return { id: null, params: {}, pathMatched };
  };

  it('da la misma ruta, los mismos parámetros y el mismo 404/405 que recorrer todo el manifiesto', () => {
    const rutas = ROUTES.flatMap((r) => [r.path.replace(/\{(\w+)\}/g, 'x1'), r.path.replace(/\{(\w+)\}/g, 'a%20b')]);
    const extra = ['/', '', '/api', '/api/', '/api//clientes', '/api/clientes/', '/api/clientes/a/b/c/d', '/otra/cosa'];
    for (const path of [...rutas, ...rutas.map((p) => `${p}/mas`), ...extra]) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const r = matchRoute(method, path);
        expect({ id: r.route?.id ?? null, params: r.params, pathMatched: r.pathMatched }, `${method} ${path}`).toEqual(
          lineal(method, path),
        );
      }
    }
  });
});

describe('verificarToken', () => {
  afterEach(() => {
    verificar.mockReset();
    vi.useRealTimers();
  });

  it('verifica un token una vez y lo recuerda hasta un segundo antes de su exp; después lo verifica de nuevo', async () => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00Z') });
    const exp = Date.parse('2030-01-01T01:00:00Z') / 1000;
    verificar.mockResolvedValue({ sub: 'u1', 'cognito:groups': ['admin'], exp });
    expect(await verificarToken('tok-1')).toEqual({ sub: 'u1', 'cognito:groups': '[admin]', exp: String(exp) });
    expect(await verificarToken('tok-1')).toEqual({ sub: 'u1', 'cognito:groups': '[admin]', exp: String(exp) });
    expect(verificar).toHaveBeenCalledTimes(1);
    vi.setSystemTime(exp * 1000 - 1000);
    verificar.mockResolvedValue(null); // expired: the real check refuses it
    expect(await verificarToken('tok-1')).toBeNull();
    expect(verificar).toHaveBeenCalledTimes(2);
  });

  it('no recuerda un token que no verifica ni uno sin exp, y cada respuesta es una copia', async () => {
    verificar.mockResolvedValue(null);
    expect(await verificarToken('malo')).toBeNull();
    expect(await verificarToken('malo')).toBeNull();
    expect(verificar).toHaveBeenCalledTimes(2);
    verificar.mockResolvedValue({ sub: 'u2' });
    await verificarToken('sin-exp');
    await verificarToken('sin-exp');
    expect(verificar).toHaveBeenCalledTimes(4);
    verificar.mockResolvedValue({ sub: 'u3', exp: Date.now() / 1000 + 3600 });
    const a = (await verificarToken('tok-3'))!;
    a.sub = 'otro';
    expect((await verificarToken('tok-3'))!.sub).toBe('u3');
  });

  it('un token verificado contra otro emisor o audiencia no cuenta para los actuales', async () => {
    verificar.mockResolvedValue({ sub: 'u4', exp: Date.now() / 1000 + 3600 });
    const antes = process.env.COGNITO_CLIENT_ID;
    try {
      process.env.COGNITO_CLIENT_ID = 'cliente-a';
      await verificarToken('tok-4');
      process.env.COGNITO_CLIENT_ID = 'cliente-b';
      verificar.mockResolvedValue(null);
      expect(await verificarToken('tok-4')).toBeNull();
    } finally {
      if (antes === undefined) delete process.env.COGNITO_CLIENT_ID;
      else process.env.COGNITO_CLIENT_ID = antes;
    }
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
