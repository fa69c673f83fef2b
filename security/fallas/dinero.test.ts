import { DEFAULT_TIMEZONE, fechaNegocio, sumarDias } from '@cuota/shared';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ddb } from '../../functions/src/commons/db';
import { keys } from '../../functions/src/commons/keys';
import { actualizar, escribirTransaccion } from '../../functions/src/commons/transaccion';
import { handler as registrar } from '../../functions/src/features/pagos/registrar-pago-ventanilla';
import { handler as revertir } from '../../functions/src/features/pagos/revertir-pago';
import { ADMIN, apiEvent, call, COBRADOR } from '../../functions/test/events';
import { dynamo, inyectarFallas, type Falla, type Inyeccion } from '../../functions/test/fallas';
import { getItem } from '../../functions/test/lending-fixtures';
import { clienteConUsuario, creditoEnCartera, leerCredito, ledger, pagosDeCredito } from '../../functions/test/pagos-fixtures';

vi.mock('../../functions/src/commons/reintento', () => import('./reintento-rapido'));

/**
 * Money paths under the faults DynamoDB Local never produces: throttling, conflicting
 * transactions and internal errors on the write (and on the reads around it). Each path either
 * retries within its bounds and applies the payment exactly once, or answers a typed Spanish
 * error with nothing written; the same Idempotency-Key then applies it exactly once.
 */

const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);
const cobro = { monto_centimos: 25_000_00, fecha_pago: hoy, canal: 'efectivo' };

let falla: Inyeccion | null = null;
afterEach(() => {
  falla?.restaurar();
  falla = null;
});

async function escenario() {
  const { cliente } = await clienteConUsuario();
  const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -45), principal: 1_000_000_00, plazo: 12 });
  return { cliente, credito };
}

const pagar = (creditoId: string, clave: string) =>
  call(registrar, apiEvent('registrar-pago-ventanilla', { caller: COBRADOR, params: { id: creditoId }, body: cobro, clave }));
/** An administrator reverses the payment with its Idempotency-Key. */
const revertirPago = (pagoId: string, clave: string) =>
  call(
    revertir,
    apiEvent('revertir-pago', { caller: ADMIN, params: { id: pagoId }, body: { motivo: 'Pago registrado por error' }, clave }),
  );

/** The credit's money as stored: balance, total paid, movements and payments. */
type Dinero = Awaited<ReturnType<typeof dinero>>;

async function dinero(creditoId: string) {
  const credito = await leerCredito(creditoId);
  const movimientos = await ledger(creditoId);
  const pagos = await pagosDeCredito(creditoId);
  return {
    saldo: Number(credito.credito?.saldo_capital_centimos),
    pagado: Number(credito.credito?.total_pagado_centimos),
    version: Number(credito.credito?.version),
    movimientos: movimientos.length,
    pagos: pagos.length,
  };
}

const FALLAS_TRANSITORIAS: Array<[string, () => Error]> = [
  ['ProvisionedThroughputExceededException', dynamo.limite],
  ['ThrottlingException', dynamo.throttling],
  ['TransactionCanceledException [TransactionConflict]', () => dynamo.conflicto(8)],
  ['InternalServerError', dynamo.interno],
];

/** Exactly one payment of the 25 000,00 the tests pay: one payment item, one ledger movement, the total paid up by it. */
function esUnSoloPago(antes: Dinero, despues: Dinero): void {
  expect(despues.pagos).toBe(antes.pagos + 1);
  expect(despues.movimientos - antes.movimientos).toBe(1);
  expect(despues.pagado - antes.pagado).toBe(25_000_00);
}

describe('pago en ventanilla con fallas transitorias de DynamoDB', () => {
  it.each(FALLAS_TRANSITORIAS)(
    '%s dos veces y luego éxito: un solo pago, un solo movimiento, saldos exactos',
    async (_n, error) => {
      const { credito } = await escenario();
      const antes = await dinero(credito.id);
      falla = inyectarFallas(ddb, [{ comando: 'TransactWriteCommand', error, veces: 2 }]);
      const res = await pagar(credito.id, randomUUID());
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(falla.fallas()).toBe(2);
      falla.restaurar();
      const despues = await dinero(credito.id);
      esUnSoloPago(antes, despues);
      expect(antes.saldo - despues.saldo).toBe(res.body.aplicado_capital_centimos);
    },
  );

  it.each(FALLAS_TRANSITORIAS)(
    '%s siempre: error tipado en español, nada escrito; la misma clave luego aplica una vez',
    async (_n, error) => {
      const { credito } = await escenario();
      const antes = await dinero(credito.id);
      const clave = randomUUID();
      falla = inyectarFallas(ddb, [{ comando: 'TransactWriteCommand', error, veces: Infinity }]);
      const res = await pagar(credito.id, clave);
      const intentos = falla.llamadas.get('TransactWriteCommand') ?? 0;
      falla.restaurar();
      falla = null;
      expect(res.status).toBeGreaterThanOrEqual(409);
      expect(res.status).not.toBe(500);
      expect(res.body.message).toMatch(/[áéíóúñ]|intente|nuevo|momento/i);
      expect(intentos).toBeGreaterThan(1);
      expect(intentos).toBeLessThanOrEqual(64); // bounded
      expect(await dinero(credito.id)).toEqual(antes);
      expect(await getItem(keys.idempotencia(COBRADOR.sub, clave))).toBeNull();

      const otra = await pagar(credito.id, clave);
      expect(otra.status).toBe(201);
      const repetida = await pagar(credito.id, clave);
      expect(repetida.status).toBe(201);
      expect(repetida.body.id).toBe(otra.body.id);
      const despues = await dinero(credito.id);
      esUnSoloPago(antes, despues);
    },
  );

  it('la respuesta de la escritura se pierde tras confirmarse (InternalServerError después): se aplica una sola vez', async () => {
    const { credito } = await escenario();
    const antes = await dinero(credito.id);
    falla = inyectarFallas(ddb, [{ comando: 'TransactWriteCommand', error: dynamo.interno, veces: 1, cuando: 'despues' }]);
    const clave = randomUUID();
    const res = await pagar(credito.id, clave);
    falla.restaurar();
    falla = null;
    expect(res.status).not.toBe(500);
    if (res.status !== 201) expect((await pagar(credito.id, clave)).status).toBe(201);
    const despues = await dinero(credito.id);
    esUnSoloPago(antes, despues);
  });

  it('lecturas con throttling persistente: 503 en español, no un error interno', async () => {
    const { credito } = await escenario();
    const antes = await dinero(credito.id);
    const plan: Falla[] = [
      { comando: 'GetCommand', error: dynamo.limite, veces: Infinity },
      { comando: 'QueryCommand', error: dynamo.limite, veces: Infinity },
    ];
    falla = inyectarFallas(ddb, plan);
    const res = await pagar(credito.id, randomUUID());
    falla.restaurar();
    falla = null;
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SERVICIO_SATURADO');
    expect(await dinero(credito.id)).toEqual(antes);
  });
});

describe('reversión de un pago con fallas transitorias', () => {
  it('conflictos y throttling en la escritura: la reversión se aplica una vez y el saldo vuelve exacto', async () => {
    const { credito } = await escenario();
    const antes = await dinero(credito.id);
    const pago = await pagar(credito.id, randomUUID());
    expect(pago.status).toBe(201);
    falla = inyectarFallas(ddb, [
      { comando: 'TransactWriteCommand', error: () => dynamo.conflicto(6), veces: 1 },
      { comando: 'TransactWriteCommand', error: dynamo.limite, veces: 1, saltar: 1 },
    ]);
    const clave = randomUUID();
    const rev = await revertirPago(pago.body.id, clave);
    expect(rev.status, JSON.stringify(rev.body)).toBeLessThan(300);
    expect(falla.fallas()).toBe(2);
    falla.restaurar();
    falla = null;
    const otra = await revertirPago(pago.body.id, clave);
    expect(otra.status).toBeLessThan(300);
    const despues = await dinero(credito.id);
    expect(despues.saldo).toBe(antes.saldo);
    expect(despues.pagado).toBe(antes.pagado);
  });
});

describe('una transacción de resultado incierto se reenvía con el mismo ClientRequestToken', () => {
  it('InternalServerError: ese token y todos los envíos siguientes (throttling, conflicto) lo repiten; sin incertidumbre, un conflicto toma token nuevo', async () => {
    const tokens: string[] = [];
    const errores = [dynamo.interno(), dynamo.limite(), dynamo.conflicto(1)];
    const enviar = async (input: { ClientRequestToken?: string }) => {
      tokens.push(String(input.ClientRequestToken));
      const e = errores.shift();
      if (e) throw e;
    };
    const op = () => [actualizar({ pk: 'FALLAS#token', sk: 'X' }, 'ADD n :uno', { valores: { ':uno': 1 } })];
    await escribirTransaccion(op(), { enviar });
    expect(tokens).toHaveLength(4);
    expect(new Set(tokens).size).toBe(1);
    tokens.length = 0;
    errores.push(dynamo.conflicto(1), dynamo.limite());
    await escribirTransaccion(op(), { enviar });
    expect(tokens).toHaveLength(3);
    expect(tokens[1]).not.toBe(tokens[0]);
    expect(tokens[2]).toBe(tokens[1]);
  });

  it('contra DynamoDB Local: confirmada y respuesta perdida, luego throttling, luego éxito: suma una vez', async () => {
    const key = { pk: `FALLAS#${randomUUID()}`, sk: 'CONTADOR' };
    falla = inyectarFallas(ddb, [
      { comando: 'TransactWriteCommand', error: dynamo.interno, veces: 1, cuando: 'despues' },
      { comando: 'TransactWriteCommand', error: dynamo.throttling, veces: 1, saltar: 1 },
    ]);
    await escribirTransaccion([actualizar(key, 'ADD n :uno', { valores: { ':uno': 1 } })]);
    expect(falla.llamadas.get('TransactWriteCommand')).toBe(3);
    falla.restaurar();
    falla = null;
    expect(Number((await getItem(key))?.n)).toBe(1);
  });

  it('contra DynamoDB Local: la respuesta perdida tras confirmar no suma dos veces', async () => {
    const key = { pk: `FALLAS#${randomUUID()}`, sk: 'CONTADOR' };
    falla = inyectarFallas(ddb, [{ comando: 'TransactWriteCommand', error: dynamo.interno, veces: 1, cuando: 'despues' }]);
    await escribirTransaccion([actualizar(key, 'ADD n :uno', { valores: { ':uno': 1 } })]);
    expect(falla.llamadas.get('TransactWriteCommand')).toBe(2);
    falla.restaurar();
    falla = null;
    expect(Number((await getItem(key))?.n)).toBe(1);
  });
});
