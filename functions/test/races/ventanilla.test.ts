import { randomUUID } from 'node:crypto';
import { DEFAULT_TIMEZONE, fechaNegocio, sumarDias } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN, COBRADOR } from '../events';
import { lineaUsada } from '../lending-fixtures';
import { cobroEnEfectivo, revertirPago } from '../rutas';
import { clienteConUsuario, creditoEnCartera, leerCredito, ledger, pagosDeCredito } from '../pagos-fixtures';

/*
 * Races on counter payments and reversals:
 * - one applied payment reversed 10 times at once with different keys: exactly one reversal (one
 *   'reversion' movement, the credit and the line back where they were), the others a 409;
 * - the same reversal sent 10 times at once with one key: one reversal, 10 equal answers;
 * - counter payments on several credits at once: every receipt number different.
 */

const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);

async function movimientos(creditoId: string, tipo: string) {
  return (await ledger(creditoId)).filter((m) => m.tipo_movimiento === tipo);
}

async function cobrado(diasAtras = 12) {
  const { cliente } = await clienteConUsuario();
  const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -diasAtras), principal: 800_000_00, plazo: 6 });
  const antes = (await leerCredito(credito.id)).credito;
  const lineaAntes = await lineaUsada(cliente.id);
  const pago = await cobroEnEfectivo(credito.id, 200_000_00, hoy, COBRADOR);
  expect(pago.status).toBe(201);
  return { cliente, credito, antes, lineaAntes, pagoId: String(pago.body.id) };
}

async function deVuelta(x: Awaited<ReturnType<typeof cobrado>>) {
  const { credito } = await leerCredito(x.credito.id);
  expect(credito.saldo_capital_centimos).toBe(x.antes.saldo_capital_centimos);
  expect(credito.saldo_mora_centimos).toBe(x.antes.saldo_mora_centimos);
  expect(credito.total_pagado_centimos).toBe(0);
  expect(await lineaUsada(x.cliente.id)).toBe(x.lineaAntes);
  expect(await movimientos(x.credito.id, 'reversion')).toHaveLength(1);
  const [pago] = await pagosDeCredito(x.credito.id);
  expect(pago!.estado).toBe('reversado');
}

/** Exactly one of the answers reversed the payment, the others are a 409 naming why; the credit is back. */
async function unaSolaReversion(x: Awaited<ReturnType<typeof cobrado>>, res: { status: number; body: any }[]) {
  expect(res.filter((r) => r.status === 200)).toHaveLength(1);
  for (const r of res.filter((r) => r.status !== 200)) {
    expect(r.status).toBe(409);
    expect(['PAGO_YA_REVERSADO', 'CREDITO_OCUPADO']).toContain(r.body.code);
  }
  await deVuelta(x);
}

describe('carreras: pagos en ventanilla y reversiones', () => {
  it('10 reversiones a la vez del mismo pago con claves distintas: exactamente una surte efecto', async () => {
    const x = await cobrado();
    const motivo = { motivo: 'Cheque devuelto por el banco emisor' };
    const res = await Promise.all(Array.from({ length: 10 }, () => revertirPago(ADMIN, x.pagoId, motivo, randomUUID())));
    await unaSolaReversion(x, res);
  }, 60_000);

  it('10 reversiones a la vez sin Idempotency-Key: el estado del pago deja pasar exactamente una', async () => {
    const x = await cobrado();
    const motivo = { motivo: 'Cheque devuelto por el banco emisor' };
    const res = await Promise.all(Array.from({ length: 10 }, () => revertirPago(ADMIN, x.pagoId, motivo)));
    await unaSolaReversion(x, res);
  }, 60_000);

  it('la misma reversión 10 veces a la vez con una clave: una reversión, diez respuestas iguales', async () => {
    const x = await cobrado();
    const clave = randomUUID();
    const motivo = { motivo: 'Pago aplicado al crédito equivocado' };
    const res = await Promise.all(Array.from({ length: 10 }, () => revertirPago(ADMIN, x.pagoId, motivo, clave)));
    for (const r of res) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual(res[0]!.body);
    }
    await deVuelta(x);
  }, 60_000);

  it('cobros a la vez en varios créditos: cada recibo con su propio número', async () => {
    const creditos = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const { cliente } = await clienteConUsuario();
        return creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -10), principal: 500_000_00, plazo: 6 });
      }),
    );
    const res = await Promise.all(creditos.flatMap((c) => [1, 2].map(() => cobroEnEfectivo(c.id, 10_000_00, hoy, COBRADOR))));
    expect(res.map((r) => r.status)).toEqual(Array(8).fill(201));
    const numeros = res.map((r) => String(r.body.numero_recibo));
    expect(new Set(numeros).size).toBe(8);
  }, 60_000);
});
