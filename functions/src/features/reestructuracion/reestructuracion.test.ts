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

import { ADMIN, ANALISTA, apiEvent, call, COBRADOR, type TestCaller } from '../../../test/events';
import { lineaUsada, notificacionesDe } from '../../../test/lending-fixtures';
import { clienteConUsuario, creditoEnCartera, leerCredito, ledger } from '../../../test/pagos-fixtures';
import { cargarCredito, recalcular } from '../cierre/index';
import { cerrarCreditoEnFecha } from '../cierre/store';
import { handler as registrarPago } from '../pagos/registrar-pago-ventanilla';
import { handler as revertirPago } from '../pagos/revertir-pago';
import { handler as aprobar } from './aprobar-reestructuracion';
import { handler as listar } from './listar-reestructuraciones';
import { handler as rechazar } from './rechazar-reestructuracion';
import { handler as reestructurar } from './reestructurar-credito';
import { handler as vistaPrevia } from './vista-previa-reestructuracion';

const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);

/** Events of the real routes, with the Idempotency-Key as `clave`. */
const evento = apiEvent;

/** A credit disbursed `diasAtras` days ago, never paid, closed to today through the real daily close (in arrears). */
async function enMora(diasAtras = 75) {
  const { cliente, caller } = await clienteConUsuario();
  const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -diasAtras), principal: 1_000_000_00, plazo: 12 });
  await cerrarCreditoEnFecha(credito.id, hoy);
  return { cliente, caller, credito };
}

/** The stored credit equals a replay of its ledger on its schedule (what every later close computes). */
async function replayIgual(id: string) {
  const cargado = (await cargarCredito(id))!;
  const { r } = recalcular(cargado, cargado.pagos, hoy);
  const c = cargado.credito;
  expect(r.resumen.saldo_capital_centimos).toBe(c.saldo_capital_centimos);
  expect(r.resumen.saldo_mora_centimos).toBe(c.saldo_mora_centimos);
  expect(r.resumen.estado).toBe(c.estado);
  const antes = await leerCredito(id);
  await cerrarCreditoEnFecha(id, hoy);
  const despues = await leerCredito(id);
  expect(despues.credito.saldo_capital_centimos).toBe(antes.credito.saldo_capital_centimos);
  expect(despues.credito.saldo_mora_centimos).toBe(antes.credito.saldo_mora_centimos);
}

const readecuacion = {
  tipo: 'readecuacion',
  capitalizar_mora: true,
  plazo_meses: 18,
  tasa_anual: '20',
  motivo: 'Pérdida de empleo temporal',
};

describe('reestructuración de créditos', () => {
  it('readecuación capitalizando la mora: la vista previa es lo que se confirma; el calendario anterior queda; todo se conserva', async () => {
    const { cliente, caller, credito } = await enMora();
    const antes = await leerCredito(credito.id);
    expect(antes.credito.estado).toBe('vencido');

    const prev = await call(
      vistaPrevia,
      evento('vista-previa-reestructuracion', { caller: ANALISTA, params: { id: credito.id }, body: readecuacion }),
    );
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
    const res = await call(
      reestructurar,
      evento('reestructurar-credito', { caller: ADMIN, params: { id: credito.id }, body: readecuacion, clave }),
    );
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
    const otra = await call(
      reestructurar,
      evento('reestructurar-credito', { caller: ADMIN, params: { id: credito.id }, body: readecuacion, clave }),
    );
    expect(otra.status).toBe(201);
    expect(otra.body.id).toBe(res.body.id);
    const lista = await call(listar, evento('listar-reestructuraciones', { caller: COBRADOR, params: { id: credito.id } }));
    expect(lista.body.items).toHaveLength(1);
    // what the screen parses
    expect(reestructuracionesSchema.safeParse(lista.body).error?.issues ?? []).toEqual([]);
    expect(planReestructuracionSchema.safeParse(plan).error?.issues ?? []).toEqual([]);
    expect((await leerCredito(credito.id)).credito.reestructuraciones).toBe(1);
  });

  it('prórroga sin capitalizar: los vencimientos pendientes se mueven N meses y la mora y el interés vencido quedan en la primera cuota', async () => {
    const { credito } = await enMora(45);
    const antes = await leerCredito(credito.id);
    const siguiente = antes.cuotas.find((q) => String(q.fecha_vencimiento) > hoy)!;
    const body = { tipo: 'prorroga', capitalizar_mora: false, meses_prorroga: 2, motivo: 'Cosecha atrasada por lluvias' };
    const res = await call(
      reestructurar,
      evento('reestructurar-credito', { caller: ADMIN, params: { id: credito.id }, body, clave: randomUUID() }),
    );
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
    const { credito } = await enMora(40);
    const version = (await leerCredito(credito.id)).credito.version;
    const prop = await call(
      reestructurar,
      evento('reestructurar-credito', { caller: ANALISTA, params: { id: credito.id }, body: readecuacion, clave: randomUUID() }),
    );
    expect(prop.status).toBe(201);
    expect(prop.body.estado).toBe('propuesta');
    expect((await leerCredito(credito.id)).credito.version).toBe(version);
    expect((await ledger(credito.id)).some((m) => m.tipo_movimiento === 'reestructuracion')).toBe(false);

    const porAnalista = await call(
      aprobar,
      evento('aprobar-reestructuracion', {
        caller: ANALISTA,
        params: { id: credito.id },
        body: { reestructuracion_id: prop.body.id },
        clave: randomUUID(),
      }),
    );
    expect(porAnalista.status).toBe(403);
    const mismo: TestCaller = { sub: ANALISTA.sub, groups: ['admin', 'analista'] };
    const porElMismo = await call(
      aprobar,
      evento('aprobar-reestructuracion', {
        caller: mismo,
        params: { id: credito.id },
        body: { reestructuracion_id: prop.body.id },
        clave: randomUUID(),
      }),
    );
    expect(porElMismo.status).toBe(409);
    const sinClave = await call(
      aprobar,
      evento('aprobar-reestructuracion', {
        caller: ADMIN,
        params: { id: credito.id },
        body: { reestructuracion_id: prop.body.id },
      }),
    );
    expect(sinClave.status).toBe(400);

    const ok = await call(
      aprobar,
      evento('aprobar-reestructuracion', {
        caller: ADMIN,
        params: { id: credito.id },
        body: { reestructuracion_id: prop.body.id },
        clave: randomUUID(),
      }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ estado: 'confirmada', confirmada_por: ADMIN.sub, propuesta_por: ANALISTA.sub });
    expect((await leerCredito(credito.id)).credito.reestructurado).toBe(true);
    const otraVez = await call(
      aprobar,
      evento('aprobar-reestructuracion', {
        caller: ADMIN,
        params: { id: credito.id },
        body: { reestructuracion_id: prop.body.id },
        clave: randomUUID(),
      }),
    );
    expect(otraVez.status).toBe(409);

    const segunda = await call(
      reestructurar,
      evento('reestructurar-credito', {
        caller: ANALISTA,
        params: { id: credito.id },
        body: { ...readecuacion, plazo_meses: 24 },
        clave: randomUUID(),
      }),
    );
    const rech = await call(
      rechazar,
      evento('rechazar-reestructuracion', {
        caller: ADMIN,
        params: { id: credito.id },
        body: { reestructuracion_id: segunda.body.id, motivo: 'El cliente no aportó documentos' },
      }),
    );
    expect(rech.status).toBe(200);
    expect(rech.body.estado).toBe('rechazada');
    const lista = await call(listar, evento('listar-reestructuraciones', { caller: ADMIN, params: { id: credito.id } }));
    expect(lista.body.items.map((r: { estado: string }) => r.estado).sort()).toEqual(['confirmada', 'rechazada']);
    await replayIgual(credito.id);
  });

  it('roles y validación: el cobrador no reestructura; una readecuación sin plazo ni tasa es un 400', async () => {
    const { credito } = await enMora(40);
    const cobrador = await call(
      vistaPrevia,
      evento('vista-previa-reestructuracion', { caller: COBRADOR, params: { id: credito.id }, body: readecuacion }),
    );
    expect(cobrador.status).toBe(403);
    const sinCambios = await call(
      vistaPrevia,
      evento('vista-previa-reestructuracion', {
        caller: ADMIN,
        params: { id: credito.id },
        body: { tipo: 'readecuacion', capitalizar_mora: false, motivo: 'Motivo suficiente' },
      }),
    );
    expect(sinCambios.status).toBe(400);
    const usura = await call(
      vistaPrevia,
      evento('vista-previa-reestructuracion', {
        caller: ADMIN,
        params: { id: credito.id },
        body: { ...readecuacion, tasa_anual: '99' },
      }),
    );
    expect(usura.status).toBe(400);
    expect(usura.body.details.tasa_anual).toMatch(/usura/);
    const corto = await call(
      vistaPrevia,
      evento('vista-previa-reestructuracion', {
        caller: ADMIN,
        params: { id: credito.id },
        body: { ...readecuacion, motivo: 'corto' },
      }),
    );
    expect(corto.status).toBe(400);
    const sinClave = await call(
      reestructurar,
      evento('reestructurar-credito', { caller: ADMIN, params: { id: credito.id }, body: readecuacion }),
    );
    expect(sinClave.status).toBe(400);
    const ajeno = await call(
      vistaPrevia,
      evento('vista-previa-reestructuracion', { caller: ADMIN, params: { id: 'NO-EXISTE' }, body: readecuacion }),
    );
    expect(ajeno.status).toBe(404);
  });

  it('dos confirmaciones a la vez con claves distintas hacen una sola reestructuración', async () => {
    const { credito } = await enMora(40);
    const [a, b] = await Promise.all(
      [randomUUID(), randomUUID()].map((clave) =>
        call(
          reestructurar,
          evento('reestructurar-credito', { caller: ADMIN, params: { id: credito.id }, body: readecuacion, clave }),
        ),
      ),
    );
    expect([a!.status, b!.status].sort()).toEqual([201, 409]);
    const { credito: c } = await leerCredito(credito.id);
    expect(c.reestructuraciones).toBe(1);
    expect((await ledger(credito.id)).filter((m) => m.tipo_movimiento === 'reestructuracion')).toHaveLength(1);
    await replayIgual(credito.id);
  });

  it('un pago anterior a la reestructuración no se revierte (409); uno posterior sí, y el crédito vuelve a su estado', async () => {
    const { credito } = await enMora(40);
    const pago = await call(
      registrarPago,
      evento('registrar-pago-ventanilla', {
        caller: ADMIN,
        params: { id: credito.id },
        body: { monto_centimos: 10_000_00, fecha_pago: hoy, canal: 'efectivo' },
        clave: randomUUID(),
      }),
    );
    expect(pago.status).toBe(201);
    expect(
      (
        await call(
          reestructurar,
          evento('reestructurar-credito', { caller: ADMIN, params: { id: credito.id }, body: readecuacion, clave: randomUUID() }),
        )
      ).status,
    ).toBe(201);
    const rev = await call(
      revertirPago,
      evento('revertir-pago', { caller: ADMIN, params: { id: pago.body.id }, body: { motivo: 'Cheque devuelto por el banco' } }),
    );
    expect(rev.status).toBe(409);
    expect(rev.body.code).toBe('PAGO_ANTERIOR_A_REESTRUCTURACION');

    const tras = await leerCredito(credito.id);
    const despues = await call(
      registrarPago,
      evento('registrar-pago-ventanilla', {
        caller: ADMIN,
        params: { id: credito.id },
        body: { monto_centimos: 5_000_00, fecha_pago: hoy, canal: 'efectivo' },
        clave: randomUUID(),
      }),
    );
    expect(despues.status).toBe(201);
    await replayIgual(credito.id);
    const rev2 = await call(
      revertirPago,
      evento('revertir-pago', { caller: ADMIN, params: { id: despues.body.id }, body: { motivo: 'Pago registrado por error' } }),
    );
    expect(rev2.status).toBe(200);
    const final = await leerCredito(credito.id);
    expect(final.credito.saldo_capital_centimos).toBe(tras.credito.saldo_capital_centimos);
    expect(final.cuotas.map((q) => q.pagado_capital_centimos ?? 0)).toEqual(
      tras.cuotas.map((q) => q.pagado_capital_centimos ?? 0),
    );
    await replayIgual(credito.id);

    const atras = await call(
      registrarPago,
      evento('registrar-pago-ventanilla', {
        caller: ADMIN,
        params: { id: credito.id },
        body: { monto_centimos: 5_000_00, fecha_pago: sumarDias(hoy, -1), canal: 'efectivo' },
        clave: randomUUID(),
      }),
    );
    expect(atras.status).toBe(400);
  });
});
