import { DEFAULT_TIMEZONE, fechaNegocio, sumarDias } from '@cuota/shared';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ddb } from '../../functions/src/commons/db';
import { cerrarCreditoEnFecha } from '../../functions/src/features/cierre/store';
import { handler as liquidacion } from '../../functions/src/features/creditos/obtener-liquidacion';
import { handler as aprobar } from '../../functions/src/features/pagos/aprobar-pago';
import { handler as registrar } from '../../functions/src/features/pagos/registrar-pago-ventanilla';
import { apiEvent, call, COBRADOR } from '../../functions/test/events';
import { dynamo, inyectarFallas, type Inyeccion } from '../../functions/test/fallas';
import {
  claveDesembolso,
  creditosDelCliente,
  desembolsarSolicitud,
  lineaUsada,
  nuevoCliente,
  nuevoProducto,
  solicitudAprobada,
} from '../../functions/test/lending-fixtures';
import { clienteConUsuario, creditoEnCartera, leerCredito, ledger, metodosDePrueba } from '../../functions/test/pagos-fixtures';
import { reportarPagoDelCliente } from '../../functions/test/rutas';

vi.mock('../../functions/src/commons/reintento', () => import('./reintento-rapido'));

/**
 * The other money paths and the daily close under DynamoDB faults: approving a reported payment,
 * a disbursement, a payoff at the counter, and one credit's close. Same rule as dinero.test.ts:
 * retried within bounds and applied once, or a typed error with nothing half-written.
 */

const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);

let falla: Inyeccion | null = null;
afterEach(() => {
  falla?.restaurar();
  falla = null;
});
beforeAll(async () => {
  await metodosDePrueba();
});

/** Faults on the transactional write: `veces` of them, then (if finite) the emulator. */
const enEscritura = (error: () => Error, veces: number) =>
  inyectarFallas(ddb, [{ comando: 'TransactWriteCommand', error, veces }]);

function sinFalla() {
  falla?.restaurar();
  falla = null;
}

describe('aprobar un pago reportado', () => {
  async function reportado() {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -40) });
    const rep = await reportarPagoDelCliente(caller, credito.id, 40_000_00, hoy);
    expect(rep.status).toBe(201);
    return { credito, pagoId: rep.body.id as string };
  }
  const aprobarPago = (id: string) => call(aprobar, apiEvent('aprobar-pago', { caller: COBRADOR, params: { id }, body: {} }));

  it('conflictos y throttling antes de lograrlo: aprobado una vez, un movimiento', async () => {
    const { credito, pagoId } = await reportado();
    falla = inyectarFallas(ddb, [
      { comando: 'TransactWriteCommand', error: () => dynamo.conflicto(5), veces: 1 },
      { comando: 'TransactWriteCommand', error: dynamo.throttling, veces: 1, saltar: 1 },
      { comando: 'TransactWriteCommand', error: dynamo.interno, veces: 1, saltar: 2, cuando: 'despues' },
    ]);
    const res = await aprobarPago(pagoId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    sinFalla();
    expect(await ledger(credito.id)).toHaveLength(1);
    expect(Number((await leerCredito(credito.id)).credito.total_pagado_centimos)).toBe(40_000_00);
  });

  it('throttling persistente: error tipado, el pago sigue pendiente; al aprobar de nuevo se aplica una vez', async () => {
    const { credito, pagoId } = await reportado();
    falla = enEscritura(dynamo.limite, Infinity);
    const res = await aprobarPago(pagoId);
    sinFalla();
    expect([409, 503]).toContain(res.status);
    expect(await ledger(credito.id)).toHaveLength(0);
    expect((await aprobarPago(pagoId)).status).toBe(200);
    expect((await aprobarPago(pagoId)).status).toBe(409);
    expect(await ledger(credito.id)).toHaveLength(1);
  });
});

describe('desembolso', () => {
  it('fallas persistentes: nada desembolsado ni línea usada; la misma clave después crea un solo crédito', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const s = await solicitudAprobada(cliente.id, producto.id, 400_000_00, 6);
    const clave = claveDesembolso();
    falla = enEscritura(dynamo.limite, Infinity);
    const res = await desembolsarSolicitud(s.id, { clave });
    sinFalla();
    expect([409, 503]).toContain(res.status);
    expect(await creditosDelCliente(cliente.id)).toHaveLength(0);
    expect(await lineaUsada(cliente.id)).toBeFalsy();

    falla = inyectarFallas(ddb, [{ comando: 'TransactWriteCommand', error: dynamo.interno, veces: 1, cuando: 'despues' }]);
    const ok = await desembolsarSolicitud(s.id, { clave });
    sinFalla();
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const otra = await desembolsarSolicitud(s.id, { clave });
    expect(otra.status).toBe(200);
    expect(otra.body.credito.id).toBe(ok.body.credito.id);
    expect(await creditosDelCliente(cliente.id)).toHaveLength(1);
    expect(await lineaUsada(cliente.id)).toBe(400_000_00);
  });
});

describe('liquidación (pago total en ventanilla)', () => {
  it('la respuesta se pierde tras confirmar y hay conflictos: el crédito queda cancelado una vez, sin saldo', async () => {
    const { cliente } = await clienteConUsuario();
    const c = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -20), principal: 300_000_00, plazo: 6 });
    const liq = await call(liquidacion, apiEvent('obtener-liquidacion', { caller: COBRADOR, params: { id: c.id } }));
    expect(liq.status).toBe(200);
    const body = { monto_centimos: liq.body.total_centimos, fecha_pago: hoy, canal: 'efectivo' };
    const clave = randomUUID();
    falla = inyectarFallas(ddb, [
      { comando: 'TransactWriteCommand', error: () => dynamo.conflicto(9), veces: 1 },
      { comando: 'TransactWriteCommand', error: dynamo.interno, veces: 1, saltar: 1, cuando: 'despues' },
    ]);
    const res = await call(
      registrar,
      apiEvent('registrar-pago-ventanilla', { caller: COBRADOR, params: { id: c.id }, body, clave }),
    );
    sinFalla();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { credito } = await leerCredito(c.id);
    expect(credito).toMatchObject({
      estado: 'cancelado',
      saldo_capital_centimos: 0,
      total_pagado_centimos: liq.body.total_centimos,
    });
    expect(await ledger(c.id)).toHaveLength(1);
    expect(await lineaUsada(cliente.id)).toBe(0);
  });
});

describe('cierre diario de un crédito', () => {
  // the close lives in 1995: no other suite has credits due then
  const DESEMBOLSO = '1995-01-10';
  const FECHA = '1995-02-16';
  const estado = async (id: string) => {
    const { credito, cuotas } = await leerCredito(id);
    return {
      estado: credito.estado,
      mora: credito.saldo_mora_centimos,
      dias: credito.dias_mora_max,
      cierre: credito.ultimo_cierre,
      cuotas: cuotas.map((q) => [q.dias_mora ?? 0, q.monto_mora_centimos ?? 0]),
    };
  };

  it('fallas transitorias: el cierre queda igual que sin fallas; persistentes: error y nada a medias, y repetirlo cierra una vez', async () => {
    const { cliente } = await clienteConUsuario();
    const testigo = await creditoEnCartera({ cliente, desembolso: DESEMBOLSO });
    const conFallas = await creditoEnCartera({ cliente, desembolso: DESEMBOLSO });
    const persistente = await creditoEnCartera({ cliente, desembolso: DESEMBOLSO });
    await cerrarCreditoEnFecha(testigo.id, FECHA);
    const esperado = await estado(testigo.id);
    expect(esperado.mora).toBeGreaterThan(0);

    falla = inyectarFallas(ddb, [
      { comando: 'TransactWriteCommand', error: dynamo.limite, veces: 2 },
      { comando: 'TransactWriteCommand', error: () => dynamo.conflicto(3), veces: 1, saltar: 2 },
      { comando: 'TransactWriteCommand', error: dynamo.interno, veces: 1, saltar: 3, cuando: 'despues' },
    ]);
    await cerrarCreditoEnFecha(conFallas.id, FECHA);
    sinFalla();
    expect(await estado(conFallas.id)).toEqual(esperado);

    const antes = await estado(persistente.id);
    falla = enEscritura(dynamo.throttling, Infinity);
    await expect(cerrarCreditoEnFecha(persistente.id, FECHA)).rejects.toThrow();
    const llamadas = falla.llamadas.get('TransactWriteCommand') ?? 0;
    sinFalla();
    expect(llamadas).toBeLessThanOrEqual(64);
    expect(await estado(persistente.id)).toEqual(antes);
    await cerrarCreditoEnFecha(persistente.id, FECHA);
    await cerrarCreditoEnFecha(persistente.id, FECHA);
    expect(await estado(persistente.id)).toEqual(esperado);
  });
});
