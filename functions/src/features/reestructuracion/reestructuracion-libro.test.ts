import { DEFAULT_TIMEZONE, fechaNegocio } from '@cuota/shared';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#commons/db';

import { ADMIN, apiEvent, call } from '../../../test/events';
import { leerCredito, ledger, creditoEnMora, otroCierreNoCambiaSaldos } from '../../../test/pagos-fixtures';
import { cargarCredito, recalcular } from '../cierre/index';
import { problemasDeCredito } from '../cierre/recalculo';
import { cabeceraDe } from '../cierre/cartera';
import { handler as registrarPago } from '../pagos/registrar-pago-ventanilla';
import { reestructurarCredito, revertirPago, readecuacion } from '../../../test/rutas';

const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);

/** Events of the real routes, with the Idempotency-Key as `clave`. */
const evento = apiEvent;

const pagoDe = (id: string, monto: number) =>
  call(
    registrarPago,
    evento('registrar-pago-ventanilla', {
      caller: ADMIN,
      params: { id },
      body: { monto_centimos: monto, fecha_pago: hoy, canal: 'efectivo' },
      clave: randomUUID(),
    }),
  );

/** The ledger replays to the stored credit, its checks find nothing, and a close changes nothing. */
async function libroConsistente(id: string) {
  const cargado = (await cargarCredito(id))!;
  const pagadoCuotas = cargado.cuotas.reduce(
    (s, q) => s + q.pagado_capital_centimos + q.pagado_interes_centimos + q.pagado_mora_centimos,
    0,
  );
  const pagos = cargado.pagos.reduce((s, p) => s + p.monto_centimos, 0);
  expect(pagos).toBe(pagadoCuotas);
  expect(problemasDeCredito(cabeceraDe(cargado.credito), cargado.cuotas, cargado.pagos)).toEqual([]);
  const { r } = recalcular(cargado, cargado.pagos, hoy);
  expect(r.resumen.saldo_capital_centimos).toBe(cargado.credito.saldo_capital_centimos);
  await otroCierreNoCambiaSaldos(id, hoy);
}

describe('el libro de un crédito reestructurado', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('un pago cuyo id es anterior a la reestructuración pero que se confirma después queda en el libro del calendario nuevo', async () => {
    const { credito } = await creditoEnMora(40);
    // a payment applied before the restructuring stays out of the new schedule's replay
    expect((await pagoDe(credito.id, 10_000_00)).status).toBe(201);
    const res = await reestructurarCredito(ADMIN, credito.id, readecuacion, randomUUID());
    expect(res.status).toBe(201);
    const tras = await leerCredito(credito.id);

    // A payment request that started before the restructuring committed, met its version
    // conflict and retried on the new schedule: its movement id is a ULID of its (earlier) start.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 5_000);
    const tarde = await pagoDe(credito.id, 20_000_00);
    vi.useRealTimers();
    expect(tarde.status).toBe(201);
    const base = String(tras.credito.reestructuracion_base);
    const mov = (await ledger(credito.id)).find((m) => m.tipo_movimiento === 'pago' && m.pago_id === tarde.body.id)!;
    expect(String(mov.id) < base).toBe(true);

    const cargado = (await cargarCredito(credito.id))!;
    expect(cargado.pagos.map((p) => p.pago_id)).toEqual([tarde.body.id]);
    const { cuotas } = await leerCredito(credito.id);
    expect(cuotas.reduce((s, q) => s + Number(q.pagado_interes_centimos ?? 0) + Number(q.pagado_capital_centimos ?? 0), 0)).toBe(
      20_000_00,
    );
    await libroConsistente(credito.id);
    expect(mov.calendario).toBe(1);

    // it can be reversed like any payment of the new schedule, and the credit returns to where it was
    const rev = await revertirPago(ADMIN, tarde.body.id, { motivo: 'Pago registrado por error' });
    expect(rev.status).toBe(200);
    const final = await leerCredito(credito.id);
    expect(final.credito.saldo_capital_centimos).toBe(tras.credito.saldo_capital_centimos);
    const reversion = (await ledger(credito.id)).find((m) => m.tipo_movimiento === 'reversion')!;
    expect(reversion.calendario).toBe(1);
    await libroConsistente(credito.id);
  });

  it('movimientos sin generación (escritos antes) siguen el orden de ids respecto de la reestructuración', async () => {
    const { credito } = await creditoEnMora(40);
    expect((await pagoDe(credito.id, 10_000_00)).status).toBe(201);
    expect((await reestructurarCredito(ADMIN, credito.id, readecuacion, randomUUID())).status).toBe(201);
    const despues = await pagoDe(credito.id, 5_000_00);
    expect(despues.status).toBe(201);
    // as the movements written before payments carried their schedule generation
    for (const m of await ledger(credito.id)) {
      await ddb.send(
        new UpdateCommand({ TableName: tableName(), Key: { pk: m.pk, sk: m.sk }, UpdateExpression: 'REMOVE calendario' }),
      );
    }
    expect((await ledger(credito.id)).some((m) => 'calendario' in m)).toBe(false);
    const cargado = (await cargarCredito(credito.id))!;
    expect(cargado.pagos.map((p) => p.pago_id)).toEqual([despues.body.id]);
    await libroConsistente(credito.id);
  });
});
