import { DEFAULT_TIMEZONE, fechaNegocio, sumarDias, TEXTS } from '@cuota/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiEvent } from '../../src/commons/http';
import { queryAll, tableName } from '../../src/commons/db';
import { cerrarCreditoEnFecha } from '../../src/features/cierre/store';
import { handler as aprobar } from '../../src/features/pagos/aprobar-pago';
import { handler as rechazar } from '../../src/features/pagos/rechazar-pago';
import { handler as reportar } from '../../src/features/pagos/reportar-pago';
import { ADMIN, apiEvent, call, COBRADOR, type TestCaller } from '../events';
import { lineaUsada } from '../lending-fixtures';
import {
  clienteConUsuario,
  creditoEnCartera,
  leerCredito,
  METODOS_PRUEBA,
  metodosDePrueba,
  pagosDeCredito,
} from '../pagos-fixtures';

/*
 * Races on money records:
 * - 50 concurrent reconciliations (aprobar) of one pago: applied once; the credit, its cuotas, the
 *   pago's split and the credit line equal those of a twin credit whose twin pago was approved once.
 * - 12 different pagos of one credit approved at once: all applied, totals exact to the céntimo.
 * - one Idempotency-Key sent 20 times at once on a payment report: one pago, 20 equal answers.
 */

const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);

beforeAll(async () => {
  await metodosDePrueba();
});

const reporte = (creditoId: string, monto: number) => ({
  credito_id: creditoId,
  monto_centimos: monto,
  fecha_pago: hoy,
  canal: METODOS_PRUEBA.sinReferencia,
  referencia_pago: null,
  referencia_externa: 'FT-CARRERA-1',
});

async function invocar(
  handler: (e: ApiEvent) => Promise<{ statusCode?: number; body?: string; headers?: Record<string, unknown> }>,
  event: ApiEvent,
) {
  const res = await handler(event);
  return { status: res.statusCode ?? 0, headers: res.headers ?? {}, body: res.body ? JSON.parse(res.body) : undefined };
}

async function titulosDe(userId: string): Promise<string[]> {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': `USUARIO#${userId}`, ':p': 'NOTIFICACION#' },
    ConsistentRead: true,
  });
  return items.map((n) => String(n.titulo));
}

/** What a payment changes on a credit and its cuotas (ids and timestamps aside). */
async function saldos(creditoId: string) {
  const { credito, cuotas } = await leerCredito(creditoId);
  return {
    credito: {
      estado: credito.estado,
      saldo_capital_centimos: credito.saldo_capital_centimos,
      saldo_mora_centimos: credito.saldo_mora_centimos,
      total_pagado_centimos: credito.total_pagado_centimos,
      proximo_vencimiento: credito.proximo_vencimiento,
      dias_mora_max: credito.dias_mora_max,
      version: credito.version,
      gsi2pk: credito.gsi2pk,
    },
    cuotas: cuotas.map((c) => ({
      numero_cuota: c.numero_cuota,
      pagado_capital_centimos: c.pagado_capital_centimos ?? 0,
      pagado_interes_centimos: c.pagado_interes_centimos ?? 0,
      pagado_mora_centimos: c.pagado_mora_centimos ?? 0,
      monto_mora_centimos: c.monto_mora_centimos,
      dias_mora: c.dias_mora,
      pagada: c.pagada,
    })),
  };
}

const split = (p: Record<string, unknown>) => ({
  estado: p.estado,
  monto_centimos: p.monto_centimos,
  aplicado_mora_centimos: p.aplicado_mora_centimos,
  aplicado_interes_centimos: p.aplicado_interes_centimos,
  aplicado_capital_centimos: p.aplicado_capital_centimos,
  fecha_valor: p.fecha_valor,
});

/** A client with a credit disbursed 75 days ago whose first two cuotas are overdue, with mora accrued up to yesterday. */
async function creditoAtrasado(): Promise<{ caller: TestCaller; clienteId: string; creditoId: string }> {
  const { cliente, caller } = await clienteConUsuario();
  const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -75), tasaMoratoria: '31.20' });
  await cerrarCreditoEnFecha(credito.id, sumarDias(hoy, -1));
  return { caller, clienteId: cliente.id, creditoId: credito.id };
}

describe('carrera: 50 conciliaciones concurrentes de un pago', () => {
  it('lo aplica una sola vez: saldos del crédito, cuotas, reparto y línea iguales a una sola aplicación; 49 reciben 409', async () => {
    const monto = 150_000_00;
    const [a, gemelo] = await Promise.all([creditoAtrasado(), creditoAtrasado()]);
    expect(await saldos(a.creditoId)).toEqual(await saldos(gemelo.creditoId));
    const [pagoA, pagoG] = await Promise.all(
      [a, gemelo].map((x) => call(reportar, apiEvent('reportar-pago', { caller: x.caller, body: reporte(x.creditoId, monto) }))),
    );
    expect([pagoA!.status, pagoG!.status]).toEqual([201, 201]);
    const lineaAntes = (await lineaUsada(a.clienteId))!;

    // the reference: the twin's payment approved once
    const unica = await call(aprobar, apiEvent('aprobar-pago', { caller: ADMIN, params: { id: pagoG!.body.id } }));
    expect(unica.status).toBe(200);

    const res = await Promise.all(
      Array.from({ length: 50 }, (_, k) =>
        call(aprobar, apiEvent('aprobar-pago', { caller: k % 2 ? ADMIN : COBRADOR, params: { id: pagoA!.body.id } })),
      ),
    );
    const ok = res.filter((r) => r.status === 200);
    const conflictos = res.filter((r) => r.status === 409);
    expect(ok).toHaveLength(1);
    expect(conflictos).toHaveLength(49);
    for (const r of conflictos) expect(r.body).toEqual({ code: 'PAGO_YA_PROCESADO', message: TEXTS.pagos.yaProcesado });

    // the pago: conciliado once, with the same split as the single application, to the céntimo
    const [guardadoA] = await pagosDeCredito(a.creditoId);
    const [guardadoG] = await pagosDeCredito(gemelo.creditoId);
    expect(split(guardadoA!)).toEqual(split(guardadoG!));
    expect(split(ok[0]!.body)).toEqual(split(guardadoA!));
    const aplicado =
      Number(guardadoA!.aplicado_mora_centimos) +
      Number(guardadoA!.aplicado_interes_centimos) +
      Number(guardadoA!.aplicado_capital_centimos);
    expect(aplicado).toBe(monto);
    expect(Number(guardadoA!.aplicado_mora_centimos)).toBeGreaterThan(0);
    expect(Number(guardadoA!.aplicado_capital_centimos)).toBeGreaterThan(0);

    // the credit and its cuotas: exactly what one application gives
    const despues = await saldos(a.creditoId);
    expect(despues).toEqual(await saldos(gemelo.creditoId));
    expect(despues.credito.total_pagado_centimos).toBe(monto);
    expect(Number(despues.credito.saldo_capital_centimos)).toBe(1_000_000_00 - Number(guardadoA!.aplicado_capital_centimos));

    // the line went down by the capital repaid, once; one notification to the customer
    expect(await lineaUsada(a.clienteId)).toBe(lineaAntes - Number(guardadoA!.aplicado_capital_centimos));
    expect(await lineaUsada(a.clienteId)).toBe(await lineaUsada(gemelo.clienteId));
    expect((await titulosDe(a.caller.sub)).filter((t) => t === TEXTS.pagos.aprobado)).toHaveLength(1);
  }, 60_000);
});

describe('carrera: 12 pagos distintos de un mismo crédito conciliados a la vez', () => {
  it('todos se aplican (el crédito ocupado se relee y se reintenta): total pagado, capital y línea exactos', async () => {
    const monto = 20_000_00;
    const a = await creditoAtrasado();
    const reportes = await Promise.all(
      Array.from({ length: 12 }, (_, k) =>
        call(
          reportar,
          apiEvent('reportar-pago', {
            caller: a.caller,
            body: { ...reporte(a.creditoId, monto), referencia_externa: `FT-DISTINTO-${k}` },
          }),
        ),
      ),
    );
    expect(reportes.map((r) => r.status)).toEqual(Array(12).fill(201));
    const lineaAntes = (await lineaUsada(a.clienteId))!;

    const res = await Promise.all(
      reportes.map((r, k) =>
        call(aprobar, apiEvent('aprobar-pago', { caller: k % 2 ? ADMIN : COBRADOR, params: { id: r.body.id } })),
      ),
    );
    expect(res.map((r) => `${r.status} ${r.body?.code ?? ''}`.trim())).toEqual(Array(12).fill('200'));

    const pagos = await pagosDeCredito(a.creditoId);
    expect(pagos).toHaveLength(12);
    expect(pagos.every((p) => p.estado === 'conciliado')).toBe(true);
    const capital = pagos.reduce((s, p) => s + Number(p.aplicado_capital_centimos), 0);
    const aplicado = pagos.reduce(
      (s, p) => s + Number(p.aplicado_mora_centimos) + Number(p.aplicado_interes_centimos) + Number(p.aplicado_capital_centimos),
      0,
    );
    expect(aplicado).toBe(12 * monto);
    const { credito } = await leerCredito(a.creditoId);
    expect(credito.total_pagado_centimos).toBe(12 * monto);
    expect(Number(credito.saldo_capital_centimos)).toBe(1_000_000_00 - capital);
    expect(await lineaUsada(a.clienteId)).toBe(lineaAntes - capital);
  }, 60_000);
});

describe('carrera: 25 aprobaciones y 25 rechazos del mismo pago a la vez', () => {
  it('tiene un solo efecto: o se aplica una vez o se rechaza sin mover dinero', async () => {
    const a = await creditoAtrasado();
    const antes = await saldos(a.creditoId);
    const lineaAntes = await lineaUsada(a.clienteId);
    const pago = await call(reportar, apiEvent('reportar-pago', { caller: a.caller, body: reporte(a.creditoId, 60_000_00) }));
    const res = await Promise.all(
      Array.from({ length: 50 }, (_, k) =>
        k % 2
          ? call(aprobar, apiEvent('aprobar-pago', { caller: ADMIN, params: { id: pago.body.id } })).then((r) => ({
              ...r,
              accion: 'aprobar',
            }))
          : call(rechazar, apiEvent('rechazar-pago', { caller: COBRADOR, params: { id: pago.body.id } })).then((r) => ({
              ...r,
              accion: 'rechazar',
            })),
      ),
    );
    const ok = res.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of res.filter((x) => x.status !== 200))
      expect(r).toMatchObject({ status: 409, body: { code: 'PAGO_YA_PROCESADO' } });
    const [guardado] = await pagosDeCredito(a.creditoId);
    const titulos = await titulosDe(a.caller.sub);
    if (ok[0]!.accion === 'aprobar') {
      expect(guardado).toMatchObject({ estado: 'conciliado' });
      expect((await saldos(a.creditoId)).credito.total_pagado_centimos).toBe(60_000_00);
      expect(titulos.filter((t) => t === TEXTS.pagos.aprobado)).toHaveLength(1);
      expect(titulos.filter((t) => t === TEXTS.pagos.rechazado)).toHaveLength(0);
    } else {
      expect(guardado).toMatchObject({ estado: 'revertido', aplicado_capital_centimos: 0 });
      expect(await saldos(a.creditoId)).toEqual(antes);
      expect(await lineaUsada(a.clienteId)).toBe(lineaAntes);
      expect(titulos.filter((t) => t === TEXTS.pagos.rechazado)).toHaveLength(1);
      expect(titulos.filter((t) => t === TEXTS.pagos.aprobado)).toHaveLength(0);
    }
  }, 60_000);
});

describe('carrera: la misma Idempotency-Key 20 veces a la vez', () => {
  it('crea un solo pago; las 20 respuestas son iguales a la primera y solo una no es repetida', async () => {
    const { caller, creditoId } = await creditoAtrasado();
    const body = reporte(creditoId, 77_777_77);
    const evento = () => {
      const e = apiEvent('reportar-pago', { caller, body });
      e.headers = { 'idempotency-key': 'carrera-idem-0001' };
      return e;
    };
    const res = await Promise.all(Array.from({ length: 20 }, () => invocar(reportar, evento())));

    expect(res.map((r) => r.status)).toEqual(Array(20).fill(201));
    const pagos = await pagosDeCredito(creditoId);
    expect(pagos).toHaveLength(1);
    const primera = res.find((r) => r.headers['idempotent-replayed'] === undefined);
    expect(res.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(primera).toBeDefined();
    for (const r of res) expect(r.body).toEqual(primera!.body);
    expect(primera!.body).toMatchObject({ id: pagos[0]!.id, estado: 'registrado', monto_centimos: 77_777_77 });

    // and after the burst, the same key still answers the first result without writing
    const otra = await invocar(reportar, evento());
    expect(otra).toMatchObject({ status: 201, headers: { 'idempotent-replayed': 'true' } });
    expect(otra.body).toEqual(primera!.body);
    expect(await pagosDeCredito(creditoId)).toHaveLength(1);
  }, 60_000);
});
