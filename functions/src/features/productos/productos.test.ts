import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { ddb, tableName } from '#commons/db';
import { keys, normalizeTerm } from '#commons/keys';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR, type TestCaller, rutaConId, rutaSinId } from '../../../test/events';
import { actividadesIguales } from '../../../test/lending-fixtures';
import { handler as actualizarConfig } from '../configuracion/actualizar-configuracion';
import { handler as actualizar } from './actualizar-producto';
import { handler as cambiarEstado } from './cambiar-estado-producto';
import { handler as crear } from './crear-producto';
import { handler as listar } from './listar-productos';
import { handler as listarActivos } from './listar-productos-activos';
import { obtenerProducto } from './store';

/** The product routes as the app calls them. */
const crearPorApi = rutaSinId(crear, 'crear-producto');
const actualizarPorApi = rutaConId(actualizar, 'actualizar-producto');
const cambiarEstadoPorApi = rutaConId(cambiarEstado, 'cambiar-estado-producto');

const CLIENTE: TestCaller = { sub: 'cliente-productos' };

let seq = 0;
const codigo = () => `T${Date.now().toString(36).toUpperCase().slice(-6)}-${++seq}`;

function nuevo(over: Record<string, unknown> = {}) {
  return {
    codigo: codigo(),
    nombre: `Producto prueba ${seq}`,
    descripcion: 'Para probar',
    monto_minimo_centimos: 5_000_000,
    monto_maximo_centimos: 50_000_000,
    plazo_minimo_meses: 3,
    plazo_maximo_meses: 24,
    tasa_interes_anual: '18.5',
    ...over,
  };
}

async function crearOk(over: Record<string, unknown> = {}) {
  const res = await crearPorApi(ADMIN, nuevo(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; codigo: string; nombre: string } & Record<string, unknown>;
}

const actividades = async (descripcion: string): Promise<number> => (await actividadesIguales(descripcion)).length;

async function todas(
  handler: typeof listar | typeof listarActivos,
  id: 'listar-productos' | 'listar-productos-activos',
  caller: TestCaller,
  query: Record<string, string> = {},
) {
  const items: Array<Record<string, unknown>> = [];
  let cursor: string | undefined;
  do {
    const res = await call(handler, apiEvent(id, { caller, query: { ...query, limit: '100', ...(cursor ? { cursor } : {}) } }));
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    cursor = res.body.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

beforeAll(async () => {
  // The caps these tests assume, set through the API (the configuración tests never change them).
  for (const [clave, valor] of [
    ['tasa_usura_credito_anual', '37.13'],
    ['tasa_usura_microcredito_anual', '51.71'],
  ]) {
    const res = await call(
      actualizarConfig,
      apiEvent('actualizar-configuracion', { caller: ADMIN, params: { clave: clave! }, body: { valor } }),
    );
    expect(res.status).toBe(200);
  }
});

describe('POST /api/productos', () => {
  it('crea un producto activo con la tasa normalizada, los términos por defecto, su guarda de código y la actividad', async () => {
    const body = nuevo({ codigo: ` ${codigo().toLowerCase()} ` });
    const res = await crearPorApi(ADMIN, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      codigo: body.codigo.trim().toUpperCase(),
      tasa_interes_anual: '18.50',
      tasa_moratoria_anual: '24.05',
      metodo_amortizacion: 'cuota_nivelada',
      dias_tolerancia: 0,
      es_microcredito: false,
      activo: true,
      monto_minimo_centimos: 5_000_000,
      updated_at: null,
    });
    expect(await obtenerProducto(res.body.id)).toEqual(res.body);
    const guard = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.unicoProductoCodigo(res.body.codigo) }));
    expect(guard.Item?.producto_id).toBe(res.body.id);
    expect(await actividades(`Producto ${res.body.nombre} (${res.body.codigo}) creado`)).toBe(1);
  });

  it('rechaza un código repetido (sin distinguir mayúsculas) con 409 y no crea el segundo', async () => {
    const first = await crearOk();
    const res = await crearPorApi(ADMIN, nuevo({ codigo: first.codigo.toLowerCase(), nombre: 'Duplicado xyz' }));
    expect(res).toMatchObject({ status: 409, body: { code: 'DUPLICATE', message: 'Ya existe un producto con este código' } });
    const lista = await todas(listar, 'listar-productos', ADMIN);
    expect(lista.filter((p) => p.codigo === first.codigo)).toHaveLength(1);
  });

  it('rechaza mínimo mayor que máximo en monto y en plazo con 400 y mensajes por campo', async () => {
    const res = await crearPorApi(ADMIN, nuevo({ monto_minimo_centimos: 60_000_000, plazo_minimo_meses: 30 }));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({
      monto_minimo_centimos: 'El monto mínimo no puede ser mayor que el máximo',
      plazo_minimo_meses: 'El plazo mínimo no puede ser mayor que el máximo',
    });
  });

  it('rechaza una tasa moratoria mayor que 1.3 × la corriente citando el Código de Comercio art. 498', async () => {
    const res = await crearPorApi(ADMIN, nuevo({ tasa_interes_anual: '20', tasa_moratoria_anual: '26.01' }));
    expect(res.status).toBe(400);
    expect(res.body.details.tasa_moratoria_anual).toBe(
      'La tasa moratoria no puede superar en más de un 30 % la tasa de interés corriente (Código de Comercio, art. 498): el máximo para este producto es 26,00\u00a0%',
    );
    const limite = await crearPorApi(ADMIN, nuevo({ tasa_interes_anual: '20', tasa_moratoria_anual: '26' }));
    expect(limite.status).toBe(201);
  });

  it('rechaza una tasa sobre el tope de usura configurado, nombrando el tope; el microcrédito usa su propio tope', async () => {
    const res = await crearPorApi(ADMIN, nuevo({ tasa_interes_anual: '40.00' }));
    expect(res).toMatchObject({
      status: 400,
      body: {
        message: 'La tasa de interés supera la tasa máxima anual vigente para crédito (37,13\u00a0%, Ley 7472 art. 36 bis)',
        details: {
          tasa_interes_anual:
            'La tasa de interés supera la tasa máxima anual vigente para crédito (37,13\u00a0%, Ley 7472 art. 36 bis)',
        },
      },
    });
    const micro = await crearPorApi(ADMIN, nuevo({ tasa_interes_anual: '40.00', es_microcredito: true }));
    expect(micro.status).toBe(201);
    const sobreMicro = await crearPorApi(ADMIN, nuevo({ tasa_interes_anual: '52.00', es_microcredito: true }));
    expect(sobreMicro.body.details.tasa_interes_anual).toContain('microcrédito (51,71\u00a0%');
  });

  it('valida cada campo con mensajes en español', async () => {
    const res = await crearPorApi(ADMIN, {
      codigo: 'x',
      nombre: 'A',
      monto_minimo_centimos: 10.5,
      plazo_minimo_meses: 0,
      plazo_maximo_meses: 400,
      tasa_interes_anual: 18.5,
      dias_tolerancia: -1,
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({
      codigo: 'El código solo admite letras, números y guiones (de 2 a 20 caracteres)',
      nombre: 'El nombre debe tener al menos 3 caracteres',
      monto_minimo_centimos: 'El monto debe estar en céntimos enteros',
      monto_maximo_centimos: 'El monto máximo es requerido',
      plazo_minimo_meses: 'El plazo debe estar entre 1 y 360 meses',
      plazo_maximo_meses: 'El plazo debe estar entre 1 y 360 meses',
      tasa_interes_anual: 'La tasa debe ser un porcentaje con hasta 2 decimales, enviado como texto (ej. "18.50")',
      dias_tolerancia: 'Los días de tolerancia deben ser un número entero entre 0 y 90',
    });
  });

  it('solo un administrador crea productos: analista, cobrador y cliente reciben 403, sin token 401', async () => {
    for (const caller of [ANALISTA, COBRADOR, CLIENTE]) {
      const res = await crearPorApi(caller, nuevo());
      expect(res).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'No tienes permisos para realizar esta acción' },
      });
    }
    expect((await call(crear, apiEvent('crear-producto', { body: nuevo() }))).status).toBe(401);
  });
});

describe('PUT /api/productos/{id}', () => {
  it('edita el producto, mueve la guarda del código y conserva los términos que el formulario no envía', async () => {
    const p = await crearOk({ dias_tolerancia: 5, metodo_amortizacion: 'capital_constante' });
    const nuevoCodigo = codigo();
    const res = await actualizarPorApi(
      ADMIN,
      p.id,
      nuevo({ codigo: nuevoCodigo, nombre: 'Renombrado', tasa_interes_anual: '19' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: p.id,
      codigo: nuevoCodigo,
      nombre: 'Renombrado',
      tasa_interes_anual: '19.00',
      dias_tolerancia: 5,
      metodo_amortizacion: 'capital_constante',
      tasa_moratoria_anual: '24.05',
      created_at: p.created_at,
      updated_at: expect.any(String),
    });
    // the old code is free again, the new one is taken
    expect((await crearPorApi(ADMIN, nuevo({ codigo: p.codigo }))).status).toBe(201);
    expect((await crearPorApi(ADMIN, nuevo({ codigo: nuevoCodigo }))).status).toBe(409);
    expect(await actividades(`Producto Renombrado (${nuevoCodigo}) actualizado`)).toBe(1);
  });

  it('no permite tomar el código de otro producto (409) y no cambia nada', async () => {
    const a = await crearOk();
    const b = await crearOk();
    const res = await actualizarPorApi(ADMIN, b.id, nuevo({ codigo: a.codigo, nombre: 'Intento' }));
    expect(res).toMatchObject({ status: 409, body: { message: 'Ya existe un producto con este código' } });
    expect(await obtenerProducto(b.id)).toMatchObject({ codigo: b.codigo, nombre: b.nombre });
    const guard = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.unicoProductoCodigo(b.codigo) }));
    expect(guard.Item?.producto_id).toBe(b.id);
  });

  it('aplica las mismas reglas: bajar la tasa deja la moratoria guardada por encima del 130 % y se rechaza', async () => {
    const p = await crearOk({ tasa_interes_anual: '30', tasa_moratoria_anual: '39' });
    const res = await actualizarPorApi(ADMIN, p.id, nuevo({ codigo: p.codigo, tasa_interes_anual: '20' }));
    expect(res.status).toBe(400);
    expect(res.body.details.tasa_moratoria_anual).toContain('art. 498');
    expect(await obtenerProducto(p.id)).toMatchObject({ tasa_interes_anual: '30.00', tasa_moratoria_anual: '39.00' });
  });

  it('ediciones simultáneas: ninguna se pierde en silencio (cada éxito sube la versión una vez, las demás reciben 409)', async () => {
    const p = await crearOk();
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => actualizarPorApi(ADMIN, p.id, nuevo({ codigo: p.codigo, nombre: `Versión ${n}` }))),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const item = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.producto(p.id) }));
    expect(item.Item?.version).toBe(1 + ok.length);
    expect(ok.map((r) => r.body.nombre)).toContain(item.Item?.nombre);
  });

  it('responde 404 para un producto inexistente y 403 a analista y cobrador', async () => {
    const res = await actualizarPorApi(ADMIN, 'NOEXISTE', nuevo());
    expect(res).toMatchObject({ status: 404, body: { message: 'Producto no encontrado' } });
    for (const caller of [ANALISTA, COBRADOR, CLIENTE]) {
      expect((await actualizarPorApi(caller, 'NOEXISTE', nuevo())).status).toBe(403);
    }
  });
});

describe('PATCH /api/productos/{id} y listas de activos', () => {
  it('desactivar lo saca de los activos y activar lo devuelve; pedir el mismo estado no escribe ni registra nada', async () => {
    const p = await crearOk({ nombre: `Zeta ${codigo()}` });
    const activosDe = async () => (await todas(listarActivos, 'listar-productos-activos', CLIENTE)).map((x) => x.id);
    expect(await activosDe()).toContain(p.id);

    const off = await cambiarEstadoPorApi(ADMIN, p.id, { activo: false });
    expect(off).toMatchObject({ status: 200, body: { id: p.id, activo: false } });
    expect(await activosDe()).not.toContain(p.id);
    expect((await todas(listar, 'listar-productos', ANALISTA, { activos: 'true' })).map((x) => x.id)).not.toContain(p.id);
    expect((await todas(listar, 'listar-productos', COBRADOR)).find((x) => x.id === p.id)).toMatchObject({ activo: false });

    const again = await cambiarEstadoPorApi(ADMIN, p.id, { activo: false });
    expect(again.status).toBe(200);
    expect(await actividades(`Producto ${p.nombre} (${p.codigo}) desactivado`)).toBe(1);

    const on = await cambiarEstadoPorApi(ADMIN, p.id, { activo: true });
    expect(on.body.activo).toBe(true);
    expect(await activosDe()).toContain(p.id);
    expect(await actividades(`Producto ${p.nombre} (${p.codigo}) activado`)).toBe(1);
  });

  it('reescribir el producto conserva atributos que este módulo no conoce y quita el índice de activos al desactivar', async () => {
    const p = await crearOk();
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.producto(p.id),
        UpdateExpression: 'SET otro_modulo = :x',
        ExpressionAttributeValues: { ':x': 7 },
      }),
    );
    await cambiarEstadoPorApi(ADMIN, p.id, { activo: false });
    const item = (await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.producto(p.id) }))).Item!;
    expect(item).toMatchObject({ otro_modulo: 7, activo: false, version: 2, gsi1pk: 'PRODUCTOS' });
    expect(item).not.toHaveProperty('gsi2pk');
  });

  it('peticiones simultáneas iguales se aplican una sola vez', async () => {
    const p = await crearOk();
    const results = await Promise.all([1, 2, 3].map(() => cambiarEstadoPorApi(ADMIN, p.id, { activo: false })));
    for (const r of results) expect(r).toMatchObject({ status: 200, body: { activo: false } });
    expect(await actividades(`Producto ${p.nombre} (${p.codigo}) desactivado`)).toBe(1);
  });

  it('valida el cuerpo, responde 404 si no existe y 403 a quien no es administrador', async () => {
    const p = await crearOk();
    const bad = await cambiarEstadoPorApi(ADMIN, p.id, { activo: 'no' });
    expect(bad).toMatchObject({ status: 400, body: { details: { activo: 'activo debe ser verdadero o falso' } } });
    const missing = await cambiarEstadoPorApi(ADMIN, 'NOEXISTE', { activo: false });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Producto no encontrado' } });
    for (const caller of [ANALISTA, COBRADOR, CLIENTE]) {
      expect((await cambiarEstadoPorApi(caller, p.id, { activo: false })).status).toBe(403);
    }
    expect((await obtenerProducto(p.id))?.activo).toBe(true);
  });

  it('la lista del personal va de más reciente a más antiguo y pagina con cursor', async () => {
    const a = await crearOk();
    const b = await crearOk();
    const first = await call(listar, apiEvent('listar-productos', { caller: COBRADOR, query: { limit: '1' } }));
    expect(first.body.items).toHaveLength(1);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const ids = (await todas(listar, 'listar-productos', ANALISTA)).map((x) => x.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    const lista = await todas(listar, 'listar-productos', ANALISTA);
    for (let i = 1; i < lista.length; i++) expect(String(lista[i - 1]!.created_at) >= String(lista[i]!.created_at)).toBe(true);
  });

  it('los activos (personal con ?activos=true y clientes en /activos) van ordenados por nombre y solo activos', async () => {
    await crearOk({ nombre: `Ábaco ${codigo()}` });
    await crearOk({ nombre: `abeja ${codigo()}` });
    for (const lista of [
      await todas(listar, 'listar-productos', ADMIN, { activos: 'true' }),
      await todas(listarActivos, 'listar-productos-activos', CLIENTE),
    ]) {
      expect(lista.length).toBeGreaterThanOrEqual(2);
      expect(lista.every((x) => x.activo === true)).toBe(true);
      const nombres = lista.map((x) => normalizeTerm(String(x.nombre)));
      expect(nombres).toEqual([...nombres].sort());
    }
    const page = await call(listarActivos, apiEvent('listar-productos-activos', { caller: CLIENTE, query: { limit: '1' } }));
    expect(page.body.items).toHaveLength(1);
    expect(page.body.nextCursor).toEqual(expect.any(String));
  });

  it('un cliente no lista todos los productos (403) y ?activos inválido es 400', async () => {
    expect((await call(listar, apiEvent('listar-productos', { caller: CLIENTE }))).status).toBe(403);
    const bad = await call(listar, apiEvent('listar-productos', { caller: ADMIN, query: { activos: 'si' } }));
    expect(bad).toMatchObject({ status: 400, body: { details: { activos: "activos debe ser 'true' o 'false'" } } });
    expect((await call(listarActivos, apiEvent('listar-productos-activos', {}))).status).toBe(401);
  });
});

describe('tope de usura configurable', () => {
  it('bajar el tope hace rechazar lo que antes se aceptaba, con el nuevo valor en el mensaje', async () => {
    const set = (valor: string) =>
      call(
        actualizarConfig,
        apiEvent('actualizar-configuracion', { caller: ADMIN, params: { clave: 'tasa_usura_credito_anual' }, body: { valor } }),
      );
    try {
      expect((await set('30')).body.valor).toBe('30.00');
      const res = await crearPorApi(ADMIN, nuevo({ tasa_interes_anual: '35' }));
      expect(res.body.details?.tasa_interes_anual).toBe(
        'La tasa de interés supera la tasa máxima anual vigente para crédito (30,00\u00a0%, Ley 7472 art. 36 bis)',
      );
    } finally {
      await set('37.13');
    }
    expect((await crearPorApi(ADMIN, nuevo({ tasa_interes_anual: '35' }))).status).toBe(201);
  });
});

describe('precio del producto por la API', () => {
  it('crea con comisión, gracia y múltiplo; editar sin enviarlos los conserva y un producto sin ellos no los muestra', async () => {
    const p = await crearOk({
      comision_formalizacion_tipo: 'porcentaje',
      comision_formalizacion_valor: '3',
      comision_formalizacion_modalidad: 'deducida',
      meses_gracia: 2,
      multiplo_cuota: 100,
    });
    const precio = {
      comision_formalizacion_tipo: 'porcentaje',
      comision_formalizacion_valor: '3.00',
      comision_formalizacion_modalidad: 'deducida',
      meses_gracia: 2,
      multiplo_cuota: 100,
    };
    expect(p).toMatchObject(precio);
    expect(await obtenerProducto(p.id)).toMatchObject(precio);
    const res = await actualizarPorApi(ADMIN, p.id, nuevo({ codigo: p.codigo }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(precio);
    const limpio = await actualizarPorApi(
      ADMIN,
      p.id,
      nuevo({ codigo: p.codigo, comision_formalizacion_tipo: null, multiplo_cuota: null }),
    );
    expect(limpio.body).toMatchObject({
      comision_formalizacion_tipo: null,
      comision_formalizacion_valor: null,
      multiplo_cuota: null,
      meses_gracia: 2,
    });
    const simple = await crearOk();
    expect(simple).not.toHaveProperty('comision_formalizacion_tipo');
    expect(simple).not.toHaveProperty('meses_gracia');
  });

  it('rechaza con 400 y mensaje por campo una gracia que no deja cuotas en el plazo mínimo', async () => {
    const res = await crearPorApi(ADMIN, nuevo({ meses_gracia: 3 }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(
      'Los meses de gracia deben ser menos que el plazo mínimo del producto: como máximo 2',
    );
  });
});
