import { DEFAULT_TIMEZONE, fechaNegocio, generarCuotas, moraDiaria, sumarDias, sumarMeses } from '@cuota/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryAll, tableName } from '#commons/db';
import { keys } from '#commons/keys';
import { logger } from '#commons/logger';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR } from '../../../test/events';
import { actividadesCon, lineaUsada, notificacionesDe } from '../../../test/lending-fixtures';
import {
  clienteConUsuario,
  creditoEnCartera,
  leerCredito,
  METODOS_PRUEBA,
  metodosDePrueba,
  pagosDeCredito,
  calendarioDePrueba,
} from '../../../test/pagos-fixtures';
import { guardarConfiguracion } from '../configuracion/store';
import { handler as listar } from './listar-pagos';
import { handler as listarPortal } from './listar-pagos-portal';
import { handler as reportar } from './reportar-pago';
import { handler as reportarTarjeta } from './reportar-pago-tarjeta';
import { aprobarPago, rechazarPago } from '../../../test/rutas';

const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);
const STAFF_CALLER = {
  userId: ADMIN.sub,
  email: 'admin@prueba.cr',
  nombre: 'Ada',
  apellido: 'Admin',
  roles: ['admin' as const],
  isStaff: true,
};

/** Events of the real routes, with the Idempotency-Key as `clave`. */
const evento = apiEvent;

const reporte = (creditoId: string, over: Record<string, unknown> = {}) => ({
  credito_id: creditoId,
  monto_centimos: 50_000_00,
  fecha_pago: hoy,
  canal: METODOS_PRUEBA.sinReferencia,
  ...over,
});

beforeAll(async () => {
  await metodosDePrueba();
});

describe('POST /api/portal/pagos (reportar pago)', () => {
  it('registra un pago propio pendiente de conciliación, sin mover dinero, y lo lista primero en Mis Pagos', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -10) });
    const res = await call(
      reportar,
      evento('reportar-pago', { caller, body: reporte(credito.id, { referencia_externa: 'FT26123456789' }) }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      credito_id: credito.id,
      numero_credito: credito.numero_credito,
      cliente_id: cliente.id,
      cliente_nombre: 'Rebeca Solano Ulate',
      monto_centimos: 50_000_00,
      fecha_pago: hoy,
      fecha_valor: null,
      cuenta_destino_id: null,
      referencia_externa: 'FT26123456789',
      canal: METODOS_PRUEBA.sinReferencia,
      estado: 'registrado',
      moneda: 'CRC',
      aplicado_capital_centimos: 0,
      aplicado_interes_centimos: 0,
      aplicado_mora_centimos: 0,
    });
    expect(res.body.referencia_pago).toMatch(/^PAGO-\d{13}$/);
    const { credito: c } = await leerCredito(credito.id);
    expect(c).toMatchObject({ saldo_capital_centimos: 1_000_000_00, total_pagado_centimos: 0, version: 1 });
    expect(await actividadesCon(res.body.referencia_pago)).toHaveLength(1);

    const otro = await call(
      reportar,
      evento('reportar-pago', { caller, body: reporte(credito.id, { referencia_pago: 'MI-REF-1' }) }),
    );
    expect(otro.body.referencia_pago).toBe('MI-REF-1');
    const lista = await call(listarPortal, evento('listar-pagos-portal', { caller, query: { limit: '1' } }));
    expect(lista.status).toBe(200);
    expect(lista.body.items.map((p: { id: string }) => p.id)).toEqual([otro.body.id]);
    const siguiente = await call(
      listarPortal,
      evento('listar-pagos-portal', { caller, query: { limit: '5', cursor: lista.body.nextCursor } }),
    );
    expect(siguiente.body.items.map((p: { id: string }) => p.id)).toEqual([res.body.id]);
  });

  it('valida el formulario con los mensajes de la especificación', async () => {
    const { caller } = await clienteConUsuario();
    const res = await call(reportar, evento('reportar-pago', { caller, body: { credito_id: 'X1' } }));
    expect(res.status).toBe(400);
    expect(res.body.details).toMatchObject({
      monto_centimos: 'El monto es requerido',
      fecha_pago: 'La fecha es requerida',
      canal: 'El canal de pago es requerido',
    });
    const cero = await call(
      reportar,
      evento('reportar-pago', { caller, body: reporte('X1', { monto_centimos: 0, referencia_pago: 'x'.repeat(51) }) }),
    );
    expect(cero.body.details).toMatchObject({
      monto_centimos: 'Debe ser un monto válido mayor a 0',
      referencia_pago: 'La referencia no puede superar 50 caracteres',
    });
  });

  it('rechaza fechas futuras o anteriores al desembolso, canales inactivos o desconocidos, referencia faltante y montos mayores a la deuda', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -10), principal: 100_000_00, plazo: 3 });
    const detalles = async (over: Record<string, unknown>) =>
      (await call(reportar, evento('reportar-pago', { caller, body: reporte(credito.id, over) }))).body.details;
    expect(await detalles({ fecha_pago: sumarDias(hoy, 1) })).toEqual({ fecha_pago: 'La fecha de pago no puede ser futura' });
    expect(await detalles({ fecha_pago: sumarDias(hoy, -11) })).toEqual({
      fecha_pago: 'La fecha de pago no puede ser anterior al desembolso del crédito',
    });
    expect(await detalles({ canal: METODOS_PRUEBA.inactivo })).toEqual({ canal: 'El canal de pago no está disponible' });
    expect(await detalles({ canal: 'bitcoin' })).toEqual({ canal: 'El canal de pago no está disponible' });
    expect(await detalles({ canal: METODOS_PRUEBA.conReferencia })).toEqual({
      referencia_pago: 'SINPE Móvil (prueba) requiere la referencia del comprobante',
    });
    // all the capital (₡100 000) plus the first cuota's interest is the most it can take
    const plan = generarCuotas({
      principalCentimos: 100_000_00,
      tasaAnual: '24.00',
      plazoMeses: 3,
      fechaDesembolso: sumarDias(hoy, -10),
      metodo: 'cuota_nivelada',
    });
    const maximo = 100_000_00 + plan[0]!.monto_interes_centimos;
    expect((await detalles({ monto_centimos: maximo + 1 })).monto_centimos).toMatch(
      /^El monto excede el saldo pendiente del crédito \(₡/,
    );
    expect(
      (await call(reportar, evento('reportar-pago', { caller, body: reporte(credito.id, { monto_centimos: maximo }) }))).status,
    ).toBe(201);
    expect(await pagosDeCredito(credito.id)).toHaveLength(1);
  });

  it('el crédito de otro cliente o inexistente da 404; un crédito cancelado, 409', async () => {
    const a = await clienteConUsuario();
    const b = await clienteConUsuario();
    const deA = await creditoEnCartera({ cliente: a.cliente, desembolso: sumarDias(hoy, -5), principal: 10_000_00, plazo: 1 });
    const ajeno = await call(
      reportar,
      evento('reportar-pago', { caller: b.caller, body: reporte(deA.id, { monto_centimos: 100 }) }),
    );
    expect(ajeno).toMatchObject({ status: 404, body: { message: 'Crédito no encontrado' } });
    expect((await call(reportar, evento('reportar-pago', { caller: b.caller, body: reporte('NOEXISTE') }))).status).toBe(404);
    expect(await pagosDeCredito(deA.id)).toHaveLength(0);

    // pay it off and approve: the credit is cancelado
    const { credito } = await leerCredito(deA.id);
    const plan = generarCuotas({
      principalCentimos: 10_000_00,
      tasaAnual: '24.00',
      plazoMeses: 1,
      fechaDesembolso: String(credito.fecha_desembolso),
      metodo: 'cuota_nivelada',
    });
    const pago = await call(
      reportar,
      evento('reportar-pago', { caller: a.caller, body: reporte(deA.id, { monto_centimos: plan[0]!.monto_total_centimos }) }),
    );
    expect((await aprobarPago(COBRADOR, pago.body.id)).status).toBe(200);
    const cancelado = await call(
      reportar,
      evento('reportar-pago', { caller: a.caller, body: reporte(deA.id, { monto_centimos: 100 }) }),
    );
    expect(cancelado).toMatchObject({ status: 409, body: { message: 'El crédito ya está cancelado: no admite más pagos' } });
  });

  it('solo un cliente con perfil puede reportar: personal sin cliente 403, sin sesión 401', async () => {
    expect((await call(reportar, evento('reportar-pago', { caller: ADMIN, body: reporte('X1') }))).status).toBe(403);
    expect((await call(listarPortal, evento('listar-pagos-portal', { caller: COBRADOR }))).status).toBe(403);
    const tarjeta = { credito_id: 'X1', monto_centimos: 100, tarjeta_ultimos4: '4242' };
    expect((await call(reportarTarjeta, evento('reportar-pago-tarjeta', { caller: ANALISTA, body: tarjeta }))).status).toBe(403);
    // a signed-in user without a client record (not yet registered in the portal)
    expect(
      (await call(reportar, evento('reportar-pago', { caller: { sub: 'sin-perfil-pagos' }, body: reporte('X1') }))).status,
    ).toBe(403);
    expect((await call(reportar, evento('reportar-pago', { body: reporte('X1') }))).status).toBe(401);
  });
});

describe('Idempotency-Key', () => {
  it('20 peticiones idénticas concurrentes con la misma clave crean un solo pago y todas reciben el primero', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -3) });
    const body = reporte(credito.id, { monto_centimos: 12_345_00 });
    const res = await Promise.all(
      Array.from({ length: 20 }, () => call(reportar, evento('reportar-pago', { caller, body, clave: 'pago-abc-123' }))),
    );
    expect(res.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(res.map((r) => r.body.id)).size).toBe(1);
    expect(await pagosDeCredito(credito.id)).toHaveLength(1);
    expect(await actividadesCon(res[0]!.body.referencia_pago)).toHaveLength(1);

    const repetida = await call(reportar, evento('reportar-pago', { caller, body, clave: 'pago-abc-123' }));
    expect(repetida.body).toEqual(res[0]!.body);
    const distinta = await call(
      reportar,
      evento('reportar-pago', { caller, body: { ...body, monto_centimos: 99_00 }, clave: 'pago-abc-123' }),
    );
    expect(distinta).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    // another key, or the same key from another customer, is another request
    expect((await call(reportar, evento('reportar-pago', { caller, body, clave: 'pago-abc-124' }))).body.id).not.toBe(
      res[0]!.body.id,
    );
    expect(await pagosDeCredito(credito.id)).toHaveLength(2);
    const otro = await clienteConUsuario();
    const suyo = await creditoEnCartera({ cliente: otro.cliente, desembolso: sumarDias(hoy, -3) });
    expect(
      (await call(reportar, evento('reportar-pago', { caller: otro.caller, body: reporte(suyo.id), clave: 'pago-abc-123' })))
        .status,
    ).toBe(201);
  });

  it('rechaza una clave inválida sin escribir nada', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -3) });
    const res = await call(reportar, evento('reportar-pago', { caller, body: reporte(credito.id), clave: 'con espacios y ñ' }));
    expect(res.status).toBe(400);
    expect(res.body.details).toHaveProperty('Idempotency-Key');
    expect(await pagosDeCredito(credito.id)).toHaveLength(0);
  });
});

describe('POST /api/portal/pagos/tarjeta', () => {
  /** What the portal sends: the card validated in the browser, reduced to its last 4 digits. */
  const tarjeta = (creditoId: string, over: Record<string, unknown> = {}) => ({
    credito_id: creditoId,
    monto_centimos: 25_000_00,
    tarjeta_ultimos4: '5556',
    ...over,
  });
  /** The card data that must never be accepted (nor stored, echoed or logged). */
  const DATOS_TARJETA = {
    numero_tarjeta: '4000 0566 5566 5556',
    nombre_titular: 'Marta Titular Vega',
    mes_expiracion: '11',
    anio_expiracion: '39',
    cvv: '9071',
  };
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await guardarConfiguracion('allow_credit_card_payments', 'false', STAFF_CALLER);
  });

  it('con los pagos con tarjeta deshabilitados responde 409 con un mensaje claro y no escribe nada', async () => {
    await guardarConfiguracion('allow_credit_card_payments', 'false', STAFF_CALLER);
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -3) });
    const res = await call(reportarTarjeta, evento('reportar-pago-tarjeta', { caller, body: tarjeta(credito.id) }));
    expect(res).toMatchObject({
      status: 409,
      body: { code: 'TARJETA_DESHABILITADA', message: 'Los pagos con tarjeta no están habilitados' },
    });
    expect(await pagosDeCredito(credito.id)).toHaveLength(0);
  });

  it('registra el pago con tarjeta con solo los últimos 4 dígitos y rechaza cualquier otro dato de la tarjeta: nada más en el ítem, la respuesta ni los logs', async () => {
    await guardarConfiguracion('allow_credit_card_payments', 'true', STAFF_CALLER);
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -3) });
    const salida: string[] = [];
    const capturar = (chunk: unknown) => {
      salida.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(capturar as typeof process.stdout.write);
    vi.spyOn(process.stderr, 'write').mockImplementation(capturar as typeof process.stderr.write);
    const nivel = logger.getLevelName();
    logger.setLogLevel('DEBUG');
    let res;
    const rechazadas = [];
    try {
      res = await call(
        reportarTarjeta,
        evento('reportar-pago-tarjeta', { caller, body: tarjeta(credito.id), clave: 'tarjeta-1' }),
      );
      // the old body (full card, no last-4 field), the last 4 plus any card field, and each field alone
      rechazadas.push(
        await call(
          reportarTarjeta,
          evento('reportar-pago-tarjeta', {
            caller,
            body: { credito_id: credito.id, monto_centimos: 25_000_00, ...DATOS_TARJETA },
            clave: 'tarjeta-2',
          }),
        ),
        await call(
          reportarTarjeta,
          evento('reportar-pago-tarjeta', { caller, body: tarjeta(credito.id, DATOS_TARJETA), clave: 'tarjeta-3' }),
        ),
      );
      for (const [campo, valor] of Object.entries(DATOS_TARJETA)) {
        rechazadas.push(
          await call(reportarTarjeta, evento('reportar-pago-tarjeta', { caller, body: tarjeta(credito.id, { [campo]: valor }) })),
        );
      }
    } finally {
      logger.setLogLevel(nivel);
    }
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      canal: 'tarjeta_credito',
      referencia_externa: '**** 5556',
      estado: 'registrado',
      fecha_pago: hoy,
      monto_centimos: 25_000_00,
    });
    expect(res.body.referencia_pago).toMatch(/^CARD-\d{13}$/);
    expect(rechazadas).toHaveLength(2 + Object.keys(DATOS_TARJETA).length);
    for (const r of rechazadas) {
      expect(r.status).toBe(400);
      expect(r.body.details._).toBe('Los datos de la tarjeta no se envían al servidor: solo sus últimos 4 dígitos');
    }
    expect(rechazadas[0]!.body.details.tarjeta_ultimos4).toBe('Se requieren los últimos 4 dígitos de la tarjeta');

    const logs = salida.join('');
    expect(logs).toContain('reportar-pago-tarjeta'); // the access log was captured
    // only the accepted payment was written; a refused body leaves no idempotency record either
    const items = await pagosDeCredito(credito.id);
    expect(items).toHaveLength(1);
    const [item] = items;
    const { items: registros } = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.idempotencia(caller.sub, 'tarjeta-1').pk },
    });
    expect(registros).toHaveLength(1);
    for (const clave of ['tarjeta-2', 'tarjeta-3']) {
      const { items: otros } = await queryAll({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.idempotencia(caller.sub, clave).pk },
      });
      expect(otros).toHaveLength(0);
    }
    // of the card, the stored payment holds '**** 5556' and nothing else
    const conTarjeta = Object.entries(item!).filter(([, v]) => typeof v === 'string' && v.includes('5556'));
    expect(conTarjeta).toEqual([['referencia_externa', '**** 5556']]);
    for (const texto of [
      logs,
      JSON.stringify(item),
      JSON.stringify(registros),
      JSON.stringify(res.body),
      JSON.stringify(rechazadas.map((r) => r.body)),
    ]) {
      expect(texto).not.toMatch(/4000\s?0566\s?5566/);
      expect(texto).not.toContain('9071');
      expect(texto).not.toContain('Marta Titular');
      expect(texto).not.toMatch(/cvv|numero_tarjeta|nombre_titular|expiracion/i);
    }
  });

  it('exige exactamente los últimos 4 dígitos y valida el monto', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -3) });
    await guardarConfiguracion('allow_credit_card_payments', 'true', STAFF_CALLER);
    for (const ultimos4 of [undefined, '', '556', '55566', 'abcd']) {
      const res = await call(
        reportarTarjeta,
        evento('reportar-pago-tarjeta', { caller, body: tarjeta(credito.id, { tarjeta_ultimos4: ultimos4 }) }),
      );
      expect(res).toMatchObject({
        status: 400,
        body: { details: { tarjeta_ultimos4: 'Se requieren los últimos 4 dígitos de la tarjeta' } },
      });
    }
    // a body with only some fields is refused field by field
    const parcial = await call(reportarTarjeta, evento('reportar-pago-tarjeta', { caller, body: { credito_id: credito.id } }));
    expect(parcial.status).toBe(400);
    expect(parcial.body.details).toEqual({
      monto_centimos: 'El monto es requerido',
      tarjeta_ultimos4: 'Se requieren los últimos 4 dígitos de la tarjeta',
    });
    const cero = await call(
      reportarTarjeta,
      evento('reportar-pago-tarjeta', { caller, body: tarjeta(credito.id, { monto_centimos: 0 }) }),
    );
    expect(cero.body.details).toEqual({ monto_centimos: 'Debe ser un monto válido mayor a 0' });
    expect(await pagosDeCredito(credito.id)).toHaveLength(0);
  });
});

describe('conciliación: GET /api/pagos, aprobar y rechazar', () => {
  it('aprobar aplica el pago mora → interés → capital, actualiza crédito, cuota, línea y total pagado, y notifica al cliente', async () => {
    const { cliente, caller } = await clienteConUsuario();
    // cuota 1 due two days ago (within the 3 tolerance days)
    const desembolso = sumarDias(sumarMeses(hoy, -1), -2);
    const credito = await creditoEnCartera({ cliente, desembolso });
    const plan = calendarioDePrueba(desembolso);
    const c1 = plan[0]!;
    const pago = await call(
      reportar,
      evento('reportar-pago', { caller, body: reporte(credito.id, { monto_centimos: c1.monto_total_centimos + 1_000_00 }) }),
    );

    const pendientes = await call(
      listar,
      evento('listar-pagos', { caller: ANALISTA, query: { estado: 'registrado', limit: '100' } }),
    );
    expect(pendientes.status).toBe(200);
    expect(pendientes.body.items.find((p: { id: string }) => p.id === pago.body.id)).toMatchObject({
      numero_credito: credito.numero_credito,
      cliente_nombre: 'Rebeca Solano Ulate',
      cuenta_destino: null,
    });

    expect((await aprobarPago(ANALISTA, pago.body.id)).status).toBe(403);
    expect((await aprobarPago(caller, pago.body.id)).status).toBe(403);
    const res = await aprobarPago(COBRADOR, pago.body.id);
    expect(res.status).toBe(200);
    // paid today, two days after cuota 1 fell due: two days of mora (31,20 % a year) come first
    const mora = 2 * moraDiaria(c1.monto_capital_centimos, '31.20');
    expect(res.body).toMatchObject({
      estado: 'conciliado',
      aplicado_mora_centimos: mora,
      aplicado_interes_centimos: c1.monto_interes_centimos + 1_000_00 - mora,
      aplicado_capital_centimos: c1.monto_capital_centimos,
      fecha_valor: hoy,
    });

    const { credito: c, cuotas } = await leerCredito(credito.id);
    expect(c).toMatchObject({
      saldo_capital_centimos: 1_000_000_00 - c1.monto_capital_centimos,
      saldo_mora_centimos: 0,
      total_pagado_centimos: c1.monto_total_centimos + 1_000_00,
      proximo_vencimiento: plan[1]!.fecha_vencimiento,
      gsi3sk: `${plan[1]!.fecha_vencimiento}#${credito.id}`,
      estado: 'al_dia',
      gsi2pk: 'CREDITOS#al_dia',
      version: 2,
    });
    expect(cuotas[0]).toMatchObject({ pagada: true, pagada_en: hoy, pagado_capital_centimos: c1.monto_capital_centimos });
    // what is left of the ₡1 000 beyond the overdue cuota and its mora goes to the next one due, interest first
    expect(cuotas[0]).toMatchObject({ monto_mora_centimos: mora, pagado_mora_centimos: mora, dias_mora: 2 });
    expect(cuotas[1]).toMatchObject({ pagada: false, pagado_interes_centimos: 1_000_00 - mora, pagado_capital_centimos: 0 });
    expect(await lineaUsada(cliente.id)).toBe(1_000_000_00 - c1.monto_capital_centimos);
    const notifs = await notificacionesDe(caller.sub);
    expect(notifs.map((n) => n.titulo)).toContain('Pago aprobado');
    expect(await actividadesCon(`${pago.body.referencia_pago} de`)).toHaveLength(2);

    const mios = await call(listarPortal, evento('listar-pagos-portal', { caller }));
    expect(mios.body.items[0]).toMatchObject({ id: pago.body.id, estado: 'conciliado' });
    expect(mios.body.items[0]).not.toHaveProperty('procesado_por');
    const procesados = await call(listar, evento('listar-pagos', { caller: COBRADOR, query: { estado: 'procesados' } }));
    expect(procesados.body.items.map((p: { id: string }) => p.id)).toContain(pago.body.id);
    const sigue = await call(listar, evento('listar-pagos', { caller: COBRADOR, query: { estado: 'registrado', limit: '100' } }));
    expect(sigue.body.items.map((p: { id: string }) => p.id)).not.toContain(pago.body.id);

    // only from registrado
    expect((await aprobarPago(ADMIN, pago.body.id)).status).toBe(409);
    expect((await rechazarPago(ADMIN, pago.body.id)).status).toBe(409);
    expect((await aprobarPago(ADMIN, 'NOEXISTE')).status).toBe(404);
  });

  it('50 aprobaciones concurrentes de un pago lo aplican una sola vez', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -20) });
    const pago = await call(
      reportar,
      evento('reportar-pago', { caller, body: reporte(credito.id, { monto_centimos: 30_000_00 }) }),
    );
    const res = await Promise.all(Array.from({ length: 50 }, (_, k) => aprobarPago(k % 2 ? ADMIN : COBRADOR, pago.body.id)));
    const estados = res.map((r) => r.status).sort();
    expect(estados.filter((s) => s === 200)).toHaveLength(1);
    expect(estados.filter((s) => s === 409)).toHaveLength(49);
    const { credito: c, cuotas } = await leerCredito(credito.id);
    expect(c.total_pagado_centimos).toBe(30_000_00);
    expect(c.version).toBe(2);
    const aplicado = cuotas.reduce(
      (s, q) => s + Number(q.pagado_capital_centimos ?? 0) + Number(q.pagado_interes_centimos ?? 0),
      0,
    );
    expect(aplicado).toBe(30_000_00);
    expect(await lineaUsada(cliente.id)).toBe(Number(c.saldo_capital_centimos));
    expect((await notificacionesDe(caller.sub)).filter((n) => n.titulo === 'Pago aprobado')).toHaveLength(1);
  });

  it('rechazar deja el pago revertido sin mover dinero y notifica al cliente', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -20) });
    const pago = await call(reportar, evento('reportar-pago', { caller, body: reporte(credito.id) }));
    expect((await rechazarPago(ANALISTA, pago.body.id)).status).toBe(403);
    const res = await rechazarPago(ADMIN, pago.body.id, { motivo: 'Referencia no encontrada en el banco' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      estado: 'revertido',
      aplicado_capital_centimos: 0,
      motivo_rechazo: 'Referencia no encontrada en el banco',
    });
    const { credito: c } = await leerCredito(credito.id);
    expect(c).toMatchObject({ saldo_capital_centimos: 1_000_000_00, total_pagado_centimos: 0, version: 1 });
    const notif = (await notificacionesDe(caller.sub)).find((n) => n.titulo === 'Pago rechazado');
    expect(notif).toMatchObject({ tipo_notificacion: 'warning', leida: false });
    expect(String(notif!.mensaje)).toContain('Referencia no encontrada en el banco');
    expect((await aprobarPago(ADMIN, pago.body.id)).status).toBe(409);
  });

  it('el pago que salda todo cancela el crédito (sale del índice de cobro); otro pendiente que ya no cabe se rechaza con 409', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const desembolso = sumarDias(hoy, -5);
    const credito = await creditoEnCartera({ cliente, desembolso, principal: 200_000_00, plazo: 6 });
    const plan = generarCuotas({
      principalCentimos: 200_000_00,
      tasaAnual: '24.00',
      plazoMeses: 6,
      fechaDesembolso: desembolso,
      metodo: 'cuota_nivelada',
    });
    const total = 200_000_00 + plan[0]!.monto_interes_centimos;
    const a = await call(reportar, evento('reportar-pago', { caller, body: reporte(credito.id, { monto_centimos: total }) }));
    const b = await call(reportar, evento('reportar-pago', { caller, body: reporte(credito.id, { monto_centimos: total }) }));
    expect((await aprobarPago(ADMIN, a.body.id)).status).toBe(200);
    const { credito: c, cuotas } = await leerCredito(credito.id);
    expect(c).toMatchObject({
      estado: 'cancelado',
      saldo_capital_centimos: 0,
      saldo_mora_centimos: 0,
      proximo_vencimiento: null,
      gsi2pk: 'CREDITOS#cancelado',
    });
    expect(c.gsi3pk).toBeUndefined();
    expect(cuotas.every((q) => q.pagada === true)).toBe(true);
    // cuotas 2–6 were prepaid whole: their interest is forgiven
    expect(cuotas.slice(1).every((q) => q.interes_condonado_centimos === q.monto_interes_centimos)).toBe(true);
    expect(await lineaUsada(cliente.id)).toBe(0);
    const notif = (await notificacionesDe(caller.sub)).find((n) => n.titulo === 'Pago aprobado');
    expect(String(notif!.mensaje)).toContain('¡Felicidades!');
    const segundo = await aprobarPago(ADMIN, b.body.id);
    expect(segundo).toMatchObject({ status: 409, body: { code: 'PAGO_EXCEDE_DEUDA' } });
  });

  it('valida el filtro de estado y un cliente no puede ver la conciliación', async () => {
    const res = await call(listar, evento('listar-pagos', { caller: ADMIN, query: { estado: 'conciliado' } }));
    expect(res).toMatchObject({ status: 400, body: { details: { estado: 'Estado inválido: use registrado o procesados' } } });
    const { caller } = await clienteConUsuario();
    expect((await call(listar, evento('listar-pagos', { caller }))).status).toBe(403);
  });
});
