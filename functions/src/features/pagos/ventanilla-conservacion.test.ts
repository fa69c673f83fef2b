import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { DEFAULT_TIMEZONE, fechaNegocio, sumarDias } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN, apiEvent, call, COBRADOR } from '../../../test/events';
import { lineaUsada } from '../../../test/lending-fixtures';
import { clienteConUsuario, creditoEnCartera, leerCredito, pagosDeCredito } from '../../../test/pagos-fixtures';
import { maximoAplicable } from '../cierre/aplicacion';
import { normalizarCuota } from '../cierre/domain';
import { handler as registrar } from './registrar-pago-ventanilla';
import { handler as revertir } from './revertir-pago';

/*
 * Conservation under counter payments and reversals, through the real handlers on DynamoDB Local.
 * After every step, with exact BigInt sums over the stored items (not the engine's own model):
 *   monto_principal = saldo_capital + Σ aplicado_capital of the applied, not reversed, pagos
 * and the cuotas' paid components equal what those pagos say was applied, total_pagado is their
 * Σ monto, the credit line holds saldo_capital. At the end the credit is compared with a twin
 * (same terms) that only ever received the payments that were not reversed, in the same order and
 * on the same value dates: a reversal leaves the credit as if the payment had never been applied.
 */

const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);
const B = (x: unknown) => BigInt(Number(x ?? 0));
const suma = (xs: Record<string, unknown>[], campo: string) => xs.reduce((s, x) => s + B(x[campo]), 0n);

type Paso = { tipo: 'pagar'; fraccion: number; diasAntes: number } | { tipo: 'revertir'; k: number };

const paso: fc.Arbitrary<Paso> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      tipo: fc.constant('pagar' as const),
      fraccion: fc.double({ min: 0.01, max: 0.6, noNaN: true }),
      diasAntes: fc.nat({ max: 60 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ tipo: fc.constant('revertir' as const), k: fc.nat({ max: 7 }) }) },
);

const usado = async (clienteId: string): Promise<bigint> => B(await lineaUsada(clienteId));

async function comprobar(creditoId: string, clienteId: string) {
  const { credito, cuotas } = await leerCredito(creditoId);
  const aplicados = (await pagosDeCredito(creditoId)).filter((p) => p.estado === 'conciliado');
  expect(B(credito.monto_principal_centimos)).toBe(
    B(credito.saldo_capital_centimos) + suma(aplicados, 'aplicado_capital_centimos'),
  );
  expect(suma(cuotas, 'pagado_capital_centimos')).toBe(suma(aplicados, 'aplicado_capital_centimos'));
  expect(suma(cuotas, 'pagado_interes_centimos')).toBe(suma(aplicados, 'aplicado_interes_centimos'));
  expect(suma(cuotas, 'pagado_mora_centimos')).toBe(suma(aplicados, 'aplicado_mora_centimos'));
  expect(B(credito.total_pagado_centimos)).toBe(suma(aplicados, 'monto_centimos'));
  for (const p of aplicados) {
    expect(B(p.aplicado_capital_centimos) + B(p.aplicado_interes_centimos) + B(p.aplicado_mora_centimos)).toBe(
      B(p.monto_centimos),
    );
  }
  expect(B(credito.saldo_capital_centimos) >= 0n).toBe(true);
  expect(await usado(clienteId)).toBe(B(credito.saldo_capital_centimos));
  expect(credito.estado === 'cancelado').toBe(cuotas.every((c) => c.pagada === true));
}

async function cobrar(creditoId: string, monto: number, fecha: string) {
  return call(
    registrar,
    (() => {
      const e = apiEvent('registrar-pago-ventanilla', {
        caller: COBRADOR,
        params: { id: creditoId },
        body: { monto_centimos: monto, fecha_pago: fecha, canal: 'efectivo' },
      });
      e.headers = { 'idempotency-key': randomUUID() };
      return e;
    })(),
  );
}

/** What a payment leaves on a credit whatever the date it was computed to (mora accrued to it aside). */
async function huellaDePagos(creditoId: string) {
  const { credito, cuotas } = await leerCredito(creditoId);
  return {
    saldo_capital: credito.saldo_capital_centimos,
    cuotas: cuotas.map((c) =>
      [c.pagado_capital_centimos, c.pagado_interes_centimos, c.pagado_mora_centimos].map((x) => Number(x ?? 0)),
    ),
  };
}

describe('conservación con pagos en ventanilla y reversiones', () => {
  it('cualquier secuencia de cobros y reversiones conserva el capital y deja el crédito como si el pago revertido no hubiera existido', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 20, max: 90 }),
        fc.constantFrom(3, 6, 12),
        fc.integer({ min: 50_000_00, max: 1_500_000_00 }),
        fc.array(paso, { minLength: 3, maxLength: 8 }),
        async (diasAtras, plazo, principal, pasos) => {
          const desembolso = sumarDias(hoy, -diasAtras);
          const terminos = { desembolso, principal, plazo, tasa: '28.00', tasaMoratoria: '36.40', diasTolerancia: 2 };
          const { cliente } = await clienteConUsuario();
          const credito = await creditoEnCartera({ cliente, ...terminos });
          const cobros: Array<{ id: string; monto: number; fecha: string; revertido: boolean }> = [];
          for (const p of pasos) {
            if (p.tipo === 'pagar') {
              const { credito: c, cuotas } = await leerCredito(credito.id);
              if (c.estado === 'cancelado') continue;
              const max = maximoAplicable(cuotas.map(normalizarCuota), hoy);
              const monto = Math.max(1, Math.floor(max * p.fraccion));
              const fecha = sumarDias(hoy, -Math.min(p.diasAntes, diasAtras));
              const res = await cobrar(credito.id, monto, fecha);
              // an earlier value date may leave a later applied payment without debt: refused whole
              if (res.status === 409) expect(res.body.code).toBe('PAGO_EXCEDE_DEUDA');
              // or more than the credit owed on that earlier value date: the amount's field error
              else if (res.status === 400) expect(res.body.details.monto_centimos).toMatch(/excede el saldo pendiente/);
              else {
                expect(res.status).toBe(201);
                cobros.push({ id: res.body.id, monto, fecha, revertido: false });
              }
            } else {
              const vivos = cobros.filter((x) => !x.revertido);
              if (vivos.length === 0) continue;
              const x = vivos[p.k % vivos.length]!;
              const e = apiEvent('revertir-pago', {
                caller: ADMIN,
                params: { id: x.id },
                body: { motivo: 'Reversión de la prueba' },
              });
              e.headers = { 'idempotency-key': randomUUID() };
              const res = await call(revertir, e);
              expect(res.status).toBe(200);
              x.revertido = true;
            }
            await comprobar(credito.id, cliente.id);
          }
          // the twin: only the payments that stayed, in the same order and on the same value dates
          const gemelo = await creditoEnCartera({ cliente: (await clienteConUsuario()).cliente, ...terminos });
          for (const x of cobros.filter((c) => !c.revertido))
            expect((await cobrar(gemelo.id, x.monto, x.fecha)).status).toBe(201);
          expect(await huellaDePagos(credito.id)).toEqual(await huellaDePagos(gemelo.id));
        },
      ),
      { numRuns: 10 },
    );
  }, 240_000);
});
