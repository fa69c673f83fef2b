import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { CLAVES_CONFIGURACION_PUBLICAS, TEXTS } from '@cuota/shared';
import { ROUTES, type RouteDef } from '@cuota/functions/manifest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import WebSocket from 'ws';
import type { z } from 'zod/mini';
import { LectorStream, tablaPropia } from '../../functions/test/stream';
import { iniciarPila, type PilaLocal, type Respuesta } from '../support/local-stack';
import {
  construirMundo,
  CUERPOS,
  type ContextoCuerpo,
  FRESCOS,
  hoy,
  idDe,
  type Mundo,
  NOMBRES,
  OTROS_PARAMETROS,
} from './fixtures';
import { ANONIMOS, type Caso, casos, duenosDe, esPersonal, referencia, ROLES, type Rol } from './matrix';

/**
 * Authorization matrix (issue 7): every route of the manifest called through the local gateway
 * by every caller, with ids of customer A, of B and of nobody. Each answer must be the documented
 * one (401 / 403 FORBIDDEN / 404 / the route's success), never a 5xx, never a trace of another
 * customer's data; refusals and reads write nothing. Then the WebSocket: no connection without a
 * valid token, and nobody receives another user's notifications.
 */

const doc = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: inject('dynamoEndpoint'),
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  }),
);

let pila: PilaLocal;
let mundo: Mundo;
/** A table of this suite's own (other suites of the project run at the same time): refusals are checked to write nothing. */
let tabla: { nombre: string; streamArn: string };

interface Resultado {
  caso: Pick<Caso, 'rol' | 'dueno' | 'esperado'> & { route: RouteDef };
  status: number;
  problemas: string[];
}
const resultados: Resultado[] = [];
const extra: Resultado[] = [];

beforeAll(async () => {
  tabla = await tablaPropia('cuota-authz');
  pila = await iniciarPila();
  mundo = await construirMundo(pila);
});

afterAll(async () => {
  if (resultados.length) imprimirResumen();
  await pila?.detener();
});

// ---------------------------------------------------------------- checks

const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const aparece = (texto: string, valor: string) => new RegExp(`(?<![A-Za-z0-9_-])${escapar(valor)}(?![A-Za-z0-9_-])`).test(texto);

/** Identifiers the caller must never see: the other customer's (both, for anyone who is neither). */
function ajenos(rol: Rol): string[] {
  if (esPersonal(rol)) return [];
  const a = [...mundo.secretos.a];
  const b = [...mundo.secretos.b];
  if (rol === 'cliente-a') return b;
  if (rol === 'cliente-b') return a;
  return [...a, ...b];
}

/** For a customer: every cliente_id / user_id anywhere in the answer is their own. */
function propietariosAjenos(rol: Rol, body: unknown): string[] {
  if (rol !== 'cliente-a' && rol !== 'cliente-b') return [];
  const x = rol === 'cliente-a' ? 'a' : 'b';
  const propio: Record<string, string> = { cliente_id: mundo.clientes[x].id, user_id: mundo.usuarios[rol].sub };
  const malos: string[] = [];
  const visitar = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visitar);
    else if (v && typeof v === 'object') {
      for (const [k, val] of Object.entries(v)) {
        if (k in propio && typeof val === 'string' && val !== propio[k]) malos.push(`${k}=${val}`);
        visitar(val);
      }
    }
  };
  visitar(body);
  return malos;
}

/** Answers whose content depends on the caller's role (api.md): checked beyond the status. */
function comprobarContenido(route: RouteDef, rol: Rol, res: Respuesta): string | null {
  const body = res.body;
  switch (route.id) {
    case 'obtener-me': {
      if (rol === 'cliente-a' || rol === 'cliente-b') {
        const id = mundo.clientes[rol === 'cliente-a' ? 'a' : 'b'].id;
        return body.cliente?.id === id && body.roles.length === 0 ? null : `me: cliente ${body.cliente?.id}, roles ${body.roles}`;
      }
      if (rol === 'sin-cliente')
        return body.cliente === null && body.roles.length === 0 ? null : 'me: sin-cliente con cliente o roles';
      return JSON.stringify(body.roles) === JSON.stringify([rol]) && body.cliente === null ? null : `me: roles ${body.roles}`;
    }
    case 'listar-configuracion': {
      const claves = (body.items as Array<{ clave: string }>).map((i) => i.clave);
      if (rol === 'admin') return claves.includes('stripe_secret_key') ? null : 'admin no ve todas las claves';
      const fuera = claves.filter((c) => !(CLAVES_CONFIGURACION_PUBLICAS as readonly string[]).includes(c));
      return fuera.length ? `${rol} ve claves privadas: ${fuera.join(', ')}` : null;
    }
    case 'listar-metodos-pago': {
      const inactivos = (body.items as Array<{ activo: boolean }>).filter((m) => !m.activo).length;
      if (esPersonal(rol)) return inactivos > 0 ? null : 'el personal no ve los métodos inactivos';
      return inactivos === 0 ? null : `${rol} ve métodos de pago inactivos`;
    }
    case 'listar-notificaciones': {
      const sub = mundo.usuarios[rol as Exclude<Rol, (typeof ANONIMOS)[number]>].sub;
      const otras = (body.items as Array<{ user_id: string }>).filter((i) => i.user_id !== sub);
      return otras.length ? `${otras.length} notificaciones de otro usuario` : null;
    }
    default:
      return null;
  }
}

function comprobar(route: RouteDef, rol: Rol, esperado: number, res: Respuesta): string[] {
  const p: string[] = [];
  if (res.status !== esperado) p.push(`status ${res.status}, se esperaba ${esperado}: ${res.text.slice(0, 240)}`);
  else if (esperado === 401 && (res.body?.code !== 'UNAUTHORIZED' || res.body?.message !== TEXTS.errors.unauthorized)) {
    p.push(`401 con cuerpo ${res.text}`);
  } else if (
    esperado === 403 &&
    JSON.stringify(res.body) !== JSON.stringify({ code: 'FORBIDDEN', message: TEXTS.errors.forbidden })
  ) {
    p.push(`403 con cuerpo ${res.text}`);
  } else if (esperado === 404 && res.body?.code !== 'NOT_FOUND') p.push(`404 con cuerpo ${res.text}`);
  else if (res.status < 300) {
    const c = comprobarContenido(route, rol, res);
    if (c) p.push(c);
  }
  for (const s of ajenos(rol)) if (aparece(res.text, s)) p.push(`la respuesta contiene "${s}", dato de otro cliente`);
  for (const m of propietariosAjenos(rol, res.body)) p.push(`la respuesta trae ${m}, que no es del llamante`);
  if (rol !== 'admin' && res.text.includes(mundo.secretoStripe)) p.push('la respuesta contiene la clave secreta de Stripe');
  return p;
}

// ---------------------------------------------------------------- running

function cuerpoDe(route: RouteDef, ctx: ContextoCuerpo): unknown {
  const f = (CUERPOS as unknown as Record<string, (c: ContextoCuerpo) => unknown>)[route.id];
  if (route.body && !f) throw new Error(`${route.id}: falta su cuerpo en CUERPOS`);
  return route.body ? f!(ctx) : undefined;
}

async function ejecutar(caso: Caso): Promise<Resultado> {
  const ref = referencia(caso.route);
  let id = ref ? idDe(mundo, ref.tipo, caso.dueno) : '';
  const fresco = FRESCOS[caso.route.id as keyof typeof FRESCOS];
  if (caso.escribe && ref && fresco) id = await fresco(mundo, caso.dueno);
  const path = (
    ref?.donde === 'ruta' ? caso.route.path.replace(`{${ref.campo}}`, encodeURIComponent(id)) : caso.route.path
  ).replace(/\{(\w+)\}/g, (todo, k: string) => OTROS_PARAMETROS[k] ?? todo);
  const res = await pila.api(caso.route.method, path, {
    token: mundo.tokens[caso.rol],
    body: cuerpoDe(caso.route, { mundo, rol: caso.rol, id }),
    // money writes that require an Idempotency-Key get a new one per call
    ...(caso.route.idempotent ? { headers: { 'idempotency-key': randomUUID() } } : {}),
  });
  return { caso, status: res.status, problemas: comprobar(caso.route, caso.rol, caso.esperado, res) };
}

async function enParalelo<T, R>(items: readonly T[], limite: number, f: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let i = 0;
  await Promise.all(
    Array.from({ length: limite }, async () => {
      while (i < items.length) {
        const k = i++;
        out[k] = await f(items[k]!);
      }
    }),
  );
  return out;
}

/** The whole table, item by item: what a phase that must not write is compared against. */
async function foto(): Promise<Map<string, string>> {
  const items = new Map<string, string>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await doc.send(new ScanCommand({ TableName: tabla.nombre, ConsistentRead: true, ExclusiveStartKey }));
    for (const item of out.Items ?? []) items.set(`${item.pk}|${item.sk}`, JSON.stringify(item, Object.keys(item).sort()));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

function diferencias(antes: Map<string, string>, despues: Map<string, string>): string[] {
  const d: string[] = [];
  for (const [k, v] of despues)
    if (!antes.has(k)) d.push(`nuevo ${k}`);
    else if (antes.get(k) !== v) d.push(`cambiado ${k}`);
  for (const k of antes.keys()) if (!despues.has(k)) d.push(`borrado ${k}`);
  return d;
}

const etiqueta = (r: Resultado) => `${r.caso.route.method} ${r.caso.route.path} como ${r.caso.rol}, id de ${r.caso.dueno}`;
const fallos = (rs: Resultado[]) => rs.filter((r) => r.problemas.length).map((r) => `${etiqueta(r)}: ${r.problemas.join('; ')}`);

// ---------------------------------------------------------------- the matrix

const TODOS = casos();

/** Runs `lote` (4 at a time): every case answers as expected, and the table is the same before and after. */
async function sinEscribir(lote: Caso[], escribio: string): Promise<void> {
  const antes = await foto();
  const rs = await enParalelo(lote, 4, ejecutar);
  resultados.push(...rs);
  const cambios = diferencias(antes, await foto());
  expect(fallos(rs)).toEqual([]);
  expect(cambios, escribio).toEqual([]);
}

describe('matriz de autorización (manifiesto × llamantes × dueños de ids)', () => {
  it('cada ruta está clasificada y su cuerpo de prueba es válido según su esquema', () => {
    for (const route of ROUTES as readonly RouteDef[]) {
      const duenos = duenosDe(route);
      expect(duenos.length).toBeGreaterThan(0);
      if (!route.body) continue;
      for (const dueno of duenos) {
        const ref = referencia(route);
        const rol: Rol = route.access === 'staff' ? 'admin' : 'cliente-a';
        const cuerpo = cuerpoDe(route, { mundo, rol, id: ref ? idDe(mundo, ref.tipo, dueno) : '' });
        const parsed = (route.body as z.ZodMiniType).safeParse(cuerpo);
        expect(parsed.success, `${route.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
    expect(TODOS.length).toBe((ROUTES as readonly RouteDef[]).reduce((n, r) => n + duenosDe(r).length, 0) * ROLES.length);
  });

  it('rechazos: 401 sin token válido, 403 FORBIDDEN al rol sin permiso, 404 con ids ajenos o inexistentes; sin 5xx ni datos ajenos, sin escribir nada', async () => {
    await sinEscribir(
      TODOS.filter((c) => c.esperado >= 400),
      'un rechazo escribió en la tabla',
    );
  });

  it('lecturas permitidas: la respuesta de éxito, solo datos propios, sin escribir nada', async () => {
    await sinEscribir(
      TODOS.filter((c) => c.esperado < 400 && !c.escribe),
      'una lectura escribió en la tabla',
    );
  });

  it('A con el cursor de paginación de B: ni datos de B ni 5xx', async () => {
    const listas = (ROUTES as readonly RouteDef[]).filter(
      (r) =>
        r.method === 'GET' &&
        r.query?.shape &&
        'cursor' in r.query.shape &&
        (r.access === 'cliente' || r.id === 'listar-notificaciones'),
    );
    expect(listas.length).toBeGreaterThan(5);
    const rs: Resultado[] = [];
    for (const route of listas) {
      const ref = referencia(route);
      const ruta = (x: 'a' | 'b') => (ref ? route.path.replace(`{${ref.campo}}`, idDe(mundo, ref.tipo, x)) : route.path);
      const deB = await pila.api('GET', `${ruta('b')}?limit=1`, { token: mundo.tokens['cliente-b'] });
      const cursor = deB.body?.nextCursor as string | null | undefined;
      const caso = { route, rol: 'cliente-a' as const, dueno: 'b' as const, esperado: 200 };
      if (!cursor) {
        rs.push({
          caso,
          status: deB.status,
          problemas: [`B no tiene una segunda página (${deB.status}): el caso no prueba nada`],
        });
        continue;
      }
      const res = await pila.api('GET', `${ruta('a')}?limit=1&cursor=${encodeURIComponent(cursor)}`, {
        token: mundo.tokens['cliente-a'],
      });
      // the cursor is refused (400) or read inside A's own partition (200); anything else is a defect
      const problemas = comprobar(route, 'cliente-a', res.status === 400 ? 400 : 200, res);
      if (res.status === 400 && res.body?.details?.cursor === undefined)
        problemas.push(`400 sin detalle del cursor: ${res.text}`);
      rs.push({ caso, status: res.status, problemas });
    }
    extra.push(...rs);
    expect(fallos(rs)).toEqual([]);
  });

  it('ids de B en la query o el cuerpo de A (asignación masiva) y la misma Idempotency-Key: nada pasa a ser de otro', async () => {
    const a = mundo.usuarios['cliente-a'];
    const b = mundo.usuarios['cliente-b'];
    const B = mundo.clientes.b.id;
    const rs: Resultado[] = [];
    const registrar = (route: RouteDef, rol: Rol, esperado: number, res: Respuesta, mas: string[] = []) =>
      rs.push({
        caso: { route, rol, dueno: 'b', esperado },
        status: res.status,
        problemas: [...comprobar(route, rol, esperado, res), ...mas],
      });
    const ruta = (id: string) => (ROUTES as readonly RouteDef[]).find((r) => r.id === id)!;

    // every customer read with B's ids as query parameters
    const hostil = `cliente_id=${B}&clienteId=${B}&user_id=${b.sub}&userId=${b.sub}`;
    for (const route of (ROUTES as readonly RouteDef[]).filter(
      (r) => r.method === 'GET' && (r.access === 'cliente' || r.access === 'user'),
    )) {
      const ref = referencia(route);
      const path = ref ? route.path.replace(`{${ref.campo}}`, idDe(mundo, ref.tipo, 'a')) : route.path;
      registrar(route, 'cliente-a', 200, await pila.api('GET', `${path}?${hostil}`, { token: a.idToken }));
    }

    // portal writes with B's client and user ids in the body
    const extraB = { cliente_id: B, user_id: b.sub, email: b.email };
    const solicitud = await pila.api('POST', '/api/portal/solicitudes', {
      token: a.idToken,
      body: { ...extraB, producto_id: mundo.producto.id, monto_solicitado_centimos: 50_000_00, plazo_meses: 3 },
    });
    registrar(
      ruta('crear-solicitud-portal'),
      'cliente-a',
      201,
      solicitud,
      solicitud.body?.cliente_id === mundo.clientes.a.id ? [] : ['la solicitud no es de A'],
    );
    const pago = await pila.api('POST', '/api/portal/pagos', {
      token: a.idToken,
      body: {
        ...extraB,
        credito_id: mundo.creditos.a[0]!.id,
        monto_centimos: 1_000_00,
        fecha_pago: hoy(),
        canal: 'transferencia',
      },
    });
    registrar(
      ruta('reportar-pago'),
      'cliente-a',
      201,
      pago,
      pago.body?.cliente_id === mundo.clientes.a.id ? [] : ['el pago no es de A'],
    );
    const perfilB = (await pila.api('GET', '/api/perfil', { token: b.idToken })).text;
    const perfil = await pila.api('PATCH', '/api/perfil', { token: a.idToken, body: { ...extraB, ...NOMBRES.a } });
    const perfilBDespues = (await pila.api('GET', '/api/perfil', { token: b.idToken })).text;
    registrar(ruta('actualizar-perfil'), 'cliente-a', 200, perfil, perfilB === perfilBDespues ? [] : ['el perfil de B cambió']);

    // staff cannot relink A's client record to B's user (account takeover) through PATCH
    const patch = await pila.api('PATCH', `/api/clientes/${mundo.clientes.a.id}`, {
      token: mundo.tokens.analista,
      body: { user_id: b.sub, email: b.email, ciudad: 'Cartago' },
    });
    const meA = await pila.api('GET', '/api/me', { token: a.idToken });
    const meB = await pila.api('GET', '/api/me', { token: b.idToken });
    registrar(ruta('actualizar-cliente'), 'analista', 200, patch, [
      ...(patch.body?.user_id === a.sub ? [] : [`user_id pasó a ${patch.body?.user_id}`]),
      ...(meA.body?.cliente?.id === mundo.clientes.a.id ? [] : ['A perdió su ficha']),
      ...(meB.body?.cliente?.id === B ? [] : ['B ve otra ficha']),
    ]);

    // the same Idempotency-Key from A and from B: each gets their own pago, never the other's
    const clave = `clave-compartida-${Date.now()}`;
    const cuerpo = (x: 'a' | 'b') => ({
      credito_id: mundo.creditos[x][0]!.id,
      monto_centimos: 1_500_00,
      fecha_pago: hoy(),
      canal: 'transferencia',
    });
    const deA = await pila.api('POST', '/api/portal/pagos', {
      token: a.idToken,
      body: cuerpo('a'),
      headers: { 'idempotency-key': clave },
    });
    const deB = await pila.api('POST', '/api/portal/pagos', {
      token: b.idToken,
      body: cuerpo('b'),
      headers: { 'idempotency-key': clave },
    });
    registrar(ruta('reportar-pago'), 'cliente-a', 201, deA);
    registrar(
      ruta('reportar-pago'),
      'cliente-b',
      201,
      deB,
      deB.body?.id && deB.body.id !== deA.body?.id ? [] : ['B recibió el pago de A'],
    );
    if (deB.body?.id) mundo.secretos.b.add(deB.body.id);
    if (deA.body?.id) mundo.secretos.a.add(deA.body.id);

    extra.push(...rs);
    expect(fallos(rs)).toEqual([]);
  });

  it('escrituras permitidas: la respuesta de éxito y solo datos propios', async () => {
    const escrituras = TODOS.filter((c) => c.escribe);
    // registering a client record turns the user into a customer: last
    escrituras.sort(
      (x, y) => Number(x.route.id === 'registrar-cliente-portal') - Number(y.route.id === 'registrar-cliente-portal'),
    );
    const rs: Resultado[] = [];
    for (const caso of escrituras) rs.push(await ejecutar(caso));
    resultados.push(...rs);
    expect(fallos(rs)).toEqual([]);
  });
});

// ---------------------------------------------------------------- WebSocket

function conectar(token: string | undefined): Promise<{ ws: WebSocket | null; status: number; mensajes: any[] }> {
  return new Promise((resolve) => {
    const mensajes: any[] = [];
    const ws = new WebSocket(token === undefined ? pila.wsUrl : `${pila.wsUrl}?token=${encodeURIComponent(token)}`);
    ws.on('message', (data) => mensajes.push(JSON.parse(data.toString())));
    ws.once('open', () => resolve({ ws, status: 101, mensajes }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ ws: null, status: res.statusCode ?? 0, mensajes });
      ws.terminate();
    });
    ws.once('error', () => resolve({ ws: null, status: 0, mensajes }));
  });
}

describe('WebSocket /ws', () => {
  it('sin token o con un token inválido no hay conexión (401)', async () => {
    const rs: Resultado[] = [];
    const route = { id: 'ws-connect', method: 'GET', path: '/ws' } as unknown as RouteDef;
    for (const rol of ANONIMOS) {
      const c = await conectar(mundo.tokens[rol]);
      c.ws?.close();
      rs.push({
        caso: { route, rol, dueno: '-', esperado: 401 },
        status: c.status,
        problemas: c.status === 401 ? [] : [`status ${c.status}`],
      });
    }
    extra.push(...rs);
    expect(fallos(rs)).toEqual([]);
  });

  it('cada usuario conectado recibe solo sus notificaciones', async () => {
    const quienes = ['cliente-a', 'cliente-b', 'sin-cliente', 'admin'] as const;
    const conexiones = await Promise.all(quienes.map((q) => conectar(mundo.tokens[q])));
    expect(conexiones.map((c) => c.status)).toEqual(quienes.map(() => 101));

    const { notificacionPut } = await import('@cuota/functions/commons/registro');
    const nuevas = { a: 'Aviso solo para A', b: 'Aviso solo para B' };
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          notificacionPut({ user_id: mundo.usuarios['cliente-b'].sub, tipo: 'info', titulo: nuevas.b, mensaje: 'privado de B' }),
          notificacionPut({ user_id: mundo.usuarios['cliente-a'].sub, tipo: 'info', titulo: nuevas.a, mensaje: 'privado de A' }),
        ],
      }),
    );
    // the push consumer gets the whole stream so far: every notification the matrix inserted too
    const records = await new LectorStream(tabla.streamArn).nuevos();
    await pila.pushNotificaciones(records);
    await new Promise((r) => setTimeout(r, 300));

    const rs: Resultado[] = [];
    const route = { id: 'ws-push', method: 'PUSH', path: '/ws' } as unknown as RouteDef;
    quienes.forEach((q, i) => {
      const { mensajes } = conexiones[i]!;
      const sub = mundo.usuarios[q].sub;
      const problemas = mensajes
        .filter((m) => m.data?.user_id !== sub)
        .map((m) => `recibió la notificación de ${m.data?.user_id}: ${m.data?.titulo}`);
      const titulos = mensajes.map((m) => m.data?.titulo);
      if (q === 'cliente-a' && !titulos.includes(nuevas.a)) problemas.push('A no recibió su notificación');
      if (q === 'cliente-b' && !titulos.includes(nuevas.b)) problemas.push('B no recibió su notificación');
      for (const s of ajenos(q)) if (aparece(JSON.stringify(mensajes), s)) problemas.push(`recibió "${s}", dato de otro cliente`);
      rs.push({ caso: { route, rol: q, dueno: '-', esperado: 200 }, status: 200, problemas });
    });
    for (const c of conexiones) c.ws?.close();
    extra.push(...rs);
    expect(fallos(rs)).toEqual([]);
  });
});

// ---------------------------------------------------------------- summary

function imprimirResumen(): void {
  const porRuta = new Map<string, { route: RouteDef; total: number; ok: number }>();
  for (const r of resultados) {
    const e = porRuta.get(r.caso.route.id) ?? { route: r.caso.route, total: 0, ok: 0 };
    e.total++;
    if (!r.problemas.length) e.ok++;
    porRuta.set(r.caso.route.id, e);
  }
  const porRol = new Map<string, { total: number; ok: number }>();
  for (const r of resultados) {
    const e = porRol.get(r.caso.rol) ?? { total: 0, ok: 0 };
    e.total++;
    if (!r.problemas.length) e.ok++;
    porRol.set(r.caso.rol, e);
  }
  const acceso = (r: RouteDef) => (r.roles ? `${r.access} (${r.roles.join(', ')})` : r.access);
  const lineas = [
    '',
    `Matriz de autorización: ${porRuta.size} rutas × ${ROLES.length} llamantes × dueños de ids = ${resultados.length} casos, ${resultados.filter((r) => !r.problemas.length).length} correctos`,
    '',
    '| ruta | acceso | dueños | casos | ok |',
    '|---|---|---|---:|---:|',
    ...[...porRuta.values()].map(
      (e) => `| ${e.route.method} ${e.route.path} | ${acceso(e.route)} | ${duenosDe(e.route).join(' ')} | ${e.total} | ${e.ok} |`,
    ),
    '',
    '| llamante | casos | ok |',
    '|---|---:|---:|',
    ...[...porRol.entries()].map(([rol, e]) => `| ${rol} | ${e.total} | ${e.ok} |`),
    '',
    `Además: ${extra.length} casos (cursor de B en manos de A, ids de B en la query y el cuerpo de A, Idempotency-Key compartida, WebSocket), ${extra.filter((r) => !r.problemas.length).length} correctos.`,
    '',
  ];
  // eslint-disable-next-line no-console
  console.log(lineas.join('\n'));
}
