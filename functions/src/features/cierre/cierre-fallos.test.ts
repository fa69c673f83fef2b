import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { generarCuotas, moraDiaria } from '@cuota/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ddb, queryAll, tableName } from '#commons/db';
import { keys } from '#commons/keys';
import { clienteConUsuario, creditoEnCartera, leerCredito } from '../../../test/pagos-fixtures';
import { cerrarFecha } from './store';

/*
 * What the close of a date does when a credit cannot be written whole, or a write fails outright.
 * The dates are before every other test's (1993–1999): no other file has credits due then, and a
 * close here never moves the last closed date past theirs.
 */

/** Every TransactWrite of the close goes through here; a test may hold or fail some. */
const escrituras = vi.hoisted(() => ({
  interceptar: null as null | ((original: () => Promise<void>) => Promise<void>),
}));
vi.mock('#commons/transaccion', async (original) => {
  const real = await original<typeof import('#commons/transaccion')>();
  return {
    ...real,
    escribirTransaccion: (...args: Parameters<typeof real.escribirTransaccion>) =>
      escrituras.interceptar
        ? escrituras.interceptar(() => real.escribirTransaccion(...args))
        : real.escribirTransaccion(...args),
  };
});

const TASA_MORA = '31.20';
const avisosDeVencida = async (userId: string) =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      FilterExpression: 'titulo = :t',
      ExpressionAttributeValues: { ':pk': `USUARIO#${userId}`, ':p': 'NOTIFICACION#', ':t': 'Cuota vencida' },
      ConsistentRead: true,
    })
  ).items;

afterEach(() => {
  escrituras.interceptar = null;
  delete process.env.CIERRE_LEASE_MS;
});

describe('cierre diario: créditos que no se pueden escribir y escrituras que fallan', () => {
  it('un crédito cuyo cierre pasa de 100 acciones queda en creditos_con_error sin escribirse, y la fecha sigue con los demás', async () => {
    const { cliente, caller } = await clienteConUsuario();
    // 52 cuotas vencidas en su primer cierre: el crédito, 52 cuotas y 52 avisos de 'Cuota vencida' = 105 acciones
    const grande = await creditoEnCartera({ cliente, desembolso: '1993-01-10', plazo: 60, tasaMoratoria: TASA_MORA });
    const normal = await creditoEnCartera({ cliente, desembolso: '1997-03-15', tasaMoratoria: TASA_MORA });
    try {
      const r = await cerrarFecha('1997-05-20');
      expect(r).toMatchObject({ estado: 'cerrado', creditos_con_error: [grande.numero_credito] });
      expect(r.creditos_actualizados).toBeGreaterThanOrEqual(1);
      expect((await leerCredito(normal.id)).credito).toMatchObject({ ultimo_cierre: '1997-05-20', estado: 'vencido' });
      const { credito, cuotas } = await leerCredito(grande.id);
      expect(credito.version).toBe(1);
      expect(credito.ultimo_cierre).toBeUndefined();
      expect(cuotas.every((c) => c.monto_mora_centimos === 0 && c.dias_mora === 0)).toBe(true);
      // the normal credit's two new overdue cuotas (due 04-15 and 05-15) are the only notices
      const avisos = await avisosDeVencida(caller.sub);
      expect(avisos).toHaveLength(2);
      expect(avisos.every((a) => String(a.mensaje).includes(normal.numero_credito))).toBe(true);
    } finally {
      // a credit no close can write would be met (and reported) by every later close of any test
      const { items } = await queryAll({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.credito(grande.id).pk },
        ConsistentRead: true,
      });
      for (const { pk, sk } of items) await ddb.send(new DeleteCommand({ TableName: tableName(), Key: { pk, sk } }));
    }
  });

  it('cuando una escritura falla, las que están en vuelo terminan antes de que el cierre falle, no se toma otra tanda, y la siguiente ejecución completa la fecha', async () => {
    process.env.CIERRE_LEASE_MS = '1';
    const { cliente } = await clienteConUsuario();
    const creditos = [];
    for (let i = 0; i < 12; i++)
      creditos.push(await creditoEnCartera({ cliente, desembolso: '1999-01-12', tasaMoratoria: TASA_MORA }));
    let iniciadas = 0;
    let enVuelo = 0;
    escrituras.interceptar = async (escribir) => {
      const esta = ++iniciadas;
      enVuelo++;
      try {
        if (esta === 1) {
          // the first write fails once others are in flight
          for (let t = 0; t < 100 && iniciadas < 3; t++) await new Promise((r) => setTimeout(r, 10));
          throw new Error('disco lleno');
        }
        await new Promise((r) => setTimeout(r, 150));
        await escribir();
      } finally {
        enVuelo--;
      }
    };
    await expect(cerrarFecha('1999-02-20')).rejects.toThrow('disco lleno');
    expect(enVuelo).toBe(0);
    const alFallar = iniciadas;
    expect(alFallar).toBeGreaterThanOrEqual(3);
    // one tanda per credit here (a small page is cut finely): no worker takes another after the failure
    await new Promise((r) => setTimeout(r, 500));
    expect(iniciadas).toBe(alFallar);
    expect(alFallar).toBeLessThan(creditos.length);

    escrituras.interceptar = null;
    expect(await cerrarFecha('1999-02-20')).toMatchObject({ estado: 'cerrado', creditos_con_error: [] });
    const [c1] = generarCuotas({
      principalCentimos: 1_000_000_00,
      tasaAnual: '24.00',
      plazoMeses: 12,
      fechaDesembolso: '1999-01-12',
      metodo: 'cuota_nivelada',
    });
    for (const { id } of creditos) {
      const { credito, cuotas } = await leerCredito(id);
      expect(credito.ultimo_cierre).toBe('1999-02-20');
      expect(cuotas[0]).toMatchObject({
        dias_mora: 8,
        monto_mora_centimos: 8 * moraDiaria(c1!.monto_capital_centimos, TASA_MORA),
      });
    }
  });

  it('una copia vieja del índice (el crédito cambió después de la página) no deja el crédito en creditos_con_error: se relee entero y se cierra', async () => {
    const { cliente } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: '1995-03-10', tasaMoratoria: TASA_MORA });
    // DynamoDB Local updates its indexes at once; on AWS gsi3 may answer with the credit as it was
    // before a change (a readecuación rewrites principal and cuotas). The test plays the index's part.
    const enviar = ddb.send.bind(ddb);
    const espia = vi.spyOn(ddb, 'send').mockImplementation((async (comando: { input: Record<string, unknown> }) => {
      const out = (await enviar(comando as never)) as { Items?: Array<Record<string, unknown>> };
      if (comando.input.IndexName === 'gsi3' && out.Items)
        out.Items = out.Items.map((i) =>
          i.id === credito.id ? { ...i, monto_principal_centimos: Number(i.monto_principal_centimos) - 50_000_00 } : i,
        );
      return out;
    }) as never);
    try {
      const r = await cerrarFecha('1995-05-20');
      expect(r).toMatchObject({ estado: 'cerrado', creditos_con_error: [] });
    } finally {
      espia.mockRestore();
    }
    expect((await leerCredito(credito.id)).credito).toMatchObject({ ultimo_cierre: '1995-05-20', estado: 'vencido' });
  });
});
