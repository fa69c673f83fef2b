import fc from 'fast-check';
import { DEFAULT_TIMEZONE, fechaNegocio, sumarDias } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { queryAll, tableName } from '#commons/db';
import { keys } from '#commons/keys';
import { ADMIN, apiEvent, call, COBRADOR } from '../../../test/events';
import {
  clienteConUsuario,
  creditoEnCartera,
  leerCredito,
  METODOS_PRUEBA,
  metodosDePrueba,
  pagosDeCredito,
} from '../../../test/pagos-fixtures';
import { maximoAplicable } from '../cierre/aplicacion';
import { normalizarCuota } from '../cierre/domain';
import { cerrarCreditoEnFecha } from '../cierre/store';
import { handler as aprobar } from './aprobar-pago';
import { handler as rechazar } from './rechazar-pago';
import { handler as reportar } from './reportar-pago';

/*
 * Money conservation on a real credit in DynamoDB Local, through the real handlers: any sequence
 * of reported, approved and rejected payments and daily closes keeps
 *   monto_principal = saldo_capital + Σ aplicado_capital of the conciliado pagos,
 * every component of every cuota between 0 and its amount, the cuotas' paid components equal to
 * what the pagos say was applied, and the credit's balances equal to what its cuotas owe.
 */

const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);

type Accion =
  | { tipo: 'reportar'; fraccion: number }
  | { tipo: 'aprobar'; k: number }
  | { tipo: 'rechazar'; k: number }
  | { tipo: 'cerrar'; dias: number };

const accion: fc.Arbitrary<Accion> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ tipo: fc.constant('reportar' as const), fraccion: fc.double({ min: 0, max: 1, noNaN: true }) }),
  },
  { weight: 5, arbitrary: fc.record({ tipo: fc.constant('aprobar' as const), k: fc.nat({ max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ tipo: fc.constant('rechazar' as const), k: fc.nat({ max: 5 }) }) },
  { weight: 2, arbitrary: fc.record({ tipo: fc.constant('cerrar' as const), dias: fc.integer({ min: 1, max: 40 }) }) },
);

async function comprobar(creditoId: string, clienteId: string) {
  const { credito, cuotas } = await leerCredito(creditoId);
  const pagos = await pagosDeCredito(creditoId);
  const conciliados = pagos.filter((p) => p.estado === 'conciliado');
  const suma = (xs: Record<string, unknown>[], campo: string) => xs.reduce((s, x) => s + Number(x[campo] ?? 0), 0);

  expect(credito.monto_principal_centimos).toBe(
    Number(credito.saldo_capital_centimos) + suma(conciliados, 'aplicado_capital_centimos'),
  );
  expect(suma(cuotas, 'monto_capital_centimos')).toBe(credito.monto_principal_centimos);
  expect(suma(cuotas, 'pagado_capital_centimos')).toBe(suma(conciliados, 'aplicado_capital_centimos'));
  expect(suma(cuotas, 'pagado_interes_centimos')).toBe(suma(conciliados, 'aplicado_interes_centimos'));
  expect(suma(cuotas, 'pagado_mora_centimos')).toBe(suma(conciliados, 'aplicado_mora_centimos'));
  expect(credito.total_pagado_centimos).toBe(suma(conciliados, 'monto_centimos'));
  for (const p of conciliados) {
    expect(Number(p.aplicado_capital_centimos) + Number(p.aplicado_interes_centimos) + Number(p.aplicado_mora_centimos)).toBe(
      p.monto_centimos,
    );
  }
  for (const p of pagos.filter((x) => x.estado !== 'conciliado')) {
    expect([p.aplicado_capital_centimos, p.aplicado_interes_centimos, p.aplicado_mora_centimos]).toEqual([0, 0, 0]);
  }
  let capital = 0;
  let mora = 0;
  for (const item of cuotas) {
    const c = normalizarCuota(item);
    for (const [pagado, monto] of [
      [c.pagado_capital_centimos, c.monto_capital_centimos],
      [c.pagado_interes_centimos + c.interes_condonado_centimos, c.monto_interes_centimos],
      [c.pagado_mora_centimos, c.monto_mora_centimos],
    ] as const) {
      expect(pagado).toBeGreaterThanOrEqual(0);
      expect(pagado).toBeLessThanOrEqual(monto);
    }
    capital += c.monto_capital_centimos - c.pagado_capital_centimos;
    mora += c.monto_mora_centimos - c.pagado_mora_centimos;
    if (c.pagada) expect(c.pagado_capital_centimos).toBe(c.monto_capital_centimos);
  }
  expect(credito.saldo_capital_centimos).toBe(capital);
  expect(credito.saldo_mora_centimos).toBe(mora);
  expect(Number(credito.saldo_capital_centimos)).toBeGreaterThanOrEqual(0);
  expect(credito.estado === 'cancelado').toBe(cuotas.every((c) => c.pagada === true));
  expect(credito.gsi3pk === undefined).toBe(credito.estado === 'cancelado');
  const { items: linea } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk = :sk',
    ExpressionAttributeValues: { ':pk': keys.lineaCredito(clienteId).pk, ':sk': 'LINEA' },
    ConsistentRead: true,
  });
  expect(linea[0]!.usado_centimos).toBe(credito.saldo_capital_centimos);
}

describe('conservación del dinero', () => {
  it('cualquier secuencia de pagos reportados, aprobados y rechazados y cierres diarios conserva el capital y no deja nada negativo', async () => {
    await metodosDePrueba();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 40, max: 200 }),
        fc.constantFrom(1, 3, 6, 12),
        fc.integer({ min: 50_000_00, max: 2_000_000_00 }),
        fc.array(accion, { minLength: 4, maxLength: 16 }),
        async (diasAtras, plazo, principal, acciones) => {
          const { cliente, caller } = await clienteConUsuario();
          const desembolso = sumarDias(hoy, -diasAtras);
          const credito = await creditoEnCartera({
            cliente,
            desembolso,
            principal,
            plazo,
            tasa: '28.00',
            tasaMoratoria: '36.40',
            diasTolerancia: 2,
          });
          let fecha = desembolso;
          const pendientes: string[] = [];
          // every sequence starts with a report so that approvals have something to act on
          for (const a of [{ tipo: 'reportar', fraccion: 0.5 } as const, ...acciones]) {
            if (a.tipo === 'reportar') {
              const { cuotas, credito: c } = await leerCredito(credito.id);
              if (c.estado === 'cancelado') continue;
              const max = maximoAplicable(cuotas.map(normalizarCuota), hoy);
              const monto = Math.max(1, Math.round(max * a.fraccion));
              const res = await call(
                reportar,
                apiEvent('reportar-pago', {
                  caller,
                  body: { credito_id: credito.id, monto_centimos: monto, fecha_pago: hoy, canal: METODOS_PRUEBA.sinReferencia },
                }),
              );
              expect(res.status).toBe(201);
              pendientes.push(res.body.id);
            } else if (a.tipo === 'aprobar' || a.tipo === 'rechazar') {
              if (pendientes.length === 0) continue;
              const [id] = pendientes.splice(a.k % pendientes.length, 1);
              const res =
                a.tipo === 'aprobar'
                  ? await call(aprobar, apiEvent('aprobar-pago', { caller: COBRADOR, params: { id: id! } }))
                  : await call(rechazar, apiEvent('rechazar-pago', { caller: ADMIN, params: { id: id! } }));
              // a pending payment that no longer fits the debt is refused, never applied in part
              if (res.status === 409) expect(res.body.code).toBe('PAGO_EXCEDE_DEUDA');
              else expect(res.status).toBe(200);
            } else {
              const hasta = sumarDias(fecha, a.dias) < hoy ? sumarDias(fecha, a.dias) : hoy;
              while (fecha < hasta) {
                fecha = sumarDias(fecha, 1);
                await cerrarCreditoEnFecha(credito.id, fecha);
              }
            }
            await comprobar(credito.id, cliente.id);
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
