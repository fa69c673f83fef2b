import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TIMEZONE, fechaNegocio, sumarDias } from '@cuota/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ddb, tableName } from '#commons/db';
import { keys } from '#commons/keys';
import { aggKeys, claveProvisionesMes } from '#entities/agregados';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR } from '../../../test/events';
import { creditoEnMora, leerCredito, METODOS_PRUEBA, ledger } from '../../../test/pagos-fixtures';
import { tablaConAgregados } from '../../../test/agregados-fixtures';
import { cerrarCreditoEnFecha, cerrarFecha } from '../cierre/store';
import { handler as obtenerProvisiones } from '../riesgo/obtener-provisiones';
import { tomarInstantaneaMensual } from '../riesgo/service';
import { handler as obtenerRiesgo } from './obtener-riesgo-credito';
import { handler as reportar } from './reportar-pago';
import { actualizarConfiguracion, aprobarPago, castigarCredito, revertirPago, cobroEnEfectivo } from '../../../test/rutas';

/**
 * Write-off, recoveries and provisions on DynamoDB Local (a table of this file's own, its stream
 * fed to the real aggregates consumer). Credits reach their arrears through the real daily close.
 */
const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);
const { entregar: entregarStream } = tablaConAgregados('cuota-castigo');

/** Events of the real routes, with the Idempotency-Key as `clave`. */
const evento = apiEvent;

async function leer(Key: { pk: string; sk: string }) {
  return (await ddb.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item ?? {};
}

/** A credit disbursed `diasAtras` days ago, closed today by the real daily close. */
const creditoConAtraso = (diasAtras: number) => creditoEnMora(diasAtras, 600_000_00);

const B = (v: unknown) => BigInt(Number(v ?? 0));

describe('castigo y recuperaciones', () => {
  it('un crédito con más de 90 días de mora se castiga una vez, sale del cierre y de la cartera, y lo que se paga después es recuperación', async () => {
    const { credito, caller, cliente } = await creditoConAtraso(160);
    const reciente = await creditoConAtraso(50);

    // a credit 20 days late is not written off
    const pronto = await castigarCredito(
      ADMIN,
      reciente.credito.id,
      { motivo: 'Cliente ilocalizable desde hace meses' },
      randomUUID(),
    );
    expect(pronto.status).toBe(409);
    expect(pronto.body.code).toBe('CREDITO_NO_CASTIGABLE');

    const vista = await call(obtenerRiesgo, evento('obtener-riesgo-credito', { caller: COBRADOR, params: { id: credito.id } }));
    expect(vista.status).toBe(200);
    expect(vista.body.estado).toBe('castigable');
    expect(vista.body.dias_mora).toBeGreaterThan(120);
    expect(vista.body.categoria).toBe('E');
    const antes = await leerCredito(credito.id);
    expect(vista.body.saldo.capital_centimos).toBe(600_000_00);
    expect(vista.body.saldo.mora_centimos).toBe(antes.credito.saldo_mora_centimos);

    const sinClave = await castigarCredito(ADMIN, credito.id, { motivo: 'Sin respuesta a 12 gestiones de cobro' });
    expect(sinClave.status).toBe(400);
    const corto = await castigarCredito(ADMIN, credito.id, { motivo: 'corto' }, randomUUID());
    expect(corto.status).toBe(400);

    const clave = randomUUID();
    const body = { motivo: 'Sin respuesta a 12 gestiones de cobro' };
    const res = await castigarCredito(ADMIN, credito.id, body, clave);
    expect(res.status).toBe(200);
    const castigado = res.body.castigado;
    expect(castigado.total_centimos).toBe(castigado.capital_centimos + castigado.interes_centimos + castigado.mora_centimos);
    expect(res.body.castigado).toEqual(vista.body.saldo);
    const otra = await castigarCredito(ADMIN, credito.id, body, clave);
    expect(otra.status).toBe(200);
    expect(otra.body).toEqual(res.body);
    const deNuevo = await castigarCredito(ADMIN, credito.id, body, randomUUID());
    expect(deNuevo.status).toBe(409);
    expect(deNuevo.body.code).toBe('CREDITO_CASTIGADO');

    const { credito: c1 } = await leerCredito(credito.id);
    expect(c1.estado).toBe('castigado');
    expect(c1.gsi3pk).toBeUndefined();
    const castigos = (await ledger(credito.id)).filter((m) => m.tipo_movimiento === 'castigo');
    expect(castigos).toHaveLength(1);
    expect(castigos[0]).toMatchObject({ monto_centimos: castigado.total_centimos, capital_centimos: castigado.capital_centimos });

    // later closes leave it alone: no more mora
    const cierre = await cerrarCreditoEnFecha(credito.id, sumarDias(hoy, 5));
    expect(cierre.actualizado).toBe(false);
    expect((await leerCredito(credito.id)).credito.saldo_mora_centimos).toBe(c1.saldo_mora_centimos);

    // a counter payment is a recovery: mora first, then interest, then capital
    const monto = castigado.mora_centimos + 1_000_00;
    const cobro = await cobroEnEfectivo(credito.id, monto, hoy, COBRADOR);
    expect(cobro.status).toBe(201);
    expect(cobro.body.recuperacion).toBe(true);
    expect(cobro.body.aplicado_mora_centimos).toBe(castigado.mora_centimos);
    expect(cobro.body.aplicado_interes_centimos).toBe(Math.min(1_000_00, castigado.interes_centimos));

    // more than what is pending is refused on the amount
    const demasiado = await cobroEnEfectivo(credito.id, castigado.total_centimos, hoy, COBRADOR);
    expect(demasiado.status).toBe(400);
    expect(demasiado.body.details.monto_centimos).toBeDefined();

    // a reported payment, approved in reconciliation, is a recovery too
    const reporte = await call(
      reportar,
      evento('reportar-pago', {
        caller,
        body: {
          credito_id: credito.id,
          monto_centimos: 50_000_00,
          fecha_pago: hoy,
          canal: METODOS_PRUEBA.sinReferencia,
          referencia_pago: 'FT-REC-1',
        },
      }),
    );
    expect(reporte.status, JSON.stringify(reporte.body)).toBe(201);
    const aprobado = await aprobarPago(ADMIN, reporte.body.id, {});
    expect(aprobado.status).toBe(200);
    expect(aprobado.body.recuperacion).toBe(true);

    // a recovery is not reversed through the engine
    const reversion = await revertirPago(ADMIN, cobro.body.id, { motivo: 'Probando la reversión de una recuperación' });
    expect(reversion.status).toBe(409);

    // conservation, in BigInt over the stored items
    const { credito: c2 } = await leerCredito(credito.id);
    const movs = await ledger(credito.id);
    const recuperaciones = movs.filter((m) => m.tipo_movimiento === 'recuperacion');
    expect(recuperaciones).toHaveLength(2);
    const recuperado = recuperaciones.reduce((s, m) => s + B(m.monto_centimos), 0n);
    expect(recuperado).toBe(BigInt(monto + 50_000_00));
    for (const m of recuperaciones)
      expect(B(m.capital_centimos) + B(m.interes_centimos) + B(m.mora_centimos)).toBe(B(m.monto_centimos));
    const pendiente =
      B(c2.castigo_pendiente_capital_centimos) + B(c2.castigo_pendiente_interes_centimos) + B(c2.castigo_pendiente_mora_centimos);
    expect(pendiente + recuperado).toBe(BigInt(castigado.total_centimos));
    const capitalRecuperado = recuperaciones.reduce((s, m) => s + B(m.capital_centimos), 0n);
    expect(B(c2.saldo_capital_centimos) + capitalRecuperado).toBe(B(c2.monto_principal_centimos));
    expect(B(c2.recuperado_centimos)).toBe(recuperado);
    // the credit line is released only by the capital recovered
    const linea = await leer(keys.lineaCredito(cliente.id));
    expect(B(linea.usado_centimos)).toBe(B(c2.saldo_capital_centimos));

    // aggregates: out of the active portfolio and PAR, castigado balance and recoveries exposed
    await entregarStream();
    const cartera = await leer(aggKeys.cartera());
    expect(cartera.creditos_castigado).toBe(1);
    expect(cartera.capital_castigado_centimos).toBe(c2.saldo_capital_centimos);
    expect(cartera.aging_mas_90_creditos ?? 0).toBe(0);
    const riesgo = await leer(aggKeys.riesgo());
    expect(riesgo.castigados).toBe(1);
    expect(B(riesgo.castigado_saldo_centimos)).toBe(pendiente);
    expect(B(riesgo.recuperaciones_centimos)).toBe(recuperado);
    const mes = await leer(aggKeys.mes(hoy.slice(0, 7)));
    expect(B(mes.recuperado_centimos)).toBe(recuperado);
    expect(mes.cobros ?? 0).toBe(0);

    const reporteRiesgo = await call(obtenerProvisiones, evento('obtener-provisiones', { caller: ANALISTA }));
    expect(reporteRiesgo.status).toBe(200);
    expect(reporteRiesgo.body.castigados).toEqual({ creditos: 1, saldo_centimos: Number(pendiente) });
    expect(reporteRiesgo.body.recuperaciones_centimos).toBe(Number(recuperado));
    // only the other (active) credit is in the categories: ~20 days late → A2
    expect(reporteRiesgo.body.total.creditos).toBe(1);
    const a2 = reporteRiesgo.body.filas.find((f: { categoria: string }) => f.categoria === 'A2');
    expect(a2.creditos).toBe(1);
  }, 60_000);
});

describe('provisiones', () => {
  it('el informe sigue la configuración: porcentajes y umbrales nuevos se aplican al leer, y los inválidos se rechazan', async () => {
    await entregarStream();
    const antes = await call(obtenerProvisiones, evento('obtener-provisiones', { caller: ADMIN }));
    const a2 = antes.body.filas.find((f: { categoria: string }) => f.categoria === 'A2');
    expect(a2.porcentaje).toBe('2');
    expect(a2.provision_centimos).toBe(Number((BigInt(a2.saldo_centimos) * 2n + 50n) / 100n));

    const mal = await actualizarConfiguracion('riesgo_umbrales_dias', '0,30,20,60,75,90,120');
    expect(mal.status).toBe(400);
    const malPct = await actualizarConfiguracion('riesgo_porcentajes_estimacion', '0.5,2,5,10,25,50,75,101');
    expect(malPct.status).toBe(400);

    const umbrales = await actualizarConfiguracion('riesgo_umbrales_dias', '0,10,45,60,75,90,120');
    expect(umbrales.status).toBe(200);
    const pct = await actualizarConfiguracion('riesgo_porcentajes_estimacion', '1,2,4,10,25,50,75,100');
    expect(pct.status).toBe(200);
    const despues = await call(obtenerProvisiones, evento('obtener-provisiones', { caller: ADMIN }));
    // the ~20-day credit moved from A2 (≤ 30) to B1 (11–45) at 4 %
    const b1 = despues.body.filas.find((f: { categoria: string }) => f.categoria === 'B1');
    expect(b1.creditos).toBe(a2.creditos);
    expect(b1.porcentaje).toBe('4');
    expect(b1.provision_centimos).toBe(Number((BigInt(b1.saldo_centimos) * 4n + 50n) / 100n));
    expect(despues.body.total.saldo_centimos).toBe(antes.body.total.saldo_centimos);
  }, 60_000);

  it('el primer cierre de un mes guarda la instantánea del mes anterior una sola vez, y ?mes= la devuelve', async () => {
    await entregarStream();
    const r = await cerrarFecha('2001-03-01');
    expect(r.estado).toBe('cerrado');
    const guardada = await leer(claveProvisionesMes('2001-02'));
    expect(guardada.fecha_corte).toBe('2001-02-28');
    const res = await call(obtenerProvisiones, evento('obtener-provisiones', { caller: ANALISTA, query: { mes: '2001-02' } }));
    expect(res.status).toBe(200);
    expect(res.body.mes).toBe('2001-02');
    expect(res.body.fecha_corte).toBe('2001-02-28');
    expect(res.body.meses_disponibles).toContain('2001-02');
    const ahora = await call(obtenerProvisiones, evento('obtener-provisiones', { caller: ANALISTA }));
    expect(res.body.total).toEqual(ahora.body.total);

    // never overwritten: another close of that date, or another attempt, keeps the first one
    expect((await cerrarFecha('2001-03-01')).estado).toBe('ya_cerrado');
    expect(await tomarInstantaneaMensual('2001-03-01', new Date())).toBeNull();
    expect((await leer(claveProvisionesMes('2001-02'))).tomado_en).toBe(guardada.tomado_en);
    // a date that is not the first of a month takes none
    expect(await tomarInstantaneaMensual('2001-03-02', new Date())).toBeNull();

    const falta = await call(obtenerProvisiones, evento('obtener-provisiones', { caller: ANALISTA, query: { mes: '1999-01' } }));
    expect(falta.status).toBe(404);
    const malo = await call(obtenerProvisiones, evento('obtener-provisiones', { caller: ANALISTA, query: { mes: '2001-13' } }));
    expect(malo.status).toBe(400);
  }, 60_000);
});
