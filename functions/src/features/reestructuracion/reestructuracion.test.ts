import {
  DEFAULT_TIMEZONE,
  fechaNegocio,
  planReestructuracionSchema,
  reestructuracionesSchema,
  sumarDias,
  sumarMeses,
} from '@cuota/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { ADMIN, ANALISTA, COBRADOR, type TestCaller } from '../../../test/events';
import { lineaUsada, notificacionesDe } from '../../../test/lending-fixtures';
import { creditoEnMora, leerCredito, ledger, otroCierreNoCambiaSaldos } from '../../../test/pagos-fixtures';
import { cargarCredito, recalcular } from '../cierre/index';
import {
  aprobarReestructuracion,
  listarReestructuraciones,
  rechazarReestructuracion,
  reestructurarCredito,
  revertirPago,
  vistaPreviaReestructuracion,
  readecuacion,
  cobroEnEfectivo,
} from '../../../test/rutas';

const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);

/** The stored credit equals a replay of its ledger on its schedule (what every later close computes). */
async function replayIgual(id: string) {
  const cargado = (await cargarCredito(id))!;
  const { r } = recalcular(cargado, cargado.pagos, hoy);
  const c = cargado.credito;
  expect(r.resumen.saldo_capital_centimos).toBe(c.saldo_capital_centimos);
  expect(r.resumen.saldo_mora_centimos).toBe(c.saldo_mora_centimos);
  expect(r.resumen.estado).toBe(c.estado);
  await otroCierreNoCambiaSaldos(id, hoy);
}

describe('reestructuración de créditos', () => {
  it('readecuación capitalizando la mora: la vista previa es lo que se confirma; el calendario anterior queda; todo se conserva', async () => {
    const { cliente, caller, credito } = await creditoEnMora();
    const antes = await leerCredito(credito.id);
    expect(antes.credito.estado).toBe('vencido');

    const prev = await vistaPreviaReestructuracion(ANALISTA, credito.id, readecuacion);
    expect(prev.status).toBe(200);
    const plan = prev.body;
    expect(plan.deuda.capital_centimos).toBe(antes.credito.saldo_capital_centimos);
    expect(plan.deuda.mora_centimos).toBeGreaterThan(0);
    expect(plan.deuda.interes_vencido_centimos).toBeGreaterThan(0);
    expect(plan.capitalizado_centimos).toBe(plan.deuda.interes_vencido_centimos + plan.deuda.mora_centimos);
    expect(plan.cuotas).toHaveLength(18);
    // nothing written by the preview
    expect((await leerCredito(credito.id)).credito.version).toBe(antes.credito.version);

    const clave = randomUUID();
    const res = await reestructurarCredito(ADMIN, credito.id, readecuacion, clave);
    expect(res.status).toBe(201);
    expect(res.body.estado).toBe('confirmada');
    expect(res.body.plan.cuotas).toEqual(plan.cuotas);
    expect(res.body.cuotas_anteriores).toHaveLength(12);

    const { credito: c, cuotas } = await leerCredito(credito.id);
    expect(c.reestructurado).toBe(true);
    expect(c.reestructuraciones).toBe(1);
    expect(c.plazo_meses).toBe(18);
    expect(c.tasa_interes_anual).toBe('20.00');
    expect(Number(c.tasa_moratoria_anual)).toBeLessThanOrEqual(26);
    expect(c.monto_principal_centimos).toBe(1_000_000_00);
    expect(cuotas).toHaveLength(18);
    const capital = cuotas.reduce((s, q) => s + BigInt(Number(q.monto_capital_centimos)), 0n);
    expect(capital).toBe(BigInt(plan.deuda.capital_centimos) + BigInt(plan.capitalizado_centimos));
    expect(c.saldo_capital_centimos).toBe(Number(capital));
    expect(c.saldo_mora_centimos).toBe(0);
    expect(c.estado).toBe('vigente');
    expect(Number(cuotas[0]!.monto_interes_centimos) - plan.arrastre_centimos).toBeGreaterThan(0);
    expect(await lineaUsada(cliente.id)).toBe(c.saldo_capital_centimos);

    const mov = (await ledger(credito.id)).filter((m) => m.tipo_movimiento === 'reestructuracion');
    expect(mov).toHaveLength(1);
    expect(mov[0]).toMatchObject({ reestructuracion_id: res.body.id, monto_centimos: plan.capitalizado_centimos });
    expect((mov[0]!.antes_saldos as Record<string, number>).capital_centimos).toBe(antes.credito.saldo_capital_centimos);
    expect((mov[0]!.despues_saldos as Record<string, number>).capital_centimos).toBe(c.saldo_capital_centimos);
    expect((await notificacionesDe(caller.sub)).some((n) => n.titulo === 'Tu crédito fue reestructurado')).toBe(true);
    await replayIgual(credito.id);

    // the same key answers the first response and writes nothing
    const otra = await reestructurarCredito(ADMIN, credito.id, readecuacion, clave);
    expect(otra.status).toBe(201);
    expect(otra.body.id).toBe(res.body.id);
    const lista = await listarReestructuraciones(COBRADOR, credito.id);
    expect(lista.body.items).toHaveLength(1);
    // what the screen parses
    expect(reestructuracionesSchema.safeParse(lista.body).error?.issues ?? []).toEqual([]);
    expect(planReestructuracionSchema.safeParse(plan).error?.issues ?? []).toEqual([]);
    expect((await leerCredito(credito.id)).credito.reestructuraciones).toBe(1);
  });

  it('prórroga sin capitalizar: los vencimientos pendientes se mueven N meses y la mora y el interés vencido quedan en la primera cuota', async () => {
    const { credito } = await creditoEnMora(45);
    const antes = await leerCredito(credito.id);
    const siguiente = antes.cuotas.find((q) => String(q.fecha_vencimiento) > hoy)!;
    const body = { tipo: 'prorroga', capitalizar_mora: false, meses_prorroga: 2, motivo: 'Cosecha atrasada por lluvias' };
    const res = await reestructurarCredito(ADMIN, credito.id, body, randomUUID());
    expect(res.status).toBe(201);
    const { plan } = res.body;
    const { credito: c, cuotas } = await leerCredito(credito.id);
    expect(cuotas[0]!.fecha_vencimiento).toBe(sumarMeses(String(siguiente.fecha_vencimiento), 2));
    expect(cuotas).toHaveLength(antes.cuotas.filter((q) => String(q.fecha_vencimiento) > hoy).length);
    expect(c.tasa_interes_anual).toBe('24.00');
    // capital unchanged; arrears and the accrued interest carried on cuota 1
    expect(c.saldo_capital_centimos).toBe(antes.credito.saldo_capital_centimos);
    expect(plan.arrastre_centimos).toBe(
      plan.deuda.interes_vencido_centimos + plan.deuda.mora_centimos + plan.deuda.interes_corriente_centimos,
    );
    expect(cuotas[0]!.interes_arrastrado_centimos).toBe(plan.arrastre_centimos);
    await replayIgual(credito.id);
  });

  it('el analista propone, no confirma; un admin confirma o rechaza; quien propuso no confirma', async () => {
    const { credito } = await creditoEnMora(40);
    const version = (await leerCredito(credito.id)).credito.version;
    const prop = await reestructurarCredito(ANALISTA, credito.id, readecuacion, randomUUID());
    expect(prop.status).toBe(201);
    expect(prop.body.estado).toBe('propuesta');
    expect((await leerCredito(credito.id)).credito.version).toBe(version);
    expect((await ledger(credito.id)).some((m) => m.tipo_movimiento === 'reestructuracion')).toBe(false);

    const porAnalista = await aprobarReestructuracion(ANALISTA, credito.id, { reestructuracion_id: prop.body.id }, randomUUID());
    expect(porAnalista.status).toBe(403);
    const mismo: TestCaller = { sub: ANALISTA.sub, groups: ['admin', 'analista'] };
    const porElMismo = await aprobarReestructuracion(mismo, credito.id, { reestructuracion_id: prop.body.id }, randomUUID());
    expect(porElMismo.status).toBe(409);
    const sinClave = await aprobarReestructuracion(ADMIN, credito.id, { reestructuracion_id: prop.body.id });
    expect(sinClave.status).toBe(400);

    const ok = await aprobarReestructuracion(ADMIN, credito.id, { reestructuracion_id: prop.body.id }, randomUUID());
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ estado: 'confirmada', confirmada_por: ADMIN.sub, propuesta_por: ANALISTA.sub });
    expect((await leerCredito(credito.id)).credito.reestructurado).toBe(true);
    const otraVez = await aprobarReestructuracion(ADMIN, credito.id, { reestructuracion_id: prop.body.id }, randomUUID());
    expect(otraVez.status).toBe(409);

    const segunda = await reestructurarCredito(ANALISTA, credito.id, { ...readecuacion, plazo_meses: 24 }, randomUUID());
    const rech = await rechazarReestructuracion(ADMIN, credito.id, {
      reestructuracion_id: segunda.body.id,
      motivo: 'El cliente no aportó documentos',
    });
    expect(rech.status).toBe(200);
    expect(rech.body.estado).toBe('rechazada');
    const lista = await listarReestructuraciones(ADMIN, credito.id);
    expect(lista.body.items.map((r: { estado: string }) => r.estado).sort()).toEqual(['confirmada', 'rechazada']);
    await replayIgual(credito.id);
  });

  it('roles y validación: el cobrador no reestructura; una readecuación sin plazo ni tasa es un 400', async () => {
    const { credito } = await creditoEnMora(40);
    const cobrador = await vistaPreviaReestructuracion(COBRADOR, credito.id, readecuacion);
    expect(cobrador.status).toBe(403);
    const sinCambios = await vistaPreviaReestructuracion(ADMIN, credito.id, {
      tipo: 'readecuacion',
      capitalizar_mora: false,
      motivo: 'Motivo suficiente',
    });
    expect(sinCambios.status).toBe(400);
    const usura = await vistaPreviaReestructuracion(ADMIN, credito.id, { ...readecuacion, tasa_anual: '99' });
    expect(usura.status).toBe(400);
    expect(usura.body.details.tasa_anual).toMatch(/usura/);
    const corto = await vistaPreviaReestructuracion(ADMIN, credito.id, { ...readecuacion, motivo: 'corto' });
    expect(corto.status).toBe(400);
    const sinClave = await reestructurarCredito(ADMIN, credito.id, readecuacion);
    expect(sinClave.status).toBe(400);
    const ajeno = await vistaPreviaReestructuracion(ADMIN, 'NO-EXISTE', readecuacion);
    expect(ajeno.status).toBe(404);
  });

  it('dos confirmaciones a la vez con claves distintas hacen una sola reestructuración', async () => {
    const { credito } = await creditoEnMora(40);
    const [a, b] = await Promise.all(
      [randomUUID(), randomUUID()].map((clave) => reestructurarCredito(ADMIN, credito.id, readecuacion, clave)),
    );
    expect([a!.status, b!.status].sort()).toEqual([201, 409]);
    const { credito: c } = await leerCredito(credito.id);
    expect(c.reestructuraciones).toBe(1);
    expect((await ledger(credito.id)).filter((m) => m.tipo_movimiento === 'reestructuracion')).toHaveLength(1);
    await replayIgual(credito.id);
  });

  it('un pago anterior a la reestructuración no se revierte (409); uno posterior sí, y el crédito vuelve a su estado', async () => {
    const { credito } = await creditoEnMora(40);
    const pago = await cobroEnEfectivo(credito.id, 10_000_00, hoy);
    expect(pago.status).toBe(201);
    expect((await reestructurarCredito(ADMIN, credito.id, readecuacion, randomUUID())).status).toBe(201);
    const rev = await revertirPago(ADMIN, pago.body.id, { motivo: 'Cheque devuelto por el banco' });
    expect(rev.status).toBe(409);
    expect(rev.body.code).toBe('PAGO_ANTERIOR_A_REESTRUCTURACION');

    const tras = await leerCredito(credito.id);
    const despues = await cobroEnEfectivo(credito.id, 5_000_00, hoy);
    expect(despues.status).toBe(201);
    await replayIgual(credito.id);
    const rev2 = await revertirPago(ADMIN, despues.body.id, { motivo: 'Pago registrado por error' });
    expect(rev2.status).toBe(200);
    const final = await leerCredito(credito.id);
    expect(final.credito.saldo_capital_centimos).toBe(tras.credito.saldo_capital_centimos);
    expect(final.cuotas.map((q) => q.pagado_capital_centimos ?? 0)).toEqual(
      tras.cuotas.map((q) => q.pagado_capital_centimos ?? 0),
    );
    await replayIgual(credito.id);

    const atras = await cobroEnEfectivo(credito.id, 5_000_00, sumarDias(hoy, -1));
    expect(atras.status).toBe(400);
  });
});
