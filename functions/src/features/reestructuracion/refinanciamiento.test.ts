import { DEFAULT_TIMEZONE, fechaNegocio, reestructuracionesSchema } from '@cuota/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { ADMIN, ANALISTA, apiEvent, call } from '../../../test/events';
import { lineaUsada, notificacionesDe } from '../../../test/lending-fixtures';
import { creditoEnMora, leerCredito, ledger } from '../../../test/pagos-fixtures';
import { cargarCredito, recalcular } from '../cierre/index';
import { cerrarCreditoEnFecha } from '../cierre/store';
import { handler as listarCreditosCliente } from '../clientes/listar-creditos-cliente';
import { handler as listarCreditos } from '../creditos/listar-creditos';
import { handler as obtenerCredito } from '../creditos/obtener-credito';
import { handler as obtenerLiquidacion } from '../creditos/obtener-liquidacion';
import {
  aprobarReestructuracion,
  listarReestructuraciones,
  reestructurarCredito,
  vistaPreviaReestructuracion,
  cobroEnEfectivo,
} from '../../../test/rutas';

const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);

/** Events of the real routes, with the Idempotency-Key as `clave`. */
const evento = apiEvent;

const refinanciamiento = {
  tipo: 'refinanciamiento',
  capitalizar_mora: true,
  plazo_meses: 24,
  motivo: 'Refinanciar la deuda a un plazo que pueda pagar',
};

describe('refinanciamiento', () => {
  it('un admin refinancia un crédito en mora: crédito nuevo por el saldo total, el anterior queda refinanciado en cero', async () => {
    const { cliente, caller, credito } = await creditoEnMora();
    expect((await leerCredito(credito.id)).credito.estado).toBe('vencido');

    const prev = await vistaPreviaReestructuracion(ADMIN, credito.id, refinanciamiento);
    expect(prev.status).toBe(200);
    const plan = prev.body;
    expect(plan.deuda.mora_centimos).toBeGreaterThan(0);
    expect(plan.arrastre_centimos).toBe(0);
    expect(plan.cuotas).toHaveLength(24);

    // arrears not capitalised: refused, the old credit must close completely
    const sinCapitalizar = await reestructurarCredito(
      ADMIN,
      credito.id,
      { ...refinanciamiento, capitalizar_mora: false },
      randomUUID(),
    );
    expect(sinCapitalizar.status).toBe(409);
    expect(sinCapitalizar.body.code).toBe('MORA_SIN_CAPITALIZAR');

    const clave = randomUUID();
    const res = await reestructurarCredito(ADMIN, credito.id, refinanciamiento, clave);
    expect(res.status).toBe(201);
    expect(res.body.estado).toBe('confirmada');
    expect(res.body.plan.cuotas).toEqual(plan.cuotas);
    const nuevoId = String(res.body.credito_nuevo_id);
    expect(res.body.credito_nuevo_numero).toMatch(/^CR-\d{4}-\d{6}$/);

    // conservation, exact: payoff cancelled on the old credit = principal of the new one = Σ its capital
    const d = plan.deuda;
    const payoff =
      BigInt(d.capital_centimos) +
      BigInt(d.interes_vencido_centimos) +
      BigInt(d.mora_centimos) +
      BigInt(d.interes_corriente_centimos);
    const viejo = await leerCredito(credito.id);
    const nuevo = await leerCredito(nuevoId);
    expect(BigInt(Number(nuevo.credito.monto_principal_centimos))).toBe(payoff);
    expect(nuevo.cuotas.reduce((s, q) => s + BigInt(Number(q.monto_capital_centimos)), 0n)).toBe(payoff);
    const cancelado = (await ledger(credito.id)).filter((m) => m.tipo_movimiento === 'refinanciamiento');
    expect(cancelado).toHaveLength(1);
    const m = cancelado[0]!;
    expect(BigInt(Number(m.monto_centimos))).toBe(payoff);
    expect(
      BigInt(Number(m.aplicado_capital_centimos)) +
        BigInt(Number(m.aplicado_interes_centimos)) +
        BigInt(Number(m.aplicado_mora_centimos)),
    ).toBe(payoff);
    // the old credit's capital: disbursed, then cancelled to zero by the refinancing (never paid)
    expect(BigInt(Number(m.aplicado_capital_centimos))).toBe(BigInt(Number(viejo.credito.monto_principal_centimos)));

    expect(viejo.credito).toMatchObject({ estado: 'refinanciado', refinanciado_por_id: nuevoId, saldo_capital_centimos: 0 });
    expect(viejo.credito.gsi3pk).toBeUndefined();
    expect(viejo.credito.gsi4pk).toBeUndefined();
    expect(viejo.cuotas.every((q) => q.pagada === true)).toBe(true);
    expect(nuevo.credito).toMatchObject({
      estado: 'vigente',
      credito_origen_id: credito.id,
      reestructurado: true,
      canal_desembolso: 'refinanciamiento',
      fecha_desembolso: hoy,
    });
    const apertura = (await ledger(nuevoId)).filter((x) => x.tipo_movimiento === 'refinanciamiento');
    expect(apertura).toHaveLength(1);
    expect(BigInt(Number(apertura[0]!.monto_centimos))).toBe(payoff);
    // the line's usage: the new principal (the old credit owes nothing)
    const usada = await lineaUsada(cliente.id);
    if (usada !== null) expect(BigInt(usada)).toBe(payoff);
    expect((await notificacionesDe(caller.sub)).some((n) => n.titulo === 'Tu crédito fue refinanciado')).toBe(true);

    // the new credit replays from its own schedule; the close runs on it and changes nothing today
    const cargado = (await cargarCredito(nuevoId))!;
    const { r } = recalcular(cargado, cargado.pagos, hoy);
    expect(r.resumen.saldo_capital_centimos).toBe(nuevo.credito.saldo_capital_centimos);
    await cerrarCreditoEnFecha(nuevoId, hoy);
    expect((await leerCredito(nuevoId)).credito.saldo_capital_centimos).toBe(nuevo.credito.saldo_capital_centimos);
    // the close skips the old one
    await cerrarCreditoEnFecha(credito.id, hoy);
    expect((await leerCredito(credito.id)).credito.version).toBe(viejo.credito.version);

    // same key: the first response, nothing written again
    const otra = await reestructurarCredito(ADMIN, credito.id, refinanciamiento, clave);
    expect(otra.status).toBe(201);
    expect(otra.body.credito_nuevo_id).toBe(nuevoId);
    const lista = await listarReestructuraciones(ADMIN, credito.id);
    expect(reestructuracionesSchema.safeParse(lista.body).error?.issues ?? []).toEqual([]);
    expect(lista.body.items).toHaveLength(1);

    // the old credit refuses a counter payment
    const pago = await cobroEnEfectivo(credito.id, 10_000_00, hoy);
    expect(pago.status).toBe(409);
    expect(pago.body.code).toBe('CREDITO_REFINANCIADO');

    // listed: the new one among the client's credits and the portfolio; the old one as refinanciado with its link
    const delCliente = await call(
      listarCreditosCliente,
      evento('listar-creditos-cliente', { caller: ADMIN, params: { id: cliente.id } }),
    );
    const ids = (delCliente.body.items ?? delCliente.body).map((c: { id: string }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([credito.id, nuevoId]));
    const refinanciados = await call(
      listarCreditos,
      evento('listar-creditos', { caller: ADMIN, query: { estado: 'refinanciado' } }),
    );
    expect(refinanciados.status).toBe(200);
    expect(refinanciados.body.items.map((c: { id: string }) => c.id)).toContain(credito.id);
    const detalle = await call(obtenerCredito, evento('obtener-credito', { caller: ADMIN, params: { id: credito.id } }));
    expect(detalle.status).toBe(200);
    expect(JSON.stringify(detalle.body)).toContain(nuevoId);
    expect(detalle.body.refinanciado_por_id).toBe(nuevoId);
    const nuevoDetalle = await call(obtenerCredito, evento('obtener-credito', { caller: ADMIN, params: { id: nuevoId } }));
    expect(nuevoDetalle.body.credito_origen_id).toBe(credito.id);
    // no payoff quote for the old credit: a clear 409, not an inconsistent replay
    const liq = await call(obtenerLiquidacion, evento('obtener-liquidacion', { caller: ADMIN, params: { id: credito.id } }));
    expect(liq.status).toBe(409);
    expect(liq.body.code).toBe('CREDITO_REFINANCIADO');
  });

  it('el analista propone el refinanciamiento y un admin lo confirma', async () => {
    const { credito } = await creditoEnMora(40);
    const prop = await reestructurarCredito(ANALISTA, credito.id, refinanciamiento, randomUUID());
    expect(prop.status).toBe(201);
    expect(prop.body.estado).toBe('propuesta');
    expect((await leerCredito(credito.id)).credito.estado).toBe('vencido');

    const ok = await aprobarReestructuracion(ADMIN, credito.id, { reestructuracion_id: prop.body.id }, randomUUID());
    expect(ok.status).toBe(200);
    expect(ok.body.estado).toBe('confirmada');
    const nuevo = await leerCredito(String(ok.body.credito_nuevo_id));
    expect(nuevo.credito.credito_origen_id).toBe(credito.id);
    expect((await leerCredito(credito.id)).credito.estado).toBe('refinanciado');
  });

  it('un refinanciamiento sin plazo se rechaza con el campo', async () => {
    const { credito } = await creditoEnMora(40);
    const res = await vistaPreviaReestructuracion(ADMIN, credito.id, {
      tipo: 'refinanciamiento',
      capitalizar_mora: true,
      motivo: 'Refinanciar la deuda del cliente',
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('plazo_meses');
  });
});
