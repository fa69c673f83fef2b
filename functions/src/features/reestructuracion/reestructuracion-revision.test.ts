import { DEFAULT_TIMEZONE, fechaNegocio, sumarDias } from '@cuota/shared';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ANALISTA, apiEvent, call, type TestCaller } from '../../../test/events';
import { clienteConUsuario, creditoEnCartera, leerCredito, METODOS_PRUEBA, metodosDePrueba } from '../../../test/pagos-fixtures';
import type { RouteId } from '../../manifest';
import { cerrarCreditoEnFecha } from '../cierre/store';
import { handler as rechazarPago } from '../pagos/rechazar-pago';
import { handler as reportarPago } from '../pagos/reportar-pago';
import { handler as aprobar } from './aprobar-reestructuracion';
import { handler as reestructurar } from './reestructurar-credito';

const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);

function evento(id: RouteId, opts: { caller?: TestCaller; body?: unknown; params?: Record<string, string>; clave?: string }) {
  const e = apiEvent(id, opts);
  if (opts.clave !== undefined) e.headers = { 'idempotency-key': opts.clave };
  return e;
}

const readecuacion = {
  tipo: 'readecuacion',
  capitalizar_mora: true,
  plazo_meses: 18,
  tasa_anual: '20',
  motivo: 'Pérdida de empleo temporal',
};

const reestructurarComo = (caller: TestCaller, id: string) =>
  call(reestructurar, evento('reestructurar-credito', { caller, params: { id }, body: readecuacion, clave: randomUUID() }));

beforeAll(async () => {
  await metodosDePrueba();
});

describe('reestructuración: reglas de la revisión', () => {
  it('con un pago reportado pendiente de conciliar no se reestructura (409) hasta aprobarlo o rechazarlo', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -40), principal: 1_000_000_00, plazo: 12 });
    await cerrarCreditoEnFecha(credito.id, hoy);
    const reportado = await call(
      reportarPago,
      evento('reportar-pago', {
        caller,
        body: { credito_id: credito.id, monto_centimos: 50_000_00, fecha_pago: hoy, canal: METODOS_PRUEBA.sinReferencia },
      }),
    );
    expect(reportado.status).toBe(201);
    const antes = await leerCredito(credito.id);

    const directa = await reestructurarComo(ADMIN, credito.id);
    expect(directa.status).toBe(409);
    expect(directa.body.code).toBe('PAGOS_POR_CONCILIAR');
    expect(directa.body.message).toBe(
      'El crédito tiene un pago reportado pendiente de conciliar. Apruébelo o rechácelo antes de reestructurar.',
    );
    // an analista's proposal moves no money; its approval is refused the same way
    const propuesta = await reestructurarComo(ANALISTA, credito.id);
    expect(propuesta.status).toBe(201);
    const aprobada = await call(
      aprobar,
      evento('aprobar-reestructuracion', {
        caller: ADMIN,
        params: { id: credito.id },
        body: { reestructuracion_id: propuesta.body.id },
        clave: randomUUID(),
      }),
    );
    expect(aprobada.status).toBe(409);
    expect(aprobada.body.code).toBe('PAGOS_POR_CONCILIAR');
    expect((await leerCredito(credito.id)).credito.version).toBe(antes.credito.version);

    const rechazo = await call(
      rechazarPago,
      evento('rechazar-pago', { caller: ADMIN, params: { id: reportado.body.id }, body: { motivo: 'No aparece en el banco' } }),
    );
    expect(rechazo.status).toBe(200);
    expect((await reestructurarComo(ADMIN, credito.id)).status).toBe(201);
    expect((await leerCredito(credito.id)).credito.reestructuraciones).toBe(1);
  });
});
