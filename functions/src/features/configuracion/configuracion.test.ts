import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ddb, queryAll, tableName } from '#commons/db';
import { errorResult } from '#commons/http';
import { itemFor } from '#commons/items';
import { keys } from '#commons/keys';
import { logger, REDACTED, redactar } from '#commons/logger';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR, type TestCaller } from '../../../test/events';
import { CLAVES_EN_ORDEN } from '../../../test/configuracion-fixtures';
import { actividadesIguales } from '../../../test/lending-fixtures';
import { handler as actualizar } from './actualizar-configuracion';
import { handler as actualizarMetodo } from './actualizar-metodo-pago';
import { handler as listar } from './listar-configuracion';
import { handler as listarCuentas } from './listar-cuentas-bancarias';
import { handler as listarMetodos } from './listar-metodos-pago';
import {
  obtenerCuentaBancaria,
  obtenerCuentasBancarias,
  obtenerMetodoPago,
  obtenerValorConfiguracion,
  obtenerValoresConfiguracion,
} from './store';

/*
 * These tests write only keys no other feature's tests read (the Stripe keys); the usury caps,
 * timezone, card switch and reflection hours are exercised with rejected values only.
 */
const CLIENTE: TestCaller = { sub: 'cliente-configuracion' };
const SECRETO = `sk_test_${Date.now().toString(36)}secreto`;

const actividades = async (descripcion: string): Promise<number> => (await actividadesIguales(descripcion)).length;

const put = (clave: string, valor: unknown, caller: TestCaller = ADMIN) =>
  call(actualizar, apiEvent('actualizar-configuracion', { caller, params: { clave }, body: { valor } }));

describe('GET /api/configuracion', () => {
  beforeAll(async () => {
    expect((await put('stripe_secret_key', SECRETO)).status).toBe(200);
  });

  it('un administrador recibe todas las claves ordenadas por categoría, incluidas las secretas', async () => {
    const res = await call(listar, apiEvent('listar-configuracion', { caller: ADMIN }));
    expect(res.status).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    const items = res.body.items as Array<{ clave: string; categoria: string; valor: string; tipo_dato: string }>;
    expect(items.map((c) => c.clave)).toEqual(CLAVES_EN_ORDEN);
    expect(items.map((c) => c.categoria)).toEqual([
      'general',
      'general',
      'general',
      'general',
      'general',
      'general',
      'general',
      'general',
      'general',
      'pagos',
      'pagos',
      'pagos',
      'pagos',
    ]);
    expect(items.find((c) => c.clave === 'stripe_secret_key')).toMatchObject({ valor: SECRETO, tipo_dato: 'password' });
    expect(items.find((c) => c.clave === 'allow_credit_card_payments')).toMatchObject({ tipo_dato: 'boolean' });
  });

  it('analista, cobrador y cliente reciben solo las claves públicas, nunca un secreto', async () => {
    for (const caller of [ANALISTA, COBRADOR, CLIENTE]) {
      const res = await call(listar, apiEvent('listar-configuracion', { caller }));
      expect(res.status).toBe(200);
      expect(res.body.items.map((c: { clave: string }) => c.clave).sort()).toEqual([
        'allow_credit_card_payments',
        'desembolso_analista',
        'maker_checker',
        'payment_reflection_hours',
        'timezone',
      ]);
      expect(JSON.stringify(res.body)).not.toContain(SECRETO);
      expect(JSON.stringify(res.body)).not.toContain('stripe');
    }
    expect((await call(listar, apiEvent('listar-configuracion', {}))).status).toBe(401);
  });
});

describe('PUT /api/configuracion/{clave}', () => {
  it('guarda el valor, lo devuelve y lo registra una sola vez sin escribir el valor en la actividad', async () => {
    const valor = `pk_test_${Date.now().toString(36)}`;
    const antes = await actividades('Configuración actualizada: stripe_publishable_key');
    const res = await put('stripe_publishable_key', valor);
    expect(res).toMatchObject({
      status: 200,
      body: { clave: 'stripe_publishable_key', valor, categoria: 'pagos', tipo_dato: 'password', updated_at: expect.any(String) },
    });
    expect(await obtenerValorConfiguracion('stripe_publishable_key')).toBe(valor);
    expect(await actividades('Configuración actualizada: stripe_publishable_key')).toBe(antes + 1);
    // the same value again: nothing new is written or logged
    const again = await put('stripe_publishable_key', valor);
    expect(again).toMatchObject({ status: 200, body: { valor, updated_at: res.body.updated_at } });
    expect(await actividades('Configuración actualizada: stripe_publishable_key')).toBe(antes + 1);
    const { items } = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'contains(descripcion, :v)',
      ExpressionAttributeValues: { ':pk': 'ACTIVIDAD', ':v': valor },
    });
    expect(items).toEqual([]);
  });

  it('peticiones simultáneas con el mismo valor se aplican una sola vez', async () => {
    const valor = `pk_live_${Date.now().toString(36)}`;
    const antes = await actividades('Configuración actualizada: stripe_publishable_key');
    const results = await Promise.all([1, 2, 3].map(() => put('stripe_publishable_key', valor)));
    for (const r of results) expect(r).toMatchObject({ status: 200, body: { valor } });
    expect(await actividades('Configuración actualizada: stripe_publishable_key')).toBe(antes + 1);
  });

  it('valida el valor según la clave con mensajes en español', async () => {
    const casos: Array<[string, unknown, string]> = [
      ['timezone', 'Costa Rica', 'Zona horaria inválida: usa un nombre IANA como America/Costa_Rica'],
      ['allow_credit_card_payments', 'sí', 'El valor debe ser "true" o "false"'],
      ['payment_reflection_hours', '200', 'Las horas de reflejo deben ser un número entero entre 0 y 168'],
      ['payment_reflection_hours', '1.5', 'Las horas de reflejo deben ser un número entero entre 0 y 168'],
      [
        'tasa_usura_credito_anual',
        '37.125',
        'La tasa máxima debe ser un porcentaje entre 0,01 y 100, con hasta 2 decimales (ej. 37,13)',
      ],
      [
        'tasa_usura_microcredito_anual',
        '0',
        'La tasa máxima debe ser un porcentaje entre 0,01 y 100, con hasta 2 decimales (ej. 37,13)',
      ],
      ['stripe_secret_key', 'pk_live_x', 'La clave secreta de Stripe debe empezar con sk_ o rk_'],
      ['timezone', true, 'El valor es requerido'],
    ];
    for (const [clave, valor, message] of casos) {
      const res = await put(clave, valor);
      expect(res, `${clave}=${String(valor)}`).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR', details: { valor: message } },
      });
    }
    expect(await obtenerValorConfiguracion('timezone')).toBe('America/Costa_Rica');
  });

  it('una clave desconocida es 404 y una mal formada es 400', async () => {
    expect(await put('no_existe', 'x')).toMatchObject({ status: 404, body: { message: 'Configuración no encontrada' } });
    expect(await put('Mal-Formada!', 'x')).toMatchObject({
      status: 400,
      body: { details: { clave: 'Clave de configuración inválida' } },
    });
  });

  it('solo un administrador cambia la configuración: analista, cobrador y cliente reciben 403', async () => {
    for (const caller of [ANALISTA, COBRADOR, CLIENTE]) {
      expect(await put('stripe_secret_key', 'sk_test_intruso', caller)).toMatchObject({
        status: 403,
        body: { message: 'No tienes permisos para realizar esta acción' },
      });
    }
    expect(await obtenerValorConfiguracion('stripe_secret_key')).not.toBe('sk_test_intruso');
  });
});

describe('obtenerValorConfiguracion / obtenerValoresConfiguracion', () => {
  it('una clave nunca guardada se lee con su valor por defecto', async () => {
    await ddb.send(new DeleteCommand({ TableName: tableName(), Key: keys.configuracion('stripe_publishable_key') }));
    expect(await obtenerValorConfiguracion('stripe_publishable_key')).toBe('');
    const s = await obtenerValoresConfiguracion(['stripe_publishable_key', 'stripe_secret_key']);
    expect(s).toEqual({ stripe_publishable_key: '', stripe_secret_key: expect.stringMatching(/^sk_test_/) });
  });
});

// ---------------------------------------------------------------- payment methods

const tag = Date.now().toString(36);
const metodo = (codigo: string, orden: number, activo: boolean) => ({
  id: `${codigo}_${tag}`,
  codigo: `${codigo}_${tag}`,
  nombre: `${codigo} ${tag}`,
  requiere_referencia: codigo === 'sinpe',
  activo,
  orden,
});
const METODOS = [
  metodo('deposito', 903, true),
  metodo('sinpe', 901, true),
  metodo('efectivo', 904, false),
  metodo('transfer', 902, true),
];
const mios = (items: Array<{ codigo: string }>) =>
  items.filter((m) => m.codigo.endsWith(`_${tag}`)).map((m) => m.codigo.split('_')[0]);

describe('/api/metodos-pago', () => {
  beforeAll(async () => {
    for (const m of METODOS) await ddb.send(new PutCommand({ TableName: tableName(), Item: itemFor.metodoPago(m) }));
  });

  it('un cliente ve solo los activos por orden; el personal los ve todos por orden', async () => {
    const cliente = await call(listarMetodos, apiEvent('listar-metodos-pago', { caller: CLIENTE }));
    expect(cliente.status).toBe(200);
    expect(mios(cliente.body.items)).toEqual(['sinpe', 'transfer', 'deposito']);
    for (const caller of [ADMIN, ANALISTA, COBRADOR]) {
      const staff = await call(listarMetodos, apiEvent('listar-metodos-pago', { caller }));
      expect(mios(staff.body.items)).toEqual(['sinpe', 'transfer', 'deposito', 'efectivo']);
    }
    expect(cliente.body.items.find((m: { codigo: string }) => m.codigo === `sinpe_${tag}`)).toEqual({
      id: `sinpe_${tag}`,
      codigo: `sinpe_${tag}`,
      nombre: `sinpe ${tag}`,
      requiere_referencia: true,
      activo: true,
      orden: 901,
    });
  });

  it('un administrador desactiva y activa un método; el cliente deja de verlo; repetir no registra de nuevo', async () => {
    const id = `deposito_${tag}`;
    const patch = (activo: unknown, caller: TestCaller = ADMIN) =>
      call(actualizarMetodo, apiEvent('actualizar-metodo-pago', { caller, params: { id }, body: { activo } }));
    const results = await Promise.all([patch(false), patch(false), patch(false)]);
    for (const r of results) expect(r).toMatchObject({ status: 200, body: { id, activo: false } });
    expect(await actividades(`Método de pago deposito ${tag} desactivado`)).toBe(1);
    expect(await obtenerMetodoPago(id)).toMatchObject({ activo: false });
    const cliente = await call(listarMetodos, apiEvent('listar-metodos-pago', { caller: CLIENTE }));
    expect(mios(cliente.body.items)).toEqual(['sinpe', 'transfer']);

    expect((await patch(true)).body.activo).toBe(true);
    expect(await actividades(`Método de pago deposito ${tag} activado`)).toBe(1);
    expect(await patch('no')).toMatchObject({ status: 400, body: { details: { activo: 'activo debe ser verdadero o falso' } } });
  });

  it('404 para un método inexistente; 403 a analista, cobrador y cliente', async () => {
    const res = await call(
      actualizarMetodo,
      apiEvent('actualizar-metodo-pago', { caller: ADMIN, params: { id: 'no_existe' }, body: { activo: true } }),
    );
    expect(res).toMatchObject({ status: 404, body: { message: 'Método de pago no encontrado' } });
    for (const caller of [ANALISTA, COBRADOR, CLIENTE]) {
      const r = await call(
        actualizarMetodo,
        apiEvent('actualizar-metodo-pago', { caller, params: { id: `sinpe_${tag}` }, body: { activo: false } }),
      );
      expect(r.status).toBe(403);
    }
    expect((await obtenerMetodoPago(`sinpe_${tag}`))?.activo).toBe(true);
    expect(await obtenerMetodoPago('no_existe')).toBeNull();
  });
});

// ---------------------------------------------------------------- bank accounts

describe('/api/cuentas-bancarias', () => {
  const cuentas = [
    {
      id: `cuenta-a-${tag}`,
      banco: 'Banco de Costa Rica',
      numero_cuenta: 'CR05015202001026284066',
      moneda: 'CRC',
      activa: true,
      created_at: '2026-01-01T00:00:00.000Z',
    },
    {
      id: `cuenta-b-${tag}`,
      banco: 'Banco Nacional de Costa Rica',
      numero_cuenta: 'CR21015110010012345678',
      moneda: 'USD',
      activa: false,
      created_at: '2026-01-02T00:00:00.000Z',
    },
  ];
  beforeAll(async () => {
    for (const c of cuentas) await ddb.send(new PutCommand({ TableName: tableName(), Item: itemFor.cuentaBancaria(c) }));
  });

  it('el personal las lista paginadas; obtenerCuentaBancaria y obtenerCuentasBancarias las resuelven por id', async () => {
    for (const caller of [ADMIN, ANALISTA, COBRADOR]) {
      const seen: Array<{ id: string }> = [];
      let cursor: string | undefined;
      do {
        const res = await call(
          listarCuentas,
          apiEvent('listar-cuentas-bancarias', { caller, query: { limit: '1', ...(cursor ? { cursor } : {}) } }),
        );
        expect(res.status).toBe(200);
        expect(res.body.items.length).toBeLessThanOrEqual(1);
        seen.push(...res.body.items);
        cursor = res.body.nextCursor ?? undefined;
      } while (cursor);
      expect(seen.filter((c) => c.id.endsWith(tag))).toEqual(cuentas);
    }
    expect(await obtenerCuentaBancaria(cuentas[0]!.id)).toEqual(cuentas[0]);
    expect(await obtenerCuentaBancaria('no-existe')).toBeNull();
    const map = await obtenerCuentasBancarias([cuentas[1]!.id, 'no-existe', cuentas[1]!.id]);
    expect([...map.keys()]).toEqual([cuentas[1]!.id]);
  });

  it('un cliente no las ve (403)', async () => {
    expect((await call(listarCuentas, apiEvent('listar-cuentas-bancarias', { caller: CLIENTE }))).status).toBe(403);
  });
});

/*
 * Issue 7 §5: the Stripe-style settings (tipo_dato 'password') are never answered to anyone but
 * an administrator and never reach the logs. Runs after the blocks above (same file, in order),
 * so the stored values it checks are its own.
 */
describe('secretos de configuración', () => {
  const secreta = `sk_live_${Date.now().toString(36)}Secreta9`;
  const publicable = `pk_live_${Date.now().toString(36)}Publica7`;
  let logs: string[] = [];

  beforeAll(() => {
    logger.setLogLevel('DEBUG');
    const capture = (chunk: unknown) => {
      logs.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  });
  afterAll(() => {
    vi.restoreAllMocks();
    logger.setLogLevel('SILENT');
  });

  it('analista, cobrador, cliente y quien tiene varios roles sin admin nunca reciben un valor de tipo password', async () => {
    expect((await put('stripe_secret_key', secreta)).status).toBe(200);
    expect((await put('stripe_publishable_key', publicable)).status).toBe(200);
    const varios: TestCaller = { sub: 'analista-cobrador-1', groups: ['analista', 'cobrador'] };
    for (const caller of [ANALISTA, COBRADOR, CLIENTE, varios]) {
      const res = await listar(apiEvent('listar-configuracion', { caller }));
      expect(res.statusCode).toBe(200);
      const body = JSON.parse(res.body ?? '{}') as { items: Array<{ clave: string; tipo_dato: string }> };
      expect(body.items.length).toBeGreaterThan(0);
      expect(body.items.filter((c) => c.tipo_dato === 'password')).toEqual([]);
      expect(res.body).not.toContain(secreta);
      expect(res.body).not.toContain(publicable);
      expect(res.body).not.toMatch(/\b(sk|rk|pk)_/);
      // same origin behind CloudFront: no CORS header, nobody else's page may read the answer
      expect(Object.keys(res.headers ?? {}).filter((h) => /^access-control-/i.test(h))).toEqual([]);
      // and cannot write one
      expect((await put('stripe_secret_key', `sk_test_${caller.sub}Intruso1`, caller)).status).toBe(403);
    }
    // the administrator does receive both (the Pagos tab shows them as password fields)
    const admin = await listar(apiEvent('listar-configuracion', { caller: ADMIN }));
    expect(admin.body).toContain(secreta);
    expect(admin.body).toContain(publicable);
    expect(await obtenerValorConfiguracion('stripe_secret_key')).toBe(secreta);
  });

  it('ni guardarlas, ni leerlas, ni un valor rechazado, ni un error que las cite las llevan a los registros', async () => {
    logs = [];
    const otra = `rk_live_${Date.now().toString(36)}Restringida3`;
    expect((await put('stripe_secret_key', otra)).status).toBe(200);
    expect((await put('stripe_publishable_key', `${secreta}`)).status).toBe(400);
    expect((await listar(apiEvent('listar-configuracion', { caller: ADMIN }))).statusCode).toBe(200);
    // an unexpected error whose message quotes the value, logged by the API's error mapper
    expect(errorResult(new Error(`DynamoDB rechazó ${otra} y ${secreta}`)).statusCode).toBe(500);
    // any code that logs a secret by attribute name, nested, or a bearer token
    logger.info('diagnóstico', {
      password: 'Una-Contraseña-Larga-2026!',
      entrada: { stripe_secret_key: otra, authorization: 'Bearer abc.def.ghi' },
      nota: `token ${'ey' + 'J'}hbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.firma`,
    });
    const text = logs.join('');
    expect(text).toContain('"route":"actualizar-configuracion"'); // the access log was captured
    expect(text).toContain('error no controlado');
    for (const valor of [otra, secreta, publicable, 'Una-Contraseña-Larga-2026!', 'Bearer abc.def.ghi', 'hbGciOiJSUzI1NiJ9']) {
      expect(text, valor).not.toContain(valor);
    }
    expect(text).toContain(REDACTED);
  });

  it('redactar: por nombre de atributo y por forma del valor; lo demás queda intacto', () => {
    expect(redactar('stripe_secret_key', 'x')).toBe(REDACTED);
    expect(redactar('Authorization', 'Bearer x')).toBe(REDACTED);
    expect(redactar('nueva_contrasena', 'x')).toBe(REDACTED);
    expect(redactar('mensaje', `clave sk_test_${'a'.repeat(10)} usada`)).toBe(`clave ${REDACTED} usada`);
    expect(redactar('route', 'actualizar-configuracion')).toBe('actualizar-configuracion');
    expect(redactar('pk', 'CLIENTE#01HX')).toBe('CLIENTE#01HX');
    expect(redactar('status', 200)).toBe(200);
  });
});
