import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Cliente } from '@cuota/shared';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { ddb, tableName } from '#commons/db';
import { keys, normalizeTerm } from '#commons/keys';
import { itemBusqueda } from '#entities/busqueda';
import { itemCliente } from '#entities/cliente';
import { claveUnico, itemUnico } from '#entities/unico';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR, uniqueEmail } from '../../../test/events';
import { actividadReciente } from '../../../test/lending-fixtures';
import { tablaPropia } from '../../../test/stream';
import { handler as actualizar } from './actualizar-cliente';
import { handler as crear } from './crear-cliente';
import { handler as listar } from './listar-clientes';
import { handler as listarCreditos } from './listar-creditos-cliente';
import { handler as migrarIdentidades } from './migrar-identidades';
import { handler as reindexarBusqueda } from './reindexar-busqueda';
import { handler as obtener } from './obtener-cliente';
import { terminosAnteriores, terminosDelIndice } from './search-terms';
import { indiceDeBusqueda, type MigracionIdentidades } from './service';

let cedula = 100000000 + (Date.now() % 800000000);
function nuevoCliente(over: Record<string, unknown> = {}) {
  return {
    nombre: 'Gabriela',
    apellido: 'Quesada Núñez',
    identidad_tipo: 'cedula',
    identidad_numero: String(++cedula),
    fecha_nacimiento: '1988-03-14',
    email: uniqueEmail(),
    telefono: '+506 8712-3456',
    direccion: 'Heredia, San Pablo, 200 m sur de la iglesia',
    ciudad: 'Heredia',
    ...over,
  };
}

/** A tag no other client has (letters only, so no number of another client contains it). */
const letras = () => Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

let sembrados = 0;

/** 572120786 → 5-7212-0786, as a cédula is printed. */
const conGuiones = (d: string) => `${d.slice(0, 1)}-${d.slice(1, 5)}-${d.slice(5)}`;

/**
 * A client as main's crearCliente wrote it, before numbers were stored canonical: the number as
 * typed (main's schema trimmed it, nothing else), its guard keyed by type and normalizeTerm(number)
 * (lower case, hyphens kept), the email guard and the search terms of the number as typed.
 */
async function sembrarClienteAnterior(over: Partial<Cliente> & Pick<Cliente, 'identidad_tipo' | 'identidad_numero'>) {
  // each one a millisecond newer than the one before, so the list's newest-first order is known
  const now = new Date(Date.now() + ++sembrados);
  const cliente: Cliente = {
    id: ulid(now.getTime()),
    created_at: now.toISOString(),
    user_id: null,
    nombre: 'Marta',
    apellido: 'Solano Vargas',
    email: uniqueEmail('anterior'),
    telefono: '+506 8888-1111',
    fecha_nacimiento: '1979-06-02',
    direccion: 'Alajuela, Grecia, 100 m norte del parque',
    ciudad: 'Alajuela',
    pais: 'Costa Rica',
    riesgo: null,
    kyc_completado: false,
    score_crediticio: null,
    ...over,
  };
  const guarda = claveUnico.identidadPorTipo(cliente.identidad_tipo, normalizeTerm(cliente.identidad_numero ?? ''));
  const items = [
    itemCliente(cliente),
    itemUnico(guarda, { cliente_id: cliente.id }),
    itemUnico(claveUnico.email(cliente.email), { cliente_id: cliente.id }),
    ...terminosDelIndice(cliente).map((t) => itemBusqueda(t.texto, cliente.id, t.sufijo)),
  ];
  for (const Item of items) await ddb.send(new PutCommand({ TableName: tableName(), Item }));
  return { ...cliente, guarda };
}

const leerItem = async (Key: { pk: string; sk: string }) =>
  (await ddb.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item;

/**
 * A table of this file's own: the on-demand jobs tested here (migrar-identidades six times,
 * reindexar-busqueda twice) page through every client of the table, one transaction each to
 * reindex, so on the shared table their cost would grow with every client the rest of the suite
 * has written by then, and they would write beside the other files' clients.
 */
beforeAll(async () => {
  await tablaPropia('cuota-clientes', { stream: false });
});

/** The job run to its end (following its cursor), as staff would; the results of each slice. */
async function migrar(input: { limit?: number } = {}): Promise<MigracionIdentidades[]> {
  const tramos: MigracionIdentidades[] = [];
  let cursor: string | null = null;
  do {
    const r = await migrarIdentidades({ detail: { ...input, cursor } });
    tramos.push(r);
    cursor = r.nextCursor;
  } while (cursor);
  return tramos;
}

describe('POST /api/clientes', () => {
  it('crea un cliente con país por defecto Costa Rica y sin KYC', async () => {
    const res = await call(crear, apiEvent('crear-cliente', { caller: ADMIN, body: nuevoCliente() }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ nombre: 'Gabriela', pais: 'Costa Rica', kyc_completado: false, user_id: null });
    const perfil = await call(obtener, apiEvent('obtener-cliente', { caller: COBRADOR, params: { id: res.body.id } }));
    expect(perfil.status).toBe(200);
    expect(perfil.body.linea_credito).toEqual({
      limite_centimos: 300_000_000,
      usado_centimos: 0,
      disponible_centimos: 300_000_000,
    });
    expect(perfil.body.contadores).toEqual({ solicitudes: 0, creditos: 0, creditos_activos: 0, pagos: 0 });
  });

  it('registra la creación y la edición en la actividad, con quién lo hizo', async () => {
    const tag = `Act${Date.now().toString(36)}`;
    const res = await call(
      crear,
      apiEvent('crear-cliente', { caller: { ...ANALISTA, email: 'luis@demo.cr' }, body: nuevoCliente({ nombre: tag }) }),
    );
    await call(
      actualizar,
      apiEvent('actualizar-cliente', { caller: ADMIN, params: { id: res.body.id }, body: { ciudad: 'Liberia' } }),
    );
    const mias = (await actividadReciente(50)).filter((i) => String(i.descripcion).includes(tag));
    expect(mias.map((i) => [i.tipo_actividad, i.user_id]).sort()).toEqual([
      ['create', ANALISTA.sub],
      ['update', ADMIN.sub],
    ]);
    expect(mias.find((i) => i.tipo_actividad === 'create')?.user_nombre).toBe('luis@demo.cr');
  });

  it('rechaza datos inválidos con los mensajes del formulario y no escribe nada', async () => {
    const email = uniqueEmail('invalido');
    const res = await call(
      crear,
      apiEvent('crear-cliente', {
        caller: ANALISTA,
        body: nuevoCliente({ nombre: 'A', identidad_numero: '12', email, direccion: 'corta', telefono: '123' }),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details).toMatchObject({
      nombre: 'Nombre debe tener al menos 2 caracteres',
      identidad_numero: 'Número de identificación inválido',
      direccion: 'Dirección debe ser más específica',
      telefono: 'Teléfono inválido',
    });
    const search = await call(listar, apiEvent('listar-clientes', { caller: ADMIN, query: { q: email } }));
    expect(search.body.items).toEqual([]);
  });

  it('rechaza un email o una identificación repetidos con 409', async () => {
    const first = nuevoCliente();
    expect((await call(crear, apiEvent('crear-cliente', { caller: ADMIN, body: first }))).status).toBe(201);
    const sameEmail = await call(
      crear,
      apiEvent('crear-cliente', { caller: ADMIN, body: nuevoCliente({ email: first.email.toUpperCase() }) }),
    );
    expect(sameEmail).toMatchObject({ status: 409, body: { message: 'Ya existe un cliente con este email' } });
    const sameId = await call(
      crear,
      apiEvent('crear-cliente', { caller: ADMIN, body: nuevoCliente({ identidad_numero: first.identidad_numero }) }),
    );
    expect(sameId).toMatchObject({ status: 409, body: { message: 'Ya existe un cliente con esta identificación' } });
  });

  it('un cliente de antes de la forma canónica (guarda por tipo y número tal como se escribió) bloquea su número tras la migración', async () => {
    // main stored the number as typed and guarded it by type and normalizeTerm(typed): hyphens kept
    const digitos = String(++cedula);
    const anterior = await sembrarClienteAnterior({ identidad_tipo: 'cedula', identidad_numero: conGuiones(digitos) });
    await migrar();
    for (const identidad_tipo of ['cedula', 'dni', 'pasaporte']) {
      const res = await call(
        crear,
        apiEvent('crear-cliente', { caller: ADMIN, body: nuevoCliente({ identidad_tipo, identidad_numero: digitos }) }),
      );
      expect(res, identidad_tipo).toMatchObject({
        status: 409,
        body: { message: 'Ya existe un cliente con esta identificación' },
      });
    }
    expect((await leerItem(keys.cliente(anterior.id)))?.identidad_numero).toBe(digitos);
  });

  it('un cobrador no puede crear clientes y un usuario sin token recibe 401', async () => {
    const res = await call(crear, apiEvent('crear-cliente', { caller: COBRADOR, body: nuevoCliente() }));
    expect(res).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'No tienes permisos para realizar esta acción' },
    });
    expect((await call(crear, apiEvent('crear-cliente', { body: nuevoCliente() }))).status).toBe(401);
  });

  it('un cliente (sin rol) no puede listar clientes', async () => {
    const res = await call(listar, apiEvent('listar-clientes', { caller: { sub: 'cliente-x' } }));
    expect(res.status).toBe(403);
  });

  it('rechaza un cuerpo que no es JSON', async () => {
    const res = await call(crear, apiEvent('crear-cliente', { caller: ADMIN, rawBody: '{no json' }));
    expect(res.status).toBe(400);
  });
});

describe('GET /api/clientes', () => {
  it('busca por nombre, apellido sin acentos, email y cédula, con varias palabras', async () => {
    const tag = `Zz${Date.now().toString(36)}`;
    const c = nuevoCliente({ nombre: `Óscar ${tag}`, apellido: 'Villalobos Araya' });
    const created = (await call(crear, apiEvent('crear-cliente', { caller: ADMIN, body: c }))).body;
    for (const q of [tag.toLowerCase(), `${tag} villalobos`, c.email, c.identidad_numero, `oscar ${tag}`]) {
      const res = await call(listar, apiEvent('listar-clientes', { caller: COBRADOR, query: { q } }));
      expect(res.status).toBe(200);
      expect(
        res.body.items.map((x: { id: string }) => x.id),
        q,
      ).toContain(created.id);
    }
    const none = await call(listar, apiEvent('listar-clientes', { caller: COBRADOR, query: { q: `${tag} inexistente` } }));
    expect(none.body.items).toEqual([]);
  });

  it("'Ana 12345' busca por nombre y el inicio de la cédula, y también el pasaporte ANA12345…", async () => {
    const ana = nuevoCliente({ nombre: 'Ana', apellido: `Brenes ${Date.now().toString(36)}` });
    const pasaporte = `ANA${String(Date.now()).slice(-7)}`;
    const viajera = nuevoCliente({ nombre: 'Lucía', identidad_tipo: 'pasaporte', identidad_numero: pasaporte });
    const a = (await call(crear, apiEvent('crear-cliente', { caller: ADMIN, body: ana }))).body;
    const v = (await call(crear, apiEvent('crear-cliente', { caller: ADMIN, body: viajera }))).body;
    const buscar = async (q: string) =>
      (await call(listar, apiEvent('listar-clientes', { caller: COBRADOR, query: { q } }))).body.items.map(
        (x: { id: string }) => x.id,
      );
    expect(await buscar(`Ana ${ana.identidad_numero.slice(0, 6)}`)).toContain(a.id);
    expect(await buscar(`ana ${pasaporte.slice(3)}`)).toContain(v.id);
    expect(await buscar(pasaporte)).toEqual([v.id]);
  });

  it('encuentra por cualquier parte de una palabra del nombre o del email (gmail, drigu), no solo por el inicio', async () => {
    const tag = letras();
    const dominio = `${letras()}mail`;
    const c = nuevoCliente({ nombre: 'Rodrigo', apellido: `Rodríguez ${tag}`, email: `${letras()}.${tag}@${dominio}.com` });
    const created = (await call(crear, apiEvent('crear-cliente', { caller: ADMIN, body: c }))).body;
    for (const q of [dominio.slice(3), tag.slice(2, 6), `drigu ${tag}`, `${tag.slice(1)} ${dominio.slice(-6)}`]) {
      const res = await call(listar, apiEvent('listar-clientes', { caller: COBRADOR, query: { q } }));
      expect(
        res.body.items.map((x: { id: string }) => x.id),
        q,
      ).toEqual([created.id]);
    }
  });

  it("con dos letras ('ma') encuentra a Manuel en la primera página aunque haya muchos clientes de gmail", async () => {
    // 'mail' (inside every gmail address) sorts before 'manuel': the page of 10 must read whole words only
    for (let i = 0; i < 30; i++) {
      const c = await call(
        crear,
        apiEvent('crear-cliente', { caller: ADMIN, body: nuevoCliente({ nombre: 'Rosa', email: `r.${letras()}@gmail.com` }) }),
      );
      expect(c.status).toBe(201);
    }
    const manuel = await call(
      crear,
      apiEvent('crear-cliente', { caller: ADMIN, body: nuevoCliente({ nombre: 'Manuel', apellido: 'Solís Ureña' }) }),
    );
    const res = await call(listar, apiEvent('listar-clientes', { caller: ADMIN, query: { q: 'ma', limit: '10' } }));
    expect(res.status).toBe(200);
    expect(res.body.items.map((x: { id: string }) => x.id)).toContain(manuel.body.id);
    // and a longer query still finds the inside of a word, page after page, with no client twice
    const vistos: string[] = [];
    let cursor: string | undefined;
    do {
      const pagina = await call(
        listar,
        apiEvent('listar-clientes', { caller: ADMIN, query: { q: 'gmai', limit: '4', ...(cursor ? { cursor } : {}) } }),
      );
      expect(pagina.status).toBe(200);
      vistos.push(...pagina.body.items.map((x: { id: string }) => x.id));
      cursor = pagina.body.nextCursor ?? undefined;
    } while (cursor);
    expect(vistos.length).toBeGreaterThanOrEqual(30);
    const mail = new Set<string>();
    cursor = undefined;
    do {
      const pagina = await call(
        listar,
        apiEvent('listar-clientes', { caller: ADMIN, query: { q: 'mail', limit: '7', ...(cursor ? { cursor } : {}) } }),
      );
      expect(pagina.status).toBe(200);
      for (const x of pagina.body.items as { id: string }[]) mail.add(x.id);
      cursor = pagina.body.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(vistos).size).toBe(vistos.length);
    for (const id of vistos) expect(mail.has(id), id).toBe(true);
  });

  it('lista los más recientes primero y pagina con cursor', async () => {
    for (let i = 0; i < 3; i++) await call(crear, apiEvent('crear-cliente', { caller: ADMIN, body: nuevoCliente() }));
    const first = await call(listar, apiEvent('listar-clientes', { caller: ADMIN, query: { limit: '2' } }));
    expect(first.body.items).toHaveLength(2);
    expect(first.body.items[0].created_at >= first.body.items[1].created_at).toBe(true);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call(
      listar,
      apiEvent('listar-clientes', { caller: ADMIN, query: { limit: '2', cursor: first.body.nextCursor } }),
    );
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
    expect(second.body.items[0].created_at <= first.body.items[1].created_at).toBe(true);
  });

  it('rechaza límites y cursores inválidos', async () => {
    expect((await call(listar, apiEvent('listar-clientes', { caller: ADMIN, query: { limit: '500' } }))).body.details).toEqual({
      limit: 'El límite máximo es 100',
    });
    expect((await call(listar, apiEvent('listar-clientes', { caller: ADMIN, query: { cursor: 'xyz' } }))).status).toBe(400);
  });
});

describe('GET/PATCH /api/clientes/{id}', () => {
  it('responde 404 con "Cliente no encontrado"', async () => {
    const res = await call(obtener, apiEvent('obtener-cliente', { caller: ADMIN, params: { id: 'NOEXISTE' } }));
    expect(res).toMatchObject({ status: 404, body: { message: 'Cliente no encontrado' } });
    const creditos = await call(
      listarCreditos,
      apiEvent('listar-creditos-cliente', { caller: ADMIN, params: { id: 'NOEXISTE' } }),
    );
    expect(creditos.status).toBe(404);
  });

  it('actualiza el nombre y la búsqueda lo encuentra por el nuevo nombre, no por el anterior', async () => {
    const tag = `Yy${Date.now().toString(36)}`;
    const created = (await call(crear, apiEvent('crear-cliente', { caller: ADMIN, body: nuevoCliente({ nombre: tag }) }))).body;
    const renamed = `Ww${Date.now().toString(36)}`;
    const res = await call(
      actualizar,
      apiEvent('actualizar-cliente', {
        caller: ANALISTA,
        params: { id: created.id },
        body: { nombre: renamed, kyc_completado: true },
      }),
    );
    expect(res.body).toMatchObject({ nombre: renamed, kyc_completado: true });
    const byNew = await call(listar, apiEvent('listar-clientes', { caller: ADMIN, query: { q: renamed } }));
    expect(byNew.body.items.map((x: { id: string }) => x.id)).toEqual([created.id]);
    const byOld = await call(listar, apiEvent('listar-clientes', { caller: ADMIN, query: { q: tag } }));
    expect(byOld.body.items).toEqual([]);
  });

  it('audita quién cambió qué campos (sin sus valores); un cobrador recibe 403 y nada cambia', async () => {
    const tag = `Zz${Date.now().toString(36)}`;
    const created = (await call(crear, apiEvent('crear-cliente', { caller: ADMIN, body: nuevoCliente({ nombre: tag }) }))).body;
    const prohibido = await call(
      actualizar,
      apiEvent('actualizar-cliente', { caller: COBRADOR, params: { id: created.id }, body: { telefono: '8888-0000' } }),
    );
    expect(prohibido.status).toBe(403);
    const res = await call(
      actualizar,
      apiEvent('actualizar-cliente', {
        caller: ANALISTA,
        // the city is sent as it already was: only what differs is named
        params: { id: created.id },
        body: { telefono: '8712-0000', ciudad: 'Heredia', kyc_completado: true },
      }),
    );
    expect(res.status).toBe(200);
    const entrada = (await actividadReciente(100)).find((a) => String(a.descripcion).includes(tag));
    expect(entrada).toMatchObject({
      tipo_actividad: 'update',
      user_id: ANALISTA.sub,
      // the fields by their labels: a code never reaches the screen
      descripcion: `Cliente actualizado: ${tag} Quesada Núñez (teléfono, estado del KYC)`,
    });
    expect(String(entrada!.descripcion)).not.toContain('8712');
    expect(String(entrada!.descripcion)).not.toMatch(/telefono|kyc_completado/);
    const obtenido = await call(obtener, apiEvent('obtener-cliente', { caller: ADMIN, params: { id: created.id } }));
    expect(obtenido.body).toMatchObject({ telefono: '8712-0000', kyc_completado: true });
  });
});

describe('reindexar-busqueda (job a pedido)', () => {
  it('da el índice por partes a un cliente indexado a la manera anterior y borra lo que ya no corresponde', async () => {
    const tag = letras();
    const anterior = await sembrarClienteAnterior({
      identidad_tipo: 'cedula',
      identidad_numero: String(++cedula),
      apellido: `Solano ${tag}`,
      email: `marta.${letras()}@${tag}.cr`,
    });
    // the former index: words by prefix, the full name, the e-mail whole
    for (const t of terminosDelIndice(anterior))
      await ddb.send(new DeleteCommand({ TableName: tableName(), Key: keys.busqueda(t.texto, anterior.id, t.sufijo) }));
    for (const t of terminosAnteriores(anterior))
      await ddb.send(new PutCommand({ TableName: tableName(), Item: itemBusqueda(t, anterior.id) }));
    const buscar = async (q: string) =>
      (await call(listar, apiEvent('listar-clientes', { caller: ADMIN, query: { q } }))).body.items.map(
        (x: { id: string }) => x.id,
      );
    expect(await buscar(tag.slice(2))).toEqual([]);
    const completo = `marta solano ${tag}`;
    expect(await leerItem(keys.busqueda(completo, anterior.id))).toBeDefined();

    let cursor: string | null = null;
    do {
      const r = await reindexarBusqueda({ cursor, limit: 500 });
      cursor = r.nextCursor;
    } while (cursor);

    expect(await buscar(tag.slice(2))).toEqual([anterior.id]);
    expect(await leerItem(keys.busqueda(completo, anterior.id))).toBeUndefined();
    for (const t of terminosDelIndice(anterior))
      expect(await leerItem(keys.busqueda(t.texto, anterior.id, t.sufijo)), t.texto).toBeDefined();
  });

  it('pasa los sufijos guardados junto a las palabras enteras a su partición, aunque el cliente no tenga teléfono', async () => {
    const tag = letras();
    const anterior = await sembrarClienteAnterior({
      identidad_tipo: 'cedula',
      identidad_numero: String(++cedula),
      apellido: `Solano ${tag}`,
      email: `marta.${letras()}@gmail.com`,
    });
    // a client written before phones were searched: the item has no telefono attribute at all
    await ddb.send(
      new UpdateCommand({ TableName: tableName(), Key: keys.cliente(anterior.id), UpdateExpression: 'REMOVE telefono' }),
    );
    const sinTelefono = { ...anterior, telefono: undefined };
    const sufijos = terminosDelIndice(sinTelefono).filter((t) => t.sufijo);
    expect(sufijos.map((t) => t.texto)).toContain('mail');
    // the layout before: every suffix beside the whole words
    for (const t of terminosDelIndice(anterior)) {
      await ddb.send(new DeleteCommand({ TableName: tableName(), Key: keys.busqueda(t.texto, anterior.id, t.sufijo) }));
      await ddb.send(new PutCommand({ TableName: tableName(), Item: itemBusqueda(t.texto, anterior.id) }));
    }

    let cursor: string | null = null;
    do {
      const r = await reindexarBusqueda({ cursor, limit: 500 });
      cursor = r.nextCursor;
    } while (cursor);

    for (const t of sufijos) {
      expect(await leerItem(keys.busqueda(t.texto, anterior.id)), t.texto).toBeUndefined();
      expect(await leerItem(keys.busqueda(t.texto, anterior.id, true)), t.texto).toBeDefined();
    }
    expect(await leerItem(keys.busqueda(tag, anterior.id))).toBeDefined();
    const res = await call(listar, apiEvent('listar-clientes', { caller: ADMIN, query: { q: tag.slice(3) } }));
    expect(res.body.items.map((x: { id: string }) => x.id)).toEqual([anterior.id]);
  });
});

describe('cambio de nombre de un cliente aún no reindexado', () => {
  it('borra también los términos de la manera anterior (nombre completo, apellido) del nombre que tenía', async () => {
    const tag = letras();
    const anterior = await sembrarClienteAnterior({
      identidad_tipo: 'cedula',
      identidad_numero: String(++cedula),
      apellido: `Solano ${tag}`,
    });
    for (const t of terminosAnteriores(anterior))
      await ddb.send(new PutCommand({ TableName: tableName(), Item: itemBusqueda(t, anterior.id) }));
    const completo = `marta solano ${tag}`;
    const apellido = `solano ${tag}`;
    expect(await leerItem(keys.busqueda(completo, anterior.id))).toBeDefined();

    const res = await call(
      actualizar,
      apiEvent('actualizar-cliente', {
        caller: ADMIN,
        params: { id: anterior.id },
        body: { nombre: 'Lucía', apellido: `Mora ${letras()}` },
      }),
    );
    expect(res.status).toBe(200);
    expect(await leerItem(keys.busqueda(completo, anterior.id))).toBeUndefined();
    expect(await leerItem(keys.busqueda(apellido, anterior.id))).toBeUndefined();
    expect(await leerItem(keys.busqueda(tag, anterior.id))).toBeUndefined();
    const buscado = await call(listar, apiEvent('listar-clientes', { caller: ADMIN, query: { q: tag } }));
    expect(buscado.body.items).toEqual([]);
  });

  it('un cambio que no toca lo que se busca (KYC, dirección) no escribe nada en el índice', () => {
    const c = { ...nuevoCliente(), id: ulid(), created_at: new Date().toISOString() } as unknown as Cliente;
    expect(indiceDeBusqueda(c, { ...c, kyc_completado: true, direccion: 'Limón, centro, frente al parque' })).toEqual([]);
    expect(indiceDeBusqueda(c, { ...c, nombre: 'Lucía' }).length).toBeGreaterThan(0);
  });
});

describe('migrar-identidades (job a pedido)', () => {
  it("guarda canónico el '5-7212-0786' de main, con su guarda y sus términos: luego 572120786 como cédula o DNI es 409", async () => {
    const anterior = await sembrarClienteAnterior({ identidad_tipo: 'cedula', identidad_numero: '5-7212-0786' });
    // main's exact key for it
    expect(anterior.guarda.pk).toBe('UNICO#CLIENTE_IDENTIDAD#cedula#5-7212-0786');
    const [r] = await migrar();
    expect(r!.migrados).toBeGreaterThanOrEqual(1);
    expect(r!.colisiones.filter((c) => c.cliente_id === anterior.id)).toEqual([]);
    expect(await leerItem(keys.cliente(anterior.id))).toMatchObject({ identidad_numero: '572120786', gsi1pk: 'CLIENTES' });
    expect(await leerItem(claveUnico.identidad('572120786'))).toMatchObject({ cliente_id: anterior.id });
    // the term of the number as typed moved to the canonical one; the search still finds both ways
    expect(await leerItem(keys.busqueda('5-7212-0786', anterior.id))).toBeUndefined();
    expect(await leerItem(keys.busqueda('572120786', anterior.id))).toBeDefined();
    for (const q of ['5-7212-0786', '572120786']) {
      const res = await call(listar, apiEvent('listar-clientes', { caller: ADMIN, query: { q } }));
      expect(
        res.body.items.map((x: { id: string }) => x.id),
        q,
      ).toEqual([anterior.id]);
    }
    for (const identidad_tipo of ['cedula', 'dni']) {
      const res = await call(
        crear,
        apiEvent('crear-cliente', { caller: ADMIN, body: nuevoCliente({ identidad_tipo, identidad_numero: '572120786' }) }),
      );
      expect(res, identidad_tipo).toMatchObject({
        status: 409,
        body: { message: 'Ya existe un cliente con esta identificación' },
      });
    }
  });

  it('dos clientes de main que son la misma persona: migra uno y reporta al otro sin cambiarlo; una segunda corrida no cambia nada', async () => {
    const digitos = String(++cedula);
    const cedulaAnterior = await sembrarClienteAnterior({ identidad_tipo: 'cedula', identidad_numero: conGuiones(digitos) });
    // typed '<digits> ' as a DNI, later: main's schema trimmed it
    const dni = await sembrarClienteAnterior({
      identidad_tipo: 'dni',
      identidad_numero: `${digitos} `.trim(),
      nombre: 'Marta E.',
    });
    const antes = await instantanea([cedulaAnterior, dni]);

    const primera = await migrar();
    // newest first: the DNI takes the canonical guard, the cédula meets it
    const colisiones = primera.flatMap((t) => t.colisiones).filter((c) => [cedulaAnterior.id, dni.id].includes(c.cliente_id));
    expect(colisiones).toEqual([
      {
        cliente_id: cedulaAnterior.id,
        identidad_tipo: 'cedula',
        identidad_numero: conGuiones(digitos),
        canonico: digitos,
        con_cliente_id: dni.id,
        con_identidad_numero: digitos,
      },
    ]);
    expect(await leerItem(claveUnico.identidad(digitos))).toMatchObject({ cliente_id: dni.id });
    const despues = await instantanea([cedulaAnterior, dni]);
    // the reported client is exactly as it was; the DNI only gained its guard
    expect(despues[cedulaAnterior.id]).toEqual(antes[cedulaAnterior.id]);
    expect(despues[dni.id]!.cliente).toEqual(antes[dni.id]!.cliente);

    const segunda = await migrar();
    expect(segunda.reduce((n, t) => n + t.migrados, 0)).toBe(0);
    expect(segunda.flatMap((t) => t.colisiones).filter((c) => c.cliente_id === cedulaAnterior.id)).toEqual(colisiones);
    expect(await instantanea([cedulaAnterior, dni])).toEqual(despues);
    // every client reviewed is counted once: nothing left to migrate
    for (const t of segunda) {
      expect(t.yaCanonicos + t.sinIdentidad + t.colisiones.length + t.invalidos.length).toBe(t.revisados);
    }
  });

  it('corre por tramos: con limit y el cursor devuelto llega al final y todos quedan migrados', async () => {
    const anteriores = [];
    for (let i = 0; i < 3; i++) {
      anteriores.push(await sembrarClienteAnterior({ identidad_tipo: 'pasaporte', identidad_numero: `cr ${++cedula}-x` }));
    }
    const tramos = await migrar({ limit: 2 });
    expect(tramos.length).toBeGreaterThan(1);
    expect(tramos.every((t) => t.revisados <= 2)).toBe(true);
    expect(tramos.at(-1)!.nextCursor).toBeNull();
    for (const a of anteriores) {
      const canonico = a.identidad_numero!.replace(/[ -]/g, '').toUpperCase();
      expect(await leerItem(keys.cliente(a.id))).toMatchObject({ identidad_numero: canonico });
      expect(await leerItem(claveUnico.identidad(normalizeTerm(canonico)))).toMatchObject({ cliente_id: a.id });
    }
  });
});

/** The client item, its guards and its search terms, by client id. */
async function instantanea(clientes: Array<Cliente & { guarda: { pk: string; sk: string } }>) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const c of clientes) {
    out[c.id] = {
      cliente: await leerItem(keys.cliente(c.id)),
      guardaAnterior: await leerItem(c.guarda),
      terminos: await Promise.all(terminosDelIndice(c).map((t) => leerItem(keys.busqueda(t.texto, c.id, t.sufijo)))),
    };
  }
  return out;
}
