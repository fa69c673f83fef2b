import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ddb, tableName } from '#commons/db';
import { keys } from '#commons/keys';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR, uniqueEmail } from '../../../test/events';
import { handler as actualizar } from './actualizar-cliente';
import { handler as crear } from './crear-cliente';
import { handler as listar } from './listar-clientes';
import { handler as listarCreditos } from './listar-creditos-cliente';
import { handler as obtener } from './obtener-cliente';

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
    const out = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'ACTIVIDAD' },
        ScanIndexForward: false,
        Limit: 50,
      }),
    );
    const mias = (out.Items ?? []).filter((i) => String(i.descripcion).includes(tag));
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

  it('una guarda de identidad del formato anterior (tipo y número) sigue bloqueando el número con cualquier tipo', async () => {
    // a client created before the guard moved to the number alone: only the old guard exists
    const numero = String(++cedula);
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.unicoIdentidadPorTipo('cedula', numero), tipo: 'unico', cliente_id: 'cliente-anterior' },
      }),
    );
    for (const identidad_tipo of ['cedula', 'dni', 'pasaporte']) {
      const res = await call(
        crear,
        apiEvent('crear-cliente', { caller: ADMIN, body: nuevoCliente({ identidad_tipo, identidad_numero: numero }) }),
      );
      expect(res, identidad_tipo).toMatchObject({
        status: 409,
        body: { message: 'Ya existe un cliente con esta identificación' },
      });
    }
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
});
