import { PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import {
  creditoDetalleSchema,
  creditoPortalSchema,
  diasEntre,
  generarCuotas,
  page,
  sumarDias,
  type CuotaPlan,
} from '@cuota/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIN_DEUDA } from '@cuota/shared/testing/datos';
import { ddb, tableName } from '#commons/db';
import { itemFor } from '#commons/items';
import { keys } from '#commons/keys';
import { apiEvent, call, COBRADOR } from '../../../test/events';
import { getItem } from '../../../test/lending-fixtures';
import { clienteConUsuario, creditoEnCartera, leerCredito, cambiarCuota } from '../../../test/pagos-fixtures';
import { fechaHoy } from '../cierre/cartera';
import { handler as listarPortal } from '../portal/listar-creditos-portal';
import { handler as obtenerPortal } from '../portal/obtener-credito-portal';
import { handler as obtener } from './obtener-credito';

/**
 * What a credit owes (deuda) on the staff detail, the portal detail and the portal list, against
 * DynamoDB Local: credits disbursed 70 days ago have two cuotas overdue and the third one next.
 */

let hoy: string;
beforeAll(async () => {
  hoy = await fechaHoy();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const PRINCIPAL = 600_000_00;
const plan = (desembolso: string): CuotaPlan[] =>
  generarCuotas({
    principalCentimos: PRINCIPAL,
    tasaAnual: '24.00',
    plazoMeses: 6,
    fechaDesembolso: desembolso,
    metodo: 'cuota_nivelada',
  });

/** A credit in arrears: cuota 1 overdue with mora and its interest paid, cuota 2 overdue with mora, cuota 3 next. */
async function creditoEnMora(cliente: Parameters<typeof creditoEnCartera>[0]['cliente']) {
  const desembolso = sumarDias(hoy, -70);
  const c = await creditoEnCartera({ cliente, desembolso, principal: PRINCIPAL, plazo: 6 });
  const p = plan(desembolso);
  await cambiarCuota(c.id, 1, {
    monto_mora_centimos: 400_00,
    pagado_interes_centimos: p[0]!.monto_interes_centimos,
    dias_mora: 40,
  });
  await cambiarCuota(c.id, 2, { monto_mora_centimos: 90_00, dias_mora: 10 });
  const vencido = {
    capital_centimos: p[0]!.monto_capital_centimos + p[1]!.monto_capital_centimos,
    interes_centimos: p[1]!.monto_interes_centimos,
    mora_centimos: 490_00,
  };
  return {
    credito: c,
    p,
    deuda: {
      fecha: hoy,
      vencido,
      monto_al_dia_centimos: vencido.capital_centimos + vencido.interes_centimos + vencido.mora_centimos,
      cuotas_vencidas: 2,
      dias_mora: diasEntre(p[0]!.fecha_vencimiento, hoy),
      proxima_cuota: {
        numero_cuota: 3,
        fecha_vencimiento: p[2]!.fecha_vencimiento,
        monto_pendiente_centimos: p[2]!.monto_total_centimos,
      },
      // all capital, all mora, the interest of cuotas 2 and 3 (cuota 1's is paid)
      total_adeudado_centimos: PRINCIPAL + 490_00 + p[1]!.monto_interes_centimos + p[2]!.monto_interes_centimos,
    },
  };
}

describe('deuda del crédito en el detalle del personal', () => {
  it('GET /api/creditos/{id} da lo vencido por componente, el monto para ponerse al día, la próxima cuota y el total', async () => {
    const { cliente } = await clienteConUsuario();
    const { credito, deuda } = await creditoEnMora(cliente);
    const res = await call(obtener, apiEvent('obtener-credito', { caller: COBRADOR, params: { id: credito.id } }));
    expect(res.status).toBe(200);
    expect(res.body.deuda).toEqual(deuda);
    expect(deuda.dias_mora).toBeGreaterThan(30);
    expect(() => creditoDetalleSchema.parse(res.body)).not.toThrow();
  });

  it('una cuota que vence hoy es la próxima, no está vencida: nada que poner al día', async () => {
    const { cliente } = await clienteConUsuario();
    // disbursed so that cuota 1 falls due today
    const desembolso = sumarDias(hoy, -40);
    const c = await creditoEnCartera({ cliente, desembolso, principal: PRINCIPAL, plazo: 6 });
    const p = plan(desembolso);
    await cambiarCuota(c.id, 1, { fecha_vencimiento: hoy });
    const res = await call(obtener, apiEvent('obtener-credito', { caller: COBRADOR, params: { id: c.id } }));
    expect(res.body.deuda).toMatchObject({
      vencido: { capital_centimos: 0, interes_centimos: 0, mora_centimos: 0 },
      monto_al_dia_centimos: 0,
      cuotas_vencidas: 0,
      dias_mora: 0,
      proxima_cuota: { numero_cuota: 1, fecha_vencimiento: hoy, monto_pendiente_centimos: p[0]!.monto_total_centimos },
      total_adeudado_centimos: PRINCIPAL + p[0]!.monto_interes_centimos,
    });
  });

  it('lee el crédito y sus cuotas en una sola consulta de su partición', async () => {
    const { cliente } = await clienteConUsuario();
    const { credito } = await creditoEnMora(cliente);
    const send = vi.spyOn(ddb, 'send');
    await call(obtener, apiEvent('obtener-credito', { caller: COBRADOR, params: { id: credito.id } }));
    const consultas = send.mock.calls
      .map(([cmd]) => cmd)
      .filter((cmd) => cmd instanceof QueryCommand || cmd instanceof ScanCommand);
    expect(
      consultas.map(
        (q) => (q.input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues?.[':pk'],
      ),
    ).toEqual([keys.credito(credito.id).pk]);
  });
});

describe('deuda en el portal', () => {
  it('el detalle propio da la misma deuda que ve el personal; el de otro cliente responde 404', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const { credito, deuda } = await creditoEnMora(cliente);
    const res = await call(obtenerPortal, apiEvent('obtener-credito-portal', { caller, params: { id: credito.id } }));
    expect(res.status).toBe(200);
    expect(res.body.deuda).toEqual(deuda);
    const otro = await clienteConUsuario();
    expect(
      (await call(obtenerPortal, apiEvent('obtener-credito-portal', { caller: otro.caller, params: { id: credito.id } }))).status,
    ).toBe(404);
  });

  it('la lista da la deuda de cada crédito propio, leyendo solo las cuotas de los créditos abiertos propios', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const enMora = await creditoEnMora(cliente);
    // a cancelled credit: every cuota paid
    const cancelado = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -400), principal: 300_000_00, plazo: 3 });
    const guardado = await leerCredito(cancelado.id);
    for (const q of guardado.cuotas) {
      await cambiarCuota(cancelado.id, Number(q.numero_cuota), { pagada: true, pagada_en: q.fecha_vencimiento });
    }
    const item = (await getItem(keys.credito(cancelado.id)))!;
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: itemFor.credito({
          ...(item as Parameters<typeof itemFor.credito>[0]),
          estado: 'cancelado',
          saldo_capital_centimos: 0,
        }),
      }),
    );
    // someone else's credit is never read
    const ajeno = await creditoEnMora((await clienteConUsuario()).cliente);

    const send = vi.spyOn(ddb, 'send');
    const res = await call(listarPortal, apiEvent('listar-creditos-portal', { caller }));
    expect(res.status).toBe(200);
    expect(() => page(creditoPortalSchema).parse(res.body)).not.toThrow();
    const porId = new Map((res.body.items as { id: string; deuda: unknown }[]).map((c) => [c.id, c.deuda]));
    expect([...porId.keys()].sort()).toEqual([enMora.credito.id, cancelado.id].sort());
    expect(porId.get(enMora.credito.id)).toEqual(enMora.deuda);
    expect(porId.get(cancelado.id)).toEqual({ ...SIN_DEUDA, fecha: hoy }); // nothing owed

    const comandos = send.mock.calls.map(([cmd]) => cmd);
    expect(comandos.some((cmd) => cmd instanceof ScanCommand)).toBe(false);
    const particiones = comandos
      .filter((cmd) => cmd instanceof QueryCommand)
      .map((q) => (q.input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues?.[':pk']);
    // the caller's own credits (gsi1) and the cuotas of the open one only
    expect(particiones).toContain(keys.credito(enMora.credito.id).pk);
    expect(particiones).not.toContain(keys.credito(cancelado.id).pk);
    expect(particiones).not.toContain(keys.credito(ajeno.credito.id).pk);
    expect(particiones.filter((pk) => String(pk).startsWith('CREDITO#'))).toHaveLength(1);
  });
});
