import { liquidacionSchema, sumarDias } from '@cuota/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryAll, tableName } from '#commons/db';
import { keys } from '#commons/keys';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR } from '../../../test/events';
import { lineaUsada } from '../../../test/lending-fixtures';
import {
  clienteConUsuario,
  creditoEnCartera,
  leerCredito,
  metodosDePrueba,
  calendarioDePrueba,
} from '../../../test/pagos-fixtures';
import { fechaHoy } from '../cierre/cartera';
import { handler as aprobarPago } from '../pagos/aprobar-pago';
import { handler as liquidacionPortal } from '../portal/obtener-liquidacion-portal';
import { handler as liquidacion } from './obtener-liquidacion';
import { reportarPagoDelCliente } from '../../../test/rutas';

/**
 * The payoff through the real handlers on DynamoDB Local: asked by staff and by the owning
 * customer, then reported and approved with that value date, it cancels the credit with nothing left.
 */

let hoy: string;
beforeAll(async () => {
  hoy = await fechaHoy();
  await metodosDePrueba();
});

const staff = (id: string, fecha?: string, caller = COBRADOR) =>
  call(liquidacion, apiEvent('obtener-liquidacion', { caller, params: { id }, query: fecha ? { fecha } : {} }));

describe('GET /api/creditos/{id}/liquidacion y su pago', () => {
  it('al día siguiente del desembolso: capital + un día de interés; pagarla cancela el crédito, saldo 0 y libera la línea', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const c = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -1), principal: 1_000_000_00, tasa: '24.00' });

    const res = await staff(c.id, hoy);
    expect(res.status).toBe(200);
    const liq = liquidacionSchema.parse(res.body);
    expect(liq).toEqual({
      fecha: hoy,
      capital_pendiente_centimos: 1_000_000_00,
      interes_corriente_centimos: 657_53,
      interes_vencido_centimos: 0,
      capital_vencido_centimos: 0,
      mora_centimos: 0,
      total_centimos: 1_000_657_53,
      dias_interes: 1,
    });
    for (const rol of [ANALISTA, ADMIN]) expect((await staff(c.id, undefined, rol)).body).toEqual(liq);

    // the customer sees the same in the portal; another customer's credit is missing
    const propio = await call(liquidacionPortal, apiEvent('obtener-liquidacion-portal', { caller, params: { id: c.id } }));
    expect(propio.status).toBe(200);
    expect(propio.body).toEqual(liq);
    const otro = await clienteConUsuario();
    const ajeno = await call(
      liquidacionPortal,
      apiEvent('obtener-liquidacion-portal', { caller: otro.caller, params: { id: c.id } }),
    );
    expect(ajeno.status).toBe(404);

    // reported by the customer, approved by staff with that value date
    const rep = await reportarPagoDelCliente(caller, c.id, liq.total_centimos, hoy);
    expect(rep.status).toBe(201);
    const apr = await call(
      aprobarPago,
      apiEvent('aprobar-pago', { caller: COBRADOR, params: { id: rep.body.id as string }, body: { fecha_valor: hoy } }),
    );
    expect(apr.status).toBe(200);

    const { credito, cuotas } = await leerCredito(c.id);
    expect(credito).toMatchObject({ estado: 'cancelado', saldo_capital_centimos: 0, saldo_mora_centimos: 0 });
    expect(cuotas.every((q) => q.pagada === true)).toBe(true);
    // Σ: every céntimo paid is on one component; principal = saldo + capital applied; only a day of interest
    const suma = (k: string) => cuotas.reduce((s, q) => s + Number(q[k] ?? 0), 0);
    expect(suma('pagado_capital_centimos')).toBe(1_000_000_00);
    expect(suma('pagado_interes_centimos')).toBe(657_53);
    expect(suma('pagado_mora_centimos')).toBe(0);
    expect(suma('pagado_capital_centimos') + suma('pagado_interes_centimos')).toBe(liq.total_centimos);
    expect(await lineaUsada(cliente.id)).toBe(0);

    const cancelado = await staff(c.id);
    expect(cancelado.status).toBe(409);
  });

  it('fechas fuera de rango: 400 en español; un crédito inexistente: 404', async () => {
    const { cliente } = await clienteConUsuario();
    const c = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -5) });
    const antes = await staff(c.id, sumarDias(hoy, -6));
    expect(antes.status).toBe(400);
    expect(String(antes.body.message)).toMatch(/no puede ser anterior/);
    const lejos = await staff(c.id, sumarDias(hoy, 61));
    expect(lejos.status).toBe(400);
    expect(String(lejos.body.message)).toMatch(/no puede ser posterior/);
    expect((await staff(c.id, sumarDias(hoy, 60))).status).toBe(200);
    expect((await staff(c.id, '2026-13-45')).status).toBe(400);
    expect((await staff('01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
  });
});

describe('excedente: el abono con elección reprograma las cuotas guardadas', () => {
  it('reducir_cuota: cuotas siguientes con interés sobre el saldo real, originales en programado_*, Σ capital = principal', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const desembolso = sumarDias(hoy, -1);
    const c = await creditoEnCartera({ cliente, desembolso, principal: 1_000_000_00, tasa: '24.00' });
    const plan = calendarioDePrueba(desembolso);
    const c1 = plan[0]!;
    const monto = c1.monto_total_centimos + 300_000_00;
    const rep = await reportarPagoDelCliente(caller, c.id, monto, hoy, { extra: { excedente: 'reducir_cuota' } });
    expect(rep.status).toBe(201);
    expect(rep.body.excedente).toBe('reducir_cuota');
    const apr = await call(
      aprobarPago,
      apiEvent('aprobar-pago', { caller: COBRADOR, params: { id: rep.body.id as string }, body: {} }),
    );
    expect(apr.status).toBe(200);

    const { credito, cuotas } = await leerCredito(c.id);
    const saldo = 1_000_000_00 - c1.monto_capital_centimos - 300_000_00;
    expect(credito.saldo_capital_centimos).toBe(saldo);
    expect(cuotas.reduce((s, q) => s + Number(q.monto_capital_centimos), 0)).toBe(1_000_000_00);
    const c2 = cuotas[1]!;
    expect(c2.monto_interes_centimos).toBe(Math.round(saldo * 0.02));
    expect(c2.programado_interes_centimos).toBe(plan[1]!.monto_interes_centimos);
    expect(c2.pagado_capital_centimos).toBe(300_000_00);
    // same term, a lower level cuota for cuotas 3…11
    const nueva = Number(cuotas[2]!.monto_total_centimos);
    expect(nueva).toBeLessThan(plan[2]!.monto_total_centimos);
    for (const q of cuotas.slice(2, 11)) expect(Number(q.monto_total_centimos)).toBe(nueva);
    expect(cuotas.every((q) => q.pagada === false || q.numero_cuota === 1)).toBe(true);

    // one audited 'reprogramacion' movement lists the cuotas whose amounts changed
    const { items } = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)',
      ExpressionAttributeValues: { ':pk': keys.credito(c.id).pk, ':m': 'MOV#' },
      ConsistentRead: true,
    });
    const rep2 = items.filter((m) => m.tipo_movimiento === 'reprogramacion');
    expect(rep2).toHaveLength(1);
    const cambiadas = rep2[0]!.cuotas as Array<Record<string, unknown>>;
    expect(cambiadas).toHaveLength(11);
    expect(cambiadas[0]).toMatchObject({ numero_cuota: 2, antes: { interes: plan[1]!.monto_interes_centimos } });
    expect(String(rep2[0]!.detalle)).toMatch(/Reprogramación de 11 cuotas/);

    // the credit recomputes from the stored items: its payoff is capital + the interest accrued since cuota 1's due date
    const liq = await staff(c.id, hoy);
    expect(liq.status).toBe(200);
    expect(liq.body).toMatchObject({ capital_pendiente_centimos: saldo, interes_corriente_centimos: 0, total_centimos: saldo });
  });
});
