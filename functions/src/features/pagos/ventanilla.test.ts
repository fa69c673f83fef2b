import { DEFAULT_TIMEZONE, fechaNegocio, sumarDias } from '@cuota/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#commons/db';
import { keys } from '#commons/keys';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR } from '../../../test/events';
import { lineaUsada } from '../../../test/lending-fixtures';
import { clienteConUsuario, creditoEnCartera, leerCredito, pagosDeCredito, ledger } from '../../../test/pagos-fixtures';
import { handler as obtenerRecibo } from './obtener-recibo-pago';
import { handler as obtenerReciboPortal } from './obtener-recibo-portal';
import { cerrarCreditoEnFecha } from '../cierre/store';
import { registrarPagoVentanilla, revertirPago } from '../../../test/rutas';

const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);

/** Events of the real routes, with the Idempotency-Key as `clave`. */
const evento = apiEvent;

const cobro = (over: Record<string, unknown> = {}) => ({
  monto_centimos: 25_000_00,
  fecha_pago: hoy,
  canal: 'efectivo',
  ...over,
});

async function escenario(diasAtras = 45, principal = 1_000_000_00) {
  const { cliente, caller } = await clienteConUsuario();
  const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -diasAtras), principal, plazo: 12 });
  return { cliente, caller, credito };
}

describe('pagos en ventanilla', () => {
  it('el cobrador registra un pago en efectivo: se aplica de inmediato, con recibo numerado, y la misma clave no cobra dos veces', async () => {
    const { credito, cliente, caller } = await escenario();
    const clave = randomUUID();
    const res = await registrarPagoVentanilla(COBRADOR, credito.id, cobro(), clave);
    expect(res.status).toBe(201);
    expect(res.body.estado).toBe('conciliado');
    expect(res.body.numero_recibo).toMatch(new RegExp(`^RC-${hoy.slice(0, 4)}-\\d{6,}$`));
    expect(res.body.aplicado_mora_centimos + res.body.aplicado_interes_centimos + res.body.aplicado_capital_centimos).toBe(
      25_000_00,
    );

    const otra = await registrarPagoVentanilla(COBRADOR, credito.id, cobro(), clave);
    expect(otra.status).toBe(201);
    expect(otra.body.id).toBe(res.body.id);
    expect(await pagosDeCredito(credito.id)).toHaveLength(1);

    const { credito: c } = await leerCredito(credito.id);
    expect(c.total_pagado_centimos).toBe(25_000_00);
    expect(c.saldo_capital_centimos).toBe(1_000_000_00 - res.body.aplicado_capital_centimos);
    expect(await lineaUsada(cliente.id)).toBe(c.saldo_capital_centimos);
    expect((await ledger(credito.id)).filter((m) => m.tipo_movimiento === 'pago')).toHaveLength(1);

    const recibo = await call(obtenerRecibo, evento('obtener-recibo-pago', { caller: ANALISTA, params: { id: res.body.id } }));
    expect(recibo.status).toBe(200);
    expect(recibo.body).toMatchObject({
      numero_recibo: res.body.numero_recibo,
      numero_credito: credito.numero_credito,
      monto_centimos: 25_000_00,
      canal: 'efectivo',
      referencia: null,
      saldo_capital_despues_centimos: c.saldo_capital_centimos,
      cliente_identificacion: cliente.identidad_numero,
    });
    const propio = await call(obtenerReciboPortal, evento('obtener-recibo-portal', { caller, params: { id: res.body.id } }));
    expect(propio.status).toBe(200);
    const ajeno = await clienteConUsuario();
    const deOtro = await call(
      obtenerReciboPortal,
      evento('obtener-recibo-portal', { caller: ajeno.caller, params: { id: res.body.id } }),
    );
    expect(deOtro.status).toBe(404);
  });

  it('exige la clave de idempotencia, la referencia de los canales que no son efectivo, y rechaza fechas y montos imposibles', async () => {
    const { credito } = await escenario(10);
    const sinClave = await registrarPagoVentanilla(ADMIN, credito.id, cobro());
    expect(sinClave.status).toBe(400);
    const sinRef = await registrarPagoVentanilla(ADMIN, credito.id, cobro({ canal: 'cheque' }), randomUUID());
    expect(sinRef.status).toBe(400);
    expect(sinRef.body.details.referencia).toMatch(/Cheque requiere la referencia/);
    const futura = await registrarPagoVentanilla(ADMIN, credito.id, cobro({ fecha_pago: sumarDias(hoy, 1) }), randomUUID());
    expect(futura.status).toBe(400);
    expect(futura.body.details.fecha_pago).toBe('La fecha de pago no puede ser futura');
    const antes = await registrarPagoVentanilla(ADMIN, credito.id, cobro({ fecha_pago: sumarDias(hoy, -11) }), randomUUID());
    expect(antes.body.details.fecha_pago).toBe('La fecha de pago no puede ser anterior al desembolso del crédito');
    const excede = await registrarPagoVentanilla(ADMIN, credito.id, cobro({ monto_centimos: 5_000_000_00 }), randomUUID());
    expect(excede.status).toBe(400);
    expect(excede.body.details.monto_centimos).toMatch(/excede el saldo pendiente/);
    const canal = await registrarPagoVentanilla(ADMIN, credito.id, cobro({ canal: 'bitcoin' }), randomUUID());
    expect(canal.status).toBe(400);
    expect(await pagosDeCredito(credito.id)).toHaveLength(0);
  });

  it('el admin revierte un pago aplicado: el crédito vuelve a como estaba, con un movimiento de reversión, y no se revierte dos veces', async () => {
    const { credito, cliente } = await escenario(20);
    const antes = (await leerCredito(credito.id)).credito;
    const usadoAntes = await lineaUsada(cliente.id);
    const cobrado = await registrarPagoVentanilla(
      COBRADOR,
      credito.id,
      cobro({ monto_centimos: 300_000_00, canal: 'cheque', referencia: ' CH-0001 ' }),
      randomUUID(),
    );
    expect(cobrado.status).toBe(201);
    expect(cobrado.body.referencia_pago).toBe('CH-0001');

    const motivo = { motivo: 'Cheque devuelto por fondos insuficientes' };
    const corto = await revertirPago(ADMIN, cobrado.body.id, { motivo: 'corto' }, randomUUID());
    expect(corto.status).toBe(400);
    const cobrador = await revertirPago(COBRADOR, cobrado.body.id, motivo, randomUUID());
    expect(cobrador.status).toBe(403);

    const res = await revertirPago(ADMIN, cobrado.body.id, motivo, randomUUID());
    expect(res.status).toBe(200);
    expect(res.body.estado).toBe('reversado');
    expect(res.body.motivo_reversion).toBe(motivo.motivo);

    const despues = (await leerCredito(credito.id)).credito;
    expect(despues.saldo_capital_centimos).toBe(antes.saldo_capital_centimos);
    expect(despues.total_pagado_centimos).toBe(0);
    expect(despues.estado).toBe(antes.estado);
    expect(await lineaUsada(cliente.id)).toBe(usadoAntes);
    const movs = await ledger(credito.id);
    expect(movs.map((m) => m.tipo_movimiento).sort()).toEqual(['pago', 'reversion']);
    const reversion = movs.find((m) => m.tipo_movimiento === 'reversion')!;
    expect(reversion.monto_centimos).toBe(-300_000_00);

    const otra = await revertirPago(ADMIN, cobrado.body.id, motivo, randomUUID());
    expect(otra.status).toBe(409);
    expect(otra.body.code).toBe('PAGO_YA_REVERSADO');

    const recibo = await call(obtenerRecibo, evento('obtener-recibo-pago', { caller: ADMIN, params: { id: cobrado.body.id } }));
    expect(recibo.body).toMatchObject({ estado: 'reversado', motivo_reversion: motivo.motivo, referencia: 'CH-0001' });
  });

  it('revertir el pago que canceló el crédito lo devuelve a cartera', async () => {
    const { credito } = await escenario(5, 100_000_00);
    // the whole debt as of today: a 100 000 credit disbursed 5 days ago owes its capital and no interest due yet
    const { cuotas } = await leerCredito(credito.id);
    const { maximoAplicable } = await import('../cierre/aplicacion');
    const { normalizarCuota } = await import('../cierre/domain');
    const maximo = maximoAplicable(cuotas.map(normalizarCuota), hoy);
    const cobrado = await registrarPagoVentanilla(
      ADMIN,
      credito.id,
      cobro({ monto_centimos: maximo, canal: 'sinpe_movil', referencia: 'SINPE-77' }),
      randomUUID(),
    );
    expect(cobrado.status).toBe(201);
    expect((await leerCredito(credito.id)).credito.estado).toBe('cancelado');
    const res = await revertirPago(ADMIN, cobrado.body.id, { motivo: 'Se aplicó al crédito equivocado' }, randomUUID());
    expect(res.status).toBe(200);
    const { credito: c } = await leerCredito(credito.id);
    expect(c.estado).not.toBe('cancelado');
    expect(c.saldo_capital_centimos).toBe(100_000_00);
    expect(c.gsi3pk).toBeDefined();
  });

  it('un pago reportado (no aplicado) no se puede revertir', async () => {
    const res = await revertirPago(ADMIN, 'NOEXISTE', { motivo: 'Motivo suficientemente largo' }, randomUUID());
    expect(res.status).toBe(404);
  });
});

describe('pagos en ventanilla con excedente', () => {
  it('reducir_cuota: el abono de más baja las cuotas siguientes (mismo plazo) y conserva el principal', async () => {
    const { cliente } = await clienteConUsuario();
    const c = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -1), principal: 1_000_000_00, plazo: 12 });
    const antes = await leerCredito(c.id);
    const primera = Number(antes.cuotas[0]!.monto_total_centimos);
    const res = await registrarPagoVentanilla(
      COBRADOR,
      c.id,
      cobro({ monto_centimos: primera + 300_000_00, excedente: 'reducir_cuota' }),
      randomUUID(),
    );
    expect(res.status).toBe(201);
    const { credito, cuotas } = await leerCredito(c.id);
    expect(cuotas).toHaveLength(12);
    expect(cuotas.reduce((s, q) => s + Number(q.monto_capital_centimos), 0)).toBe(1_000_000_00);
    expect(credito.saldo_capital_centimos).toBe(1_000_000_00 - res.body.aplicado_capital_centimos);
    // same term: the cuotas after the prepaid one are lower than scheduled, and level among themselves
    const nueva = Number(cuotas[2]!.monto_total_centimos);
    expect(nueva).toBeLessThan(Number(antes.cuotas[2]!.monto_total_centimos));
    for (const q of cuotas.slice(2, 11)) expect(Number(q.monto_total_centimos)).toBe(nueva);

    // reversing it brings the scheduled cuotas back, as if it had never been paid
    const rev = await revertirPago(
      ADMIN,
      res.body.id as string,
      { motivo: 'Cheque devuelto por fondos insuficientes' },
      randomUUID(),
    );
    expect(rev.status).toBe(200);
    const despues = await leerCredito(c.id);
    expect(despues.credito.saldo_capital_centimos).toBe(1_000_000_00);
    for (const [i, q] of despues.cuotas.entries()) {
      expect(Number(q.monto_total_centimos)).toBe(Number(antes.cuotas[i]!.monto_total_centimos));
    }
    // and the ledger says so: a second 'reprogramacion' movement, each changed cuota back from its revised amounts
    type Cambio = {
      numero_cuota: number;
      antes: { capital: number; interes: number };
      despues: { capital: number; interes: number };
    };
    const reprogramaciones = (await ledger(c.id))
      .filter((m) => m.tipo_movimiento === 'reprogramacion' && m.pago_id === res.body.id)
      .sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
    expect(reprogramaciones).toHaveLength(2);
    const [alAplicar, alRevertir] = reprogramaciones.map((m) => m.cuotas as Cambio[]);
    expect(alRevertir!.map((q) => q.numero_cuota)).toEqual(alAplicar!.map((q) => q.numero_cuota));
    for (const [i, q] of alRevertir!.entries()) {
      expect(q.antes).toEqual(alAplicar![i]!.despues);
      expect(q.despues).toEqual(alAplicar![i]!.antes);
    }
    expect(reprogramaciones[1]!.monto_centimos).toBe(0);
  });
});

describe('reglas del motor del crédito', () => {
  it('pagar la liquidación cancela un crédito nuevo; uno desembolsado antes de la regla (sin reglas_motor) lo aplica como siempre, y el cierre no lo cambia', async () => {
    const { liquidacionCredito, normalizarCuota } = await import('../cierre/index');
    const resultados: Array<{ estado: string; saldo: number }> = [];
    for (const reglas of [2, undefined]) {
      const { credito } = await escenario(5, 100_000_00);
      const { credito: guardado, cuotas } = await leerCredito(credito.id);
      expect(guardado.reglas_motor).toBe(2); // the fixture's credits are disbursed under the current rules
      if (reglas === undefined) {
        await ddb.send(
          new UpdateCommand({ TableName: tableName(), Key: keys.credito(credito.id), UpdateExpression: 'REMOVE reglas_motor' }),
        );
      }
      const liq = liquidacionCredito(cuotas.map(normalizarCuota), hoy, {
        tasa_interes_anual: String(guardado.tasa_interes_anual),
        fecha_desembolso: String(guardado.fecha_desembolso),
      });
      const cobrado = await registrarPagoVentanilla(
        ADMIN,
        credito.id,
        cobro({ monto_centimos: liq.total_centimos }),
        randomUUID(),
      );
      expect(cobrado.status).toBe(201);
      const tras = await leerCredito(credito.id);
      await cerrarCreditoEnFecha(credito.id, hoy);
      const cerrado = await leerCredito(credito.id);
      expect(cerrado.credito.estado).toBe(tras.credito.estado);
      expect(cerrado.credito.saldo_capital_centimos).toBe(tras.credito.saldo_capital_centimos);
      expect(cerrado.cuotas.map((q) => [q.pagada, q.pagado_capital_centimos, q.pagado_interes_centimos])).toEqual(
        tras.cuotas.map((q) => [q.pagada, q.pagado_capital_centimos, q.pagado_interes_centimos]),
      );
      resultados.push({ estado: String(tras.credito.estado), saldo: Number(tras.credito.saldo_capital_centimos) });
    }
    expect(resultados[0]).toEqual({ estado: 'cancelado', saldo: 0 });
    // the old rule: the payoff is an ordinary payment (the due interest first, the rest prepays capital): still owing
    expect(resultados[1]!.estado).not.toBe('cancelado');
    expect(resultados[1]!.saldo).toBeGreaterThan(0);
  });
});
