import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, apiEvent, call, COBRADOR, type TestCaller } from '../../../test/events';
import { clienteConUsuario, creditoEnCartera, leerCredito } from '../../../test/pagos-fixtures';
import { tablaPropia } from '../../../test/stream';
import type { RouteId } from '../../manifest';

/**
 * The worklist through its routes (a table of this file's own): a broken promise made through
 * POST /api/creditos/{id}/promesas and judged by the real close puts its credit first; a write-off
 * and a payment that clears the arrears take credits out, the payment's reversal brings it back.
 * "Today" is faked through fechaHoy and moved by the real close.
 */
const reloj = vi.hoisted(() => ({ hoy: '2022-02-15' }));
vi.mock('../cierre/cartera', async (original) => ({
  ...(await original<typeof import('../cierre/cartera')>()),
  fechaHoy: async () => reloj.hoy,
}));

type H = (e: never) => Promise<{ statusCode?: number; body?: string }>;
const h = {} as Record<'listar' | 'prometer' | 'castigar' | 'cobrar' | 'revertir', H>;
let cerrarFecha: (fecha: string) => Promise<unknown>;
let creditos: { castigable: string; viejo: string; conPromesa: string };

function evento(
  id: RouteId,
  opts: { caller?: TestCaller; body?: unknown; params?: Record<string, string>; query?: Record<string, string> },
) {
  const e = apiEvent(id, opts);
  e.headers = { 'idempotency-key': randomUUID() };
  return e;
}
const ids = async () =>
  (await call(h.listar as never, evento('listar-cobranza', { caller: COBRADOR }))).body.items as Array<{
    credito_id: string;
    alerta: string | null;
    monto_vencido_centimos: number;
  }>;
async function cerrar(fecha: string) {
  reloj.hoy = fecha;
  await cerrarFecha(fecha);
}

beforeAll(async () => {
  await tablaPropia('cuota-cobranza-rutas');
  h.listar = (await import('./listar-cobranza')).handler as H;
  h.prometer = (await import('../gestiones/registrar-promesa')).handler as H;
  h.castigar = (await import('../pagos/castigar-credito')).handler as H;
  h.cobrar = (await import('../pagos/registrar-pago-ventanilla')).handler as H;
  h.revertir = (await import('../pagos/revertir-pago')).handler as H;
  cerrarFecha = (await import('../cierre/store')).cerrarFecha;
  const { cliente } = await clienteConUsuario();
  // first cuotas due 2021-10-01 (over 90 días by February), 2022-02-03 and 2022-02-05
  const castigable = await creditoEnCartera({ cliente, desembolso: '2021-09-01', principal: 600_000_00, plazo: 12 });
  const viejo = await creditoEnCartera({ cliente, desembolso: '2022-01-03' });
  const conPromesa = await creditoEnCartera({ cliente, desembolso: '2022-01-05' });
  creditos = { castigable: castigable.id, viejo: viejo.id, conPromesa: conPromesa.id };
  await cerrar('2022-02-15');
}, 120_000);

describe('GET /api/cobranza a través de las rutas', () => {
  it('una promesa incumplida pone al crédito primero con alerta; castigar y ponerse al día lo sacan; revertir el pago lo devuelve', async () => {
    expect((await ids()).map((i) => i.credito_id)).toEqual([creditos.castigable, creditos.viejo, creditos.conPromesa]);

    const promesa = await call(
      h.prometer as never,
      evento('registrar-promesa', {
        caller: COBRADOR,
        params: { id: creditos.conPromesa },
        body: { fecha: '2022-02-17', monto_centimos: 10_000_00 },
      }),
    );
    expect(promesa.status, JSON.stringify(promesa.body)).toBe(201);
    await cerrar('2022-02-18');
    const lista = await ids();
    expect(lista.map((i) => i.credito_id)).toEqual([creditos.conPromesa, creditos.castigable, creditos.viejo]);
    expect(lista[0]!.alerta).toBe('promesa_incumplida');
    expect(lista.slice(1).map((i) => i.alerta)).toEqual([null, null]);

    const castigo = await call(
      h.castigar as never,
      evento('castigar-credito', {
        caller: ADMIN,
        params: { id: creditos.castigable },
        body: { motivo: 'Cliente ilocalizable' },
      }),
    );
    expect(castigo.status, JSON.stringify(castigo.body)).toBe(200);
    expect((await ids()).map((i) => i.credito_id)).toEqual([creditos.conPromesa, creditos.viejo]);

    const pago = await call(
      h.cobrar as never,
      evento('registrar-pago-ventanilla', {
        caller: COBRADOR,
        params: { id: creditos.conPromesa },
        body: { monto_centimos: lista[0]!.monto_vencido_centimos, fecha_pago: '2022-02-18', canal: 'efectivo' },
      }),
    );
    expect(pago.status, JSON.stringify(pago.body)).toBe(201);
    expect((await leerCredito(creditos.conPromesa)).credito.dias_mora_max).toBe(0);
    expect((await ids()).map((i) => i.credito_id)).toEqual([creditos.viejo]);

    const reversion = await call(
      h.revertir as never,
      evento('revertir-pago', { caller: ADMIN, params: { id: pago.body.id }, body: { motivo: 'Cheque devuelto por el banco' } }),
    );
    expect(reversion.status, JSON.stringify(reversion.body)).toBe(200);
    expect((await ids()).map((i) => i.credito_id)).toEqual([creditos.viejo, creditos.conPromesa]);
  });
});
