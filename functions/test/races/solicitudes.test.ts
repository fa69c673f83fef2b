import { fill, TEXTS } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { queryAll, tableName } from '../../src/commons/db';
import { keys } from '../../src/commons/keys';
import { handler as aprobar } from '../../src/features/solicitudes/aprobar-solicitud';
import { ADMIN, ANALISTA, apiEvent, call } from '../events';
import {
  clienteDelPortal,
  creditosDelCliente,
  getItem,
  lineaUsada,
  notificacionesDe,
  nuevaSolicitud,
  nuevoCliente,
  nuevoProducto,
} from '../lending-fixtures';

/*
 * Race: 50 staff members press "Aprobar" on the same solicitud at the same moment. Exactly one
 * disbursement; everyone else gets the API's 409 with the Spanish message naming the new estado.
 */

const N = 50;

async function actividadesCon(fragmento: string) {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'contains(descripcion, :d)',
    ExpressionAttributeValues: { ':pk': 'ACTIVIDAD', ':d': fragmento },
  });
  return items;
}

async function partesDelCredito(creditoId: string) {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.credito(creditoId).pk },
    ConsistentRead: true,
  });
  return items;
}

describe('carrera: 50 aprobaciones concurrentes de una solicitud', () => {
  it('desembolsa una sola vez (un crédito, sus cuotas, la línea usada una vez) y las otras 49 reciben 409 con el mensaje en español', async () => {
    const { cliente, caller } = await clienteDelPortal();
    const producto = await nuevoProducto();
    const monto = 1_234_567_89;
    const plazo = 18;
    const s = await nuevaSolicitud(cliente.id, producto.id, monto, plazo);
    expect(await lineaUsada(cliente.id)).toBeNull();

    const res = await Promise.all(
      Array.from({ length: N }, (_, k) =>
        call(aprobar, apiEvent('aprobar-solicitud', { caller: k % 2 ? ADMIN : ANALISTA, params: { id: s.id } })),
      ),
    );

    const ok = res.filter((r) => r.status === 200);
    const conflictos = res.filter((r) => r.status === 409);
    expect(ok).toHaveLength(1);
    expect(conflictos).toHaveLength(N - 1);
    const mensaje = fill(TEXTS.solicitudes.noPermitido, {
      numero: s.numero_solicitud,
      estado: TEXTS.solicitudEstado.aprobado,
      accion: TEXTS.solicitudes.acciones.aprobar,
    });
    for (const r of conflictos) {
      expect(r.body).toEqual({ success: false, code: 'ESTADO_NO_PERMITE', error: mensaje, message: mensaje });
    }

    // one credit, with every cuota, for the amount approved
    const creditos = await creditosDelCliente(cliente.id);
    expect(creditos).toHaveLength(1);
    const credito = creditos[0]!;
    expect(ok[0]!.body.credito.id).toBe(credito.id);
    expect(credito).toMatchObject({ monto_principal_centimos: monto, saldo_capital_centimos: monto, solicitud_id: s.id });
    const partes = await partesDelCredito(String(credito.id));
    const cuotas = partes.filter((i) => i.tipo === 'cuota');
    expect(cuotas).toHaveLength(plazo);
    expect(cuotas.reduce((sum, c) => sum + Number(c.monto_capital_centimos), 0)).toBe(monto);
    expect(await getItem(keys.unicoNumeroCredito(String(credito.numero_credito)))).toBeTruthy();

    // the solicitud points at that credit; the line is used once; one activity entry, one notification
    expect(await getItem(keys.solicitud(s.id))).toMatchObject({
      estado: 'aprobado',
      credito_id: credito.id,
      numero_credito: credito.numero_credito,
    });
    expect(await lineaUsada(cliente.id)).toBe(monto);
    expect(await actividadesCon(`Solicitud ${s.numero_solicitud} aprobada`)).toHaveLength(1);
    const titulos = (await notificacionesDe(caller.sub)).map((n) => n.titulo);
    expect(titulos.filter((x) => x === TEXTS.solicitudes.approved)).toHaveLength(1);
  }, 60_000);
});

describe('carrera: 40 aprobaciones simultáneas de 40 solicitudes distintas', () => {
  it('todas se desembolsan, cada crédito con su número único (la secuencia global ya no las rechaza con OCUPADO)', async () => {
    const producto = await nuevoProducto();
    const solicitudes = await Promise.all(
      Array.from({ length: 40 }, async () => nuevaSolicitud((await nuevoCliente()).id, producto.id, 150_000_00, 3)),
    );
    const res = await Promise.all(
      solicitudes.map((s, k) =>
        call(aprobar, apiEvent('aprobar-solicitud', { caller: k % 2 ? ADMIN : ANALISTA, params: { id: s.id } })),
      ),
    );
    expect(res.filter((r) => r.status !== 200).map((r) => r.body)).toEqual([]);
    const numeros = res.map((r) => String(r.body.credito.numero_credito));
    expect(new Set(numeros).size).toBe(40);
    for (const [i, s] of solicitudes.entries()) {
      expect(await getItem(keys.unicoNumeroCredito(numeros[i]!))).toMatchObject({ credito_id: res[i]!.body.credito.id });
      expect(await getItem(keys.solicitud(s.id))).toMatchObject({ estado: 'aprobado', numero_credito: numeros[i] });
    }
  }, 60_000);
});
