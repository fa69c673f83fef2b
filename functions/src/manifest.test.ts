import { STAFF_ROLES } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { apiEvent, call } from '../test/events';
import { ROUTES, type RouteDef, type RouteId } from './manifest';

type Handler = Parameters<typeof call>[0];
const load = async (route: RouteDef): Promise<Handler> => {
  const url = new URL(`./features/${route.handler}.ts`, import.meta.url).href;
  return ((await import(/* @vite-ignore */ url)) as { handler: Handler }).handler;
};

const params = (route: RouteDef) => Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, 'NOEXISTE']));

/**
 * Generated from the manifest: every route refuses who the manifest says it refuses, before
 * reading any input. (The full matrix with real ids per customer is the security suite's job.)
 */
describe('autorización declarada en el manifiesto', () => {
  const privadas: RouteDef[] = ROUTES.filter((r) => r.access !== 'public');

  it.each(privadas.map((r) => [r.id, r] as const))('%s sin token → 401', async (_id, route) => {
    const res = await call(await load(route), apiEvent(route.id as RouteId, { params: params(route) }));
    expect(res.status).toBe(401);
  });

  const dePersonal: RouteDef[] = ROUTES.filter((r) => r.access === 'staff');
  it.each(dePersonal.map((r) => [r.id, r] as const))('%s con un cliente (sin rol) → 403', async (_id, route) => {
    const res = await call(
      await load(route),
      apiEvent(route.id as RouteId, { caller: { sub: 'cliente-sin-rol' }, params: params(route) }),
    );
    expect(res).toMatchObject({ status: 403, body: { message: 'No tienes permisos para realizar esta acción' } });
  });

  const acotadas = dePersonal.flatMap((r) =>
    STAFF_ROLES.filter((role) => r.roles && !r.roles.includes(role)).map((role) => [`${r.id} como ${role}`, r, role] as const),
  );
  it.each(acotadas)('%s → 403', async (_name, route, role) => {
    const res = await call(
      await load(route),
      apiEvent(route.id as RouteId, { caller: { sub: `${role}-x`, groups: [role] }, params: params(route) }),
    );
    expect(res.status).toBe(403);
  });

  const deClientes: RouteDef[] = ROUTES.filter((r) => r.access === 'cliente');
  it.each(deClientes.map((r) => [r.id, r] as const))('%s con personal (admin) → 403', async (_id, route) => {
    const res = await call(
      await load(route),
      apiEvent(route.id as RouteId, { caller: { sub: 'admin-x', groups: ['admin'] }, params: params(route) }),
    );
    expect(res.status).toBe(403);
  });

  it('cada ruta apunta a un módulo que exporta handler y los id y método+ruta son únicos', async () => {
    for (const route of ROUTES) expect(typeof (await load(route)), route.id).toBe('function');
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => `${r.method} ${r.path}`)).size).toBe(ROUTES.length);
  });
});

describe('revocación (commons/acceso.ts)', () => {
  it('toda ruta con llamador puede leer la tabla: defineRoute lee el item de acceso en cada petición', () => {
    const sinLectura = ROUTES.filter((r: RouteDef) => r.access !== 'public' && r.table === 'none').map((r) => r.id);
    expect(sinLectura).toEqual([]);
  });
});
