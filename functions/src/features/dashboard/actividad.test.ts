import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ddb, tableName } from '#commons/db';
import { registrarActividad, type TipoActividad } from '#commons/registro';
import { PARTICION_ACTIVIDAD } from '#entities/actividad';
import { byDate } from '#entities/comun';
import { ANALISTA, apiEvent, call } from '../../../test/events';
import { tablaPropia } from '../../../test/stream';
import { handler as indexar } from './indexar-actividad';
import { handler as listarActividad } from './listar-actividad';
import { indexarActividad } from './store';

/**
 * The feed's filters read views of their own (entities/actividad.ts), in a table of this file's
 * own so the expected lists are exact: 3 users, sign-ins among everything else, one second apart.
 */
const base = Date.parse('2026-03-02T12:00:00.000Z');
type Entrada = { tipo: TipoActividad; user: string; n: number };
const ENTRADAS: Entrada[] = [
  { tipo: 'login', user: 'ana', n: 0 },
  { tipo: 'payment', user: 'ana', n: 1 },
  { tipo: 'login', user: 'beto', n: 2 },
  { tipo: 'approve', user: 'beto', n: 3 },
  { tipo: 'login', user: 'ana', n: 4 },
  { tipo: 'payment', user: 'beto', n: 5 },
  { tipo: 'create', user: 'ana', n: 6 },
  { tipo: 'login', user: 'carla', n: 7 },
];
const descripcion = (e: Entrada) => `${e.tipo} ${e.user} ${e.n}`;
/** The descriptions of the entries that pass `filtro`, newest first. */
const esperadas = (filtro: (e: Entrada) => boolean) => ENTRADAS.filter(filtro).reverse().map(descripcion);

async function feed(query: Record<string, string>) {
  const r = await call(listarActividad, apiEvent('listar-actividad', { caller: ANALISTA, query: { limit: '50', ...query } }));
  expect(r.status).toBe(200);
  return (r.body.items as { descripcion: string }[]).map((a) => a.descripcion);
}

beforeAll(async () => {
  await tablaPropia('cuota-actividad', { stream: false });
  for (const e of ENTRADAS) {
    await registrarActividad({
      tipo_actividad: e.tipo,
      descripcion: descripcion(e),
      user_id: e.user,
      now: new Date(base + e.n * 1000),
    });
  }
});

describe('GET /api/actividad con filtros', () => {
  it('sin filtro: todo, la más reciente primero', async () => {
    expect(await feed({})).toEqual(esperadas(() => true));
  });

  it('tipo=operaciones: todo menos los inicios de sesión', async () => {
    expect(await feed({ tipo: 'operaciones' })).toEqual(esperadas((e) => e.tipo !== 'login'));
  });

  it('tipo=<uno>: solo ese tipo, y pagina con cursor', async () => {
    expect(await feed({ tipo: 'payment' })).toEqual(esperadas((e) => e.tipo === 'payment'));
    expect(await feed({ tipo: 'login' })).toEqual(esperadas((e) => e.tipo === 'login'));
    const primera = await call(
      listarActividad,
      apiEvent('listar-actividad', { caller: ANALISTA, query: { tipo: 'login', limit: '3' } }),
    );
    const segunda = await call(
      listarActividad,
      apiEvent('listar-actividad', { caller: ANALISTA, query: { tipo: 'login', limit: '3', cursor: primera.body.nextCursor } }),
    );
    expect([...primera.body.items, ...segunda.body.items].map((a: { descripcion: string }) => a.descripcion)).toEqual(
      esperadas((e) => e.tipo === 'login'),
    );
  });

  it('usuario=<id>: lo que hizo esa persona, y combinado con el tipo', async () => {
    expect(await feed({ usuario: 'ana' })).toEqual(esperadas((e) => e.user === 'ana'));
    expect(await feed({ usuario: 'ana', tipo: 'operaciones' })).toEqual(esperadas((e) => e.user === 'ana' && e.tipo !== 'login'));
    expect(await feed({ usuario: 'beto', tipo: 'payment' })).toEqual(esperadas((e) => e.user === 'beto' && e.tipo === 'payment'));
    expect(await feed({ usuario: 'nadie' })).toEqual([]);
  });

  it('un tipo desconocido es 400 con el mensaje del campo', async () => {
    const r = await call(listarActividad, apiEvent('listar-actividad', { caller: ANALISTA, query: { tipo: 'borrar' } }));
    expect(r).toMatchObject({ status: 400, body: { details: { tipo: 'Tipo de actividad inválido' } } });
  });

  it('un usuario en blanco es 400 con el mensaje en español', async () => {
    const r = await call(listarActividad, apiEvent('listar-actividad', { caller: ANALISTA, query: { usuario: '  ' } }));
    expect(r).toMatchObject({ status: 400, body: { details: { usuario: 'Usuario inválido' } } });
  });
});

describe("job 'indexar-actividad'", () => {
  it('da sus vistas a las entradas anteriores a los filtros, una sola vez', async () => {
    // an entry as written before the views existed: key and attributes, no index attributes
    const created_at = new Date(base - 60_000).toISOString();
    const id = ulid(Date.parse(created_at));
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: PARTICION_ACTIVIDAD,
          sk: byDate(created_at, id),
          tipo: 'actividad',
          id,
          created_at,
          tipo_actividad: 'reject',
          descripcion: 'reject antigua',
          user_id: 'beto',
          user_nombre: null,
        },
      }),
    );
    expect(await feed({ tipo: 'reject' })).toEqual([]);
    expect(await feed({})).toContain('reject antigua');

    expect(await indexar({ limit: 5 })).toMatchObject({ revisadas: 5, indexadas: 0 });
    const r = await indexar({});
    expect(r).toMatchObject({ revisadas: ENTRADAS.length + 1, indexadas: 1, nextCursor: null });
    expect(await feed({ tipo: 'reject' })).toEqual(['reject antigua']);
    expect(await feed({ usuario: 'beto', tipo: 'operaciones' })).toContain('reject antigua');
    expect(await indexar({})).toMatchObject({ indexadas: 0 });
  });

  it('se detiene entre páginas cuando se le acaba el tiempo y devuelve el cursor para seguir', async () => {
    const total = (await indexar({})).revisadas;
    // a clock past the budget after the second page: two pages of 3, then the cursor
    const reloj = [0, 1_000, 6_000];
    const parte = await indexarActividad({ limit: 1_000, pagina: 3, presupuestoMs: 5_000 }, () => reloj.shift() ?? 9_999);
    expect(parte).toMatchObject({ revisadas: 6, nextCursor: expect.any(String) });
    expect(await indexarActividad({ limit: 1_000, pagina: 3, cursor: parte.nextCursor })).toMatchObject({
      revisadas: total - 6,
      nextCursor: null,
    });
    // the job's budget is the Lambda's time left less its margin
    const restante = vi.fn(() => 300_000);
    expect(await indexar({}, { getRemainingTimeInMillis: restante })).toMatchObject({ revisadas: total, nextCursor: null });
    expect(restante).toHaveBeenCalled();
  });
});

describe('la actividad de una persona con un tipo', () => {
  /** The page of `usuario`'s entries of `tipo` after `cursor`, `limit` at a time. */
  async function pagina(query: Record<string, string>) {
    const r = await call(listarActividad, apiEvent('listar-actividad', { caller: ANALISTA, query }));
    expect(r.status).toBe(200);
    return {
      items: (r.body.items as { descripcion: string }[]).map((a) => a.descripcion),
      nextCursor: r.body.nextCursor as string | null,
    };
  }
  async function registrar(entradas: Entrada[]) {
    for (const e of entradas)
      await registrarActividad({
        tipo_actividad: e.tipo,
        descripcion: descripcion(e),
        user_id: e.user,
        now: new Date(base + e.n * 1000),
      });
  }

  it('llena la página aunque lo más reciente de esa persona sean inicios de sesión', async () => {
    // a customer whose newest entries are sign-ins, with operations before them
    await registrar([
      { tipo: 'payment', user: 'dora', n: 100 },
      { tipo: 'approve', user: 'dora', n: 101 },
      { tipo: 'login', user: 'dora', n: 102 },
      { tipo: 'login', user: 'dora', n: 103 },
      { tipo: 'login', user: 'dora', n: 104 },
    ]);
    expect(await pagina({ usuario: 'dora', tipo: 'operaciones', limit: '2' })).toEqual({
      items: ['approve dora 101', 'payment dora 100'],
      nextCursor: null,
    });
    // one taken of a page read: the next page starts after the last entry returned
    const primera = await pagina({ usuario: 'dora', tipo: 'operaciones', limit: '1' });
    expect(primera.items).toEqual(['approve dora 101']);
    const segunda = await pagina({ usuario: 'dora', tipo: 'operaciones', limit: '1', cursor: primera.nextCursor! });
    expect(segunda.items).toEqual(['payment dora 100']);
  });

  it('examina a lo sumo 10 veces el límite y devuelve el cursor para seguir', async () => {
    await registrar([
      { tipo: 'payment', user: 'eva', n: 200 },
      ...Array.from({ length: 11 }, (_, i): Entrada => ({ tipo: 'login', user: 'eva', n: 201 + i })),
    ]);
    const primera = await pagina({ usuario: 'eva', tipo: 'payment', limit: '1' });
    expect(primera.items).toEqual([]);
    expect(primera.nextCursor).toEqual(expect.any(String));
    const segunda = await pagina({ usuario: 'eva', tipo: 'payment', limit: '1', cursor: primera.nextCursor! });
    expect(segunda.items).toEqual(['payment eva 200']);
    if (segunda.nextCursor)
      expect(await pagina({ usuario: 'eva', tipo: 'payment', limit: '1', cursor: segunda.nextCursor })).toEqual({
        items: [],
        nextCursor: null,
      });
  });
});
