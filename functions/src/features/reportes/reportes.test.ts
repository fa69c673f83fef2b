import { generarCuotas } from '@cuota/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR } from '../../../test/events';
import { clienteConUsuario, creditoEnCartera, leerCredito } from '../../../test/pagos-fixtures';
import { tablaConAgregados } from '../../../test/agregados-fixtures';
import type { RouteId } from '../../manifest';
import { ejecutarCierres } from '../cierre/store';
import { handler as cartera } from './reporte-cartera';
import { handler as colocacion } from './reporte-colocacion';
import { handler as cosechas } from './reporte-cosechas';
import { handler as recaudacion } from './reporte-recaudacion';
import { aprobarPago, registrarPagoVentanilla, reportarPagoDelCliente } from '../../../test/rutas';

/*
 * The reports read the aggregates the stream consumer keeps: a table of this file's own, credits
 * disbursed through the fixtures, payments through the real handlers, the business date moved by
 * the daily close (ejecutarCierres) with "today" faked through fechaHoy.
 */
const reloj = vi.hoisted(() => ({ hoy: '2031-01-10' }));
vi.mock('../cierre/cartera', async (original) => ({
  ...(await original<typeof import('../cierre/cartera')>()),
  fechaHoy: async () => reloj.hoy,
}));

type Saldos = { saldo_capital_centimos: number; saldo_mora_centimos: number };
const { entregar: consumir } = tablaConAgregados('cuota-reportes');

/** Events of the real routes, with the Idempotency-Key as `clave`. */
const evento = apiEvent;

async function leer(id: RouteId, handler: typeof cartera, query?: Record<string, string>) {
  await consumir();
  const res = await call(handler, evento(id, { caller: ANALISTA, query }));
  expect(res.status).toBe(200);
  return res.body;
}

async function avanzarHasta(fecha: string) {
  reloj.hoy = fecha;
  expect((await ejecutarCierres(fecha)).pendientes).toBe(0);
}

describe('reportes de cartera, cosechas, recaudación y colocación', () => {
  it('siguen los desembolsos, el atraso que deja el cierre y los pagos de ventanilla y reportados', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const a = await creditoEnCartera({ cliente, desembolso: '2031-01-10', principal: 1_000_000_00 });
    const b = await creditoEnCartera({ cliente, desembolso: '2031-02-05', principal: 500_000_00 });

    const col = await leer('reporte-colocacion', colocacion as never, { desde: '2031-01-01', hasta: '2031-02-28' });
    expect(col.meses).toEqual([
      {
        mes: '2031-01',
        creditos: 1,
        monto_centimos: 1_000_000_00,
        por_producto: [expect.objectContaining({ producto_id: 'PRODUCTO-PRUEBA', creditos: 1 })],
      },
      {
        mes: '2031-02',
        creditos: 1,
        monto_centimos: 500_000_00,
        por_producto: [expect.objectContaining({ monto_centimos: 500_000_00 })],
      },
    ]);
    expect(col.totales).toMatchObject({ creditos: 2, monto_centimos: 1_500_000_00 });

    // b's first cuota paid at the counter on its due date; a's first cuota left unpaid
    const cuotaB = generarCuotas({
      principalCentimos: 500_000_00,
      tasaAnual: '24.00',
      plazoMeses: 12,
      fechaDesembolso: '2031-02-05',
      metodo: 'cuota_nivelada',
    })[0]!;
    await avanzarHasta(cuotaB.fecha_vencimiento);
    const cobro = await registrarPagoVentanilla(
      COBRADOR,
      b.id,
      { monto_centimos: cuotaB.monto_total_centimos, fecha_pago: cuotaB.fecha_vencimiento, canal: 'efectivo' },
      randomUUID(),
    );
    expect(cobro.status).toBe(201);
    await avanzarHasta('2031-03-20');

    const cart = await leer('reporte-cartera', cartera as never);
    const [ca, cb] = [(await leerCredito(a.id)).credito, (await leerCredito(b.id)).credito] as unknown as [Saldos, Saldos];
    expect(ca).toMatchObject({ estado: 'vencido' });
    expect(cart.fecha_negocio).toBe('2031-03-20');
    expect(cart.total).toEqual({ creditos: 2, saldo_capital_centimos: ca.saldo_capital_centimos + cb.saldo_capital_centimos });
    expect(cart.por_estado.find((e: { estado: string }) => e.estado === 'vencido')).toEqual({
      estado: 'vencido',
      creditos: 1,
      saldo_capital_centimos: ca.saldo_capital_centimos,
      saldo_mora_centimos: ca.saldo_mora_centimos,
    });
    // a's cuota fell due 2031-02-10: 38 days late
    expect(cart.por_tramo).toEqual([
      { tramo: '0', creditos: 1, saldo_capital_centimos: cb.saldo_capital_centimos },
      { tramo: '1_30', creditos: 0, saldo_capital_centimos: 0 },
      { tramo: '31_60', creditos: 1, saldo_capital_centimos: ca.saldo_capital_centimos },
      { tramo: '61_90', creditos: 0, saldo_capital_centimos: 0 },
      { tramo: 'mas_90', creditos: 0, saldo_capital_centimos: 0 },
    ]);

    const cos = await leer('reporte-cosechas', cosechas as never, { desde: '2031-01-01', hasta: '2031-03-01' });
    expect(cos.meses.map((m: { mes: string }) => m.mes)).toEqual(['2031-01', '2031-02', '2031-03']);
    expect(cos.meses[0]).toMatchObject({
      meses_en_libros: 2,
      desembolsado_centimos: 1_000_000_00,
      mora30_creditos: 1,
      mora30_centimos: ca.saldo_capital_centimos,
      mora30_porcentaje: '100.00',
      mora90_centimos: 0,
    });
    expect(cos.meses[1]).toMatchObject({ desembolsado_centimos: 500_000_00, mora30_centimos: 0, mora30_porcentaje: '0.00' });

    // a reported payment, approved: the 'reportado' channel on its value date
    const rep = await reportarPagoDelCliente(caller, a.id, 10_000_00, '2031-03-20');
    expect(rep.status).toBe(201);
    expect((await aprobarPago(ADMIN, rep.body.id)).status).toBe(200);

    const rec = await leer('reporte-recaudacion', recaudacion as never, { desde: cuotaB.fecha_vencimiento, hasta: '2031-03-20' });
    expect(rec.canales).toEqual(['ventanilla_efectivo', 'reportado']);
    expect(rec.dias[0]).toMatchObject({
      fecha: cuotaB.fecha_vencimiento,
      pagos: 1,
      monto_centimos: cuotaB.monto_total_centimos,
    });
    expect(rec.dias.at(-1)).toMatchObject({ fecha: '2031-03-20', pagos: 1, monto_centimos: 10_000_00 });
    expect(rec.totales).toMatchObject({
      pagos: 2,
      monto_centimos: cuotaB.monto_total_centimos + 10_000_00,
      recuperacion_centimos: 0,
    });
  }, 120_000);

  it('solo admin y analista; un rango invertido o de más de 366 días es un 400', async () => {
    expect((await call(cartera, evento('reporte-cartera', { caller: COBRADOR }))).status).toBe(403);
    expect((await call(cartera, evento('reporte-cartera', { caller: ADMIN }))).status).toBe(200);
    const largo = await call(
      recaudacion,
      evento('reporte-recaudacion', { caller: ADMIN, query: { desde: '2029-01-01', hasta: '2031-01-01' } }),
    );
    expect(largo.status).toBe(400);
    const invertido = await call(
      colocacion,
      evento('reporte-colocacion', { caller: ADMIN, query: { desde: '2031-02-01', hasta: '2031-01-01' } }),
    );
    expect(invertido.status).toBe(400);
    const cos = await call(
      cosechas,
      evento('reporte-cosechas', { caller: ADMIN, query: { desde: '2020-01-01', hasta: '2031-01-01' } }),
    );
    expect(cos.status).toBe(400);
  });
});
