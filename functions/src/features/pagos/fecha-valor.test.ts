import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { moraDiaria } from '@cuota/shared';
import { ulid } from 'ulid';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ddb, tableName } from '#commons/db';
import { itemFor } from '#commons/items';
import { keys } from '#commons/keys';
import { logger } from '#commons/logger';
import { ADMIN, apiEvent, call, COBRADOR, type TestCaller } from '../../../test/events';
import { clienteConUsuario, creditoEnCartera, leerCredito, ledger, calendarioDePrueba } from '../../../test/pagos-fixtures';
import { tablaConAgregados } from '../../../test/agregados-fixtures';
import { actividadesCon } from '../../../test/lending-fixtures';
import type { RouteId } from '../../manifest';
import { ejecutarCierres } from '../cierre/store';
import { handler as dashboard } from '../dashboard/obtener-dashboard';
import { handler as aprobar } from './aprobar-pago';
import { reportarPagoDelCliente } from '../../../test/rutas';

/*
 * Payments take effect on their value date (lending-rules.md "Payments and their application"),
 * driven through the real handlers on a table of this file's own, with the business date moved
 * forward by the close (ejecutarCierres) and "today" faked through fechaHoy. Each scenario lives
 * in its own months of 2030, after the previous one.
 */
const reloj = vi.hoisted(() => ({ hoy: '2030-01-01' }));
vi.mock('../cierre/cartera', async (original) => ({
  ...(await original<typeof import('../cierre/cartera')>()),
  fechaHoy: async () => reloj.hoy,
}));

const TASA_MORA = '31.20';
const evento = (route: RouteId, opts: Parameters<typeof apiEvent>[1]) => apiEvent(route, opts);
const agregados = tablaConAgregados('cuota-fecha-valor');

beforeEach(() => vi.restoreAllMocks());

const plan = calendarioDePrueba;

/** Closes every business date up to `fecha` and makes it today. */
async function avanzarHasta(fecha: string) {
  reloj.hoy = fecha;
  const r = await ejecutarCierres(fecha);
  expect(r.pendientes).toBe(0);
  return r;
}

async function reportarPago(caller: TestCaller, creditoId: string, fecha_pago: string, monto_centimos: number): Promise<string> {
  const res = await reportarPagoDelCliente(caller, creditoId, monto_centimos, fecha_pago);
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function aprobarPago(id: string, body: Record<string, unknown> = {}) {
  return call(aprobar, evento('aprobar-pago', { caller: COBRADOR, params: { id }, body }));
}

async function saldoMoraDelDashboard(): Promise<number> {
  await agregados.entregar();
  const res = await call(dashboard, evento('obtener-dashboard', { caller: ADMIN }));
  expect(res.status).toBe(200);
  return res.body.cartera.saldo_mora_centimos as number;
}

const derivados = (c: Record<string, unknown>) => ({
  numero_cuota: c.numero_cuota,
  monto_mora_centimos: c.monto_mora_centimos,
  pagado_capital_centimos: c.pagado_capital_centimos,
  pagado_interes_centimos: c.pagado_interes_centimos,
  pagado_mora_centimos: c.pagado_mora_centimos,
  interes_condonado_centimos: c.interes_condonado_centimos,
  pagada: c.pagada,
  pagada_en: c.pagada_en,
  dias_mora: c.dias_mora,
});

describe('un pago se aplica en su fecha valor, no en la de aprobación', () => {
  it('pagado el día del vencimiento y aprobado cinco días después: cero mora; la mora ya cobrada se devuelve con un ajuste auditado; el dashboard lo sigue', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: '2030-01-10', tasaMoratoria: TASA_MORA });
    const c1 = plan('2030-01-10')[0]!;
    const diaria = moraDiaria(c1.monto_capital_centimos, TASA_MORA);
    reloj.hoy = '2030-02-10';
    const pagoId = await reportarPago(caller, credito.id, '2030-02-10', c1.monto_total_centimos);

    await avanzarHasta('2030-02-15');
    const antes = await leerCredito(credito.id);
    expect(antes.credito).toMatchObject({ saldo_mora_centimos: 5 * diaria, dias_mora_max: 5, estado: 'vencido' });
    const moraDashboardAntes = await saldoMoraDelDashboard();

    const res = await aprobarPago(pagoId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fecha_valor: '2030-02-10',
      aplicado_mora_centimos: 0,
      aplicado_capital_centimos: c1.monto_capital_centimos,
    });
    const { credito: c, cuotas } = await leerCredito(credito.id);
    expect(c).toMatchObject({
      saldo_mora_centimos: 0,
      dias_mora_max: 0,
      estado: 'al_dia',
      saldo_capital_centimos: 1_000_000_00 - c1.monto_capital_centimos,
    });
    expect(cuotas[0]).toMatchObject({ pagada: true, pagada_en: '2030-02-10', monto_mora_centimos: 0, dias_mora: 0 });

    const libro = await ledger(credito.id);
    expect(libro.find((m) => m.tipo_movimiento === 'pago')).toMatchObject({
      pago_id: pagoId,
      fecha_valor: '2030-02-10',
      monto_centimos: c1.monto_total_centimos,
    });
    expect(libro.find((m) => m.tipo_movimiento === 'ajuste_mora')).toMatchObject({
      pago_id: pagoId,
      monto_centimos: -5 * diaria,
    });
    const actividad = await actividadesCon('Ajuste de mora de');
    expect(actividad.map((a) => a.descripcion)).toContainEqual(expect.stringContaining(`en ${credito.numero_credito}: el pago`));

    expect(await saldoMoraDelDashboard()).toBe(moraDashboardAntes - 5 * diaria);
  });

  it('pagado 3 días tarde y aprobado 10 días después: exactamente 3 días de mora, pagados por el mismo pago', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: '2030-03-05', tasaMoratoria: TASA_MORA });
    const c1 = plan('2030-03-05')[0]!;
    const diaria = moraDiaria(c1.monto_capital_centimos, TASA_MORA);
    reloj.hoy = '2030-04-08';
    const pagoId = await reportarPago(caller, credito.id, '2030-04-08', c1.monto_total_centimos + 3 * diaria);

    await avanzarHasta('2030-04-18');
    expect((await leerCredito(credito.id)).credito.saldo_mora_centimos).toBe(13 * diaria);
    const res = await aprobarPago(pagoId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ aplicado_mora_centimos: 3 * diaria, aplicado_interes_centimos: c1.monto_interes_centimos });
    const { credito: c, cuotas } = await leerCredito(credito.id);
    expect(cuotas[0]).toMatchObject({
      pagada: true,
      monto_mora_centimos: 3 * diaria,
      pagado_mora_centimos: 3 * diaria,
      dias_mora: 3,
    });
    expect(c).toMatchObject({ saldo_mora_centimos: 0, estado: 'al_dia' });
    expect((await ledger(credito.id)).find((m) => m.tipo_movimiento === 'ajuste_mora')).toMatchObject({
      monto_centimos: -10 * diaria,
    });

    // a later close adds nothing to a credit with nothing overdue
    await avanzarHasta('2030-04-20');
    expect((await leerCredito(credito.id)).credito).toMatchObject({ saldo_mora_centimos: 0, estado: 'al_dia' });
  });

  it('dos pagos aprobados en orden inverso a sus fechas valor dan el mismo crédito que en orden; el pago reasignado queda registrado', async () => {
    const a = await clienteConUsuario();
    const b = await clienteConUsuario();
    const enOrden = await creditoEnCartera({ cliente: a.cliente, desembolso: '2030-05-10', tasaMoratoria: TASA_MORA });
    const alReves = await creditoEnCartera({ cliente: b.cliente, desembolso: '2030-05-10', tasaMoratoria: TASA_MORA });
    const [c1, c2] = plan('2030-05-10');
    reloj.hoy = '2030-07-10';
    const p1a = await reportarPago(a.caller, enOrden.id, '2030-06-10', c1!.monto_total_centimos);
    const p2a = await reportarPago(a.caller, enOrden.id, '2030-07-10', c2!.monto_total_centimos);
    const p1b = await reportarPago(b.caller, alReves.id, '2030-06-10', c1!.monto_total_centimos);
    const p2b = await reportarPago(b.caller, alReves.id, '2030-07-10', c2!.monto_total_centimos);
    await avanzarHasta('2030-07-15');

    for (const id of [p1a, p2a, p2b, p1b]) expect((await aprobarPago(id)).status).toBe(200);

    const x = await leerCredito(enOrden.id);
    const y = await leerCredito(alReves.id);
    expect(y.cuotas.map(derivados)).toEqual(x.cuotas.map(derivados));
    const resumen = (c: Record<string, unknown>) => ({
      saldo_capital_centimos: c.saldo_capital_centimos,
      saldo_mora_centimos: c.saldo_mora_centimos,
      estado: c.estado,
      dias_mora_max: c.dias_mora_max,
      proximo_vencimiento: c.proximo_vencimiento,
    });
    expect(resumen(y.credito)).toEqual(resumen(x.credito));
    expect(x.credito).toMatchObject({
      saldo_mora_centimos: 0,
      estado: 'al_dia',
      proximo_vencimiento: plan('2030-05-10')[2]!.fecha_vencimiento,
    });

    const aplicado = async (id: string) => {
      const out = await ddb.send(
        new (await import('@aws-sdk/lib-dynamodb')).GetCommand({ TableName: tableName(), Key: keys.pago(id) }),
      );
      const p = out.Item!;
      return [p.aplicado_mora_centimos, p.aplicado_interes_centimos, p.aplicado_capital_centimos];
    };
    expect(await aplicado(p2b)).toEqual(await aplicado(p2a));
    expect(await aplicado(p2a)).toEqual([0, c2!.monto_interes_centimos, c2!.monto_capital_centimos]);
    const libro = await ledger(alReves.id);
    expect(libro.filter((m) => m.tipo_movimiento === 'reaplicacion')).toEqual([
      expect.objectContaining({
        pago_id: p2b,
        despues: { mora: 0, interes: c2!.monto_interes_centimos, capital: c2!.monto_capital_centimos },
      }),
    ]);
    expect(libro.filter((m) => m.tipo_movimiento === 'ajuste_mora').length).toBeGreaterThanOrEqual(1);
  });

  it('la fecha valor del banco puede indicarse al aprobar; nunca futura ni anterior al desembolso, y un error no escribe nada', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: '2030-07-20', tasaMoratoria: TASA_MORA });
    const c1 = plan('2030-07-20')[0]!;
    reloj.hoy = '2030-08-20';
    const pagoId = await reportarPago(caller, credito.id, '2030-08-20', c1.monto_total_centimos);
    await avanzarHasta('2030-08-25');
    const antes = await leerCredito(credito.id);
    expect((await aprobarPago(pagoId, { fecha_valor: '2030-08-26' })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { fecha_valor: 'La fecha valor no puede ser futura' },
    });
    expect((await aprobarPago(pagoId, { fecha_valor: '2030-07-19' })).body.details).toEqual({
      fecha_valor: 'La fecha valor no puede ser anterior al desembolso del crédito',
    });
    expect((await aprobarPago(pagoId, { fecha_valor: '2030-02-30' })).status).toBe(400);
    expect(await leerCredito(credito.id)).toEqual(antes);

    const res = await aprobarPago(pagoId, { fecha_valor: '2030-08-21' });
    expect(res.body).toMatchObject({ fecha_valor: '2030-08-21', fecha_pago: '2030-08-20' });
    const diaria = moraDiaria(c1.monto_capital_centimos, TASA_MORA);
    expect(res.body.aplicado_mora_centimos).toBe(diaria);
  });
});

describe('el estado es el correcto en cada fecha de negocio', () => {
  it('un crédito que pagó su primera cuota por adelantado pasa de vigente a al_dia al día siguiente de su primer vencimiento', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: '2030-09-03', tasaMoratoria: TASA_MORA });
    const [c1] = plan('2030-09-03');
    reloj.hoy = '2030-09-20';
    const pagoId = await reportarPago(caller, credito.id, '2030-09-20', c1!.monto_total_centimos);
    expect((await aprobarPago(pagoId)).status).toBe(200);
    expect((await leerCredito(credito.id)).credito).toMatchObject({ estado: 'vigente', gsi3sk: `2030-10-04#${credito.id}` });

    await avanzarHasta('2030-10-03');
    expect((await leerCredito(credito.id)).credito.estado).toBe('vigente');
    await avanzarHasta('2030-10-04');
    expect((await leerCredito(credito.id)).credito).toMatchObject({
      estado: 'al_dia',
      gsi2pk: 'CREDITOS#al_dia',
      gsi3sk: `${plan('2030-09-03')[1]!.fecha_vencimiento}#${credito.id}`,
    });
  });
});

describe('ningún saldo se desploma en silencio', () => {
  it('un crédito con cuotas a medio escribir no se resume: el cierre lo reporta y lo registra, la aprobación responde 409, nada cambia', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const sano = await creditoEnCartera({ cliente, desembolso: '2030-10-15', tasaMoratoria: TASA_MORA });
    const id = ulid();
    const cuotas = plan('2030-10-15');
    const credito = itemFor.credito({
      id,
      numero_credito: `CR-MEDIO-${id.slice(-6)}`,
      cliente_id: cliente.id,
      cliente_nombre: cliente.nombre,
      cliente_apellido: cliente.apellido,
      monto_principal_centimos: 1_000_000_00,
      saldo_capital_centimos: 1_000_000_00,
      saldo_mora_centimos: 0,
      total_pagado_centimos: 0,
      tasa_interes_anual: '24.00',
      tasa_moratoria_anual: TASA_MORA,
      dias_tolerancia: 3,
      plazo_meses: 12,
      estado: 'vigente',
      fecha_desembolso: '2030-10-15',
      fecha_primer_vencimiento: cuotas[0]!.fecha_vencimiento,
      proximo_vencimiento: cuotas[0]!.fecha_vencimiento,
      version: 1,
      created_at: '2030-10-15T15:00:00.000Z',
    });
    // the credit and only 5 of its 12 cuotas were written (a half-loaded table)
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          credito,
          ...cuotas.slice(0, 5).map((c) =>
            itemFor.cuota({
              ...c,
              id: ulid(),
              credito_id: id,
              monto_mora_centimos: 0,
              pagada: false,
              dias_mora: 0,
              pagada_en: null,
            }),
          ),
        ].map((Item) => ({ Put: { TableName: tableName(), Item } })),
      }),
    );
    const errores = vi.spyOn(logger, 'error');
    reloj.hoy = '2030-11-20';
    const pagoId = await reportarPago(caller, id, '2030-11-20', 10_000_00);
    const antes = await leerCredito(id);

    const r = await avanzarHasta('2030-11-20');
    expect(r.fechas.flatMap((f) => f.creditos_con_error)).toContain(credito.numero_credito);
    expect(errores).toHaveBeenCalledWith(
      'crédito inconsistente: no se escribe su resumen',
      expect.objectContaining({
        numero_credito: credito.numero_credito,
        problemas: ['tiene 5 cuotas de 12', expect.stringContaining('≠ principal')],
      }),
    );
    expect(await leerCredito(id)).toEqual(antes);
    // the other credits of the date were closed
    expect((await leerCredito(sano.id)).credito).toMatchObject({ ultimo_cierre: '2030-11-20', estado: 'vencido' });

    const res = await aprobarPago(pagoId);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CREDITO_INCONSISTENTE');
    expect(await leerCredito(id)).toEqual(antes);
  });
});

describe('un cierre atrasado se recupera entero, por partes, con su avance', () => {
  it('con presupuesto de tiempo avanza por tramos y dice cuántas fechas faltan; sin él, más de 62 fechas en una llamada; igual que día por día', async () => {
    const { cliente } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: '2031-01-05', tasaMoratoria: TASA_MORA });
    reloj.hoy = '2031-01-01';
    await ejecutarCierres('2031-01-01');
    reloj.hoy = '2031-02-25';
    const primera = await ejecutarCierres('2031-02-25', { presupuestoMs: 0 });
    expect(primera.fechas).toHaveLength(1);
    expect(primera).toMatchObject({ pendientes: 54, ultimo_cierre: '2031-01-02' });
    let r = primera;
    let llamadas = 1;
    while (r.pendientes > 0 && llamadas < 100) {
      r = await ejecutarCierres('2031-02-25', { presupuestoMs: 0 });
      expect(r.pendientes).toBeLessThan(primera.pendientes);
      llamadas++;
    }
    expect(r).toMatchObject({ pendientes: 0, ultimo_cierre: '2031-02-25' });
    expect(llamadas).toBe(55);

    // a gap of more than 62 dates closes in one call
    const todo = await avanzarHasta('2031-05-01');
    expect(todo.fechas).toHaveLength(65);
    expect(todo.fechas.every((f) => f.estado === 'cerrado')).toBe(true);

    // the same as closing every day: each day of each overdue cuota, once
    const { credito: c, cuotas } = await leerCredito(credito.id);
    const dias = (desde: string) => Math.round((Date.parse('2031-05-01') - Date.parse(desde)) / 86_400_000);
    const vencidas = plan('2031-01-05').filter((x) => x.fecha_vencimiento < '2031-05-01');
    expect(c).toMatchObject({
      ultimo_cierre: '2031-05-01',
      estado: 'vencido',
      dias_mora_max: dias(vencidas[0]!.fecha_vencimiento),
    });
    expect(c.saldo_mora_centimos).toBe(
      vencidas.reduce((s, x) => s + moraDiaria(x.monto_capital_centimos, TASA_MORA) * dias(x.fecha_vencimiento), 0),
    );
    expect(cuotas.map((x) => x.dias_mora)).toEqual(plan('2031-01-05').map((x) => Math.max(0, dias(x.fecha_vencimiento))));
  }, 180_000);
});
