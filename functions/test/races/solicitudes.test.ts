import { fill, TEXTS } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { queryAll, tableName } from '../../src/commons/db';
import { keys } from '../../src/commons/keys';
import { handler as aprobar } from '../../src/features/solicitudes/aprobar-solicitud';
import { ADMIN, ANALISTA, apiEvent, call } from '../events';
import {
  actividadesCon,
  claveDesembolso,
  clienteDelPortal,
  desembolsarSolicitud,
  creditosDelCliente,
  getItem,
  lineaUsada,
  notificacionesDe,
  nuevaSolicitud,
  nuevoCliente,
  nuevoProducto,
  solicitudAprobada,
} from '../lending-fixtures';

/*
 * Races on the two steps of a loan: 50 staff members press "Aprobar" on the same solicitud at the
 * same moment (one approval, no money moved); 50 press "Desembolsar" on the same approved one,
 * some repeating one Idempotency-Key (exactly one credit; the key's repeats answer with it); 40
 * disbursements of different solicitudes at once (all succeed, each with its own number).
 */

const N = 50;

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
  it('aprueba una sola vez, sin crédito ni línea; las otras 49 reciben 409 con el mensaje en español', async () => {
    const { cliente, caller } = await clienteDelPortal();
    const producto = await nuevoProducto();
    const s = await nuevaSolicitud(cliente.id, producto.id, 1_234_567_89, 18);
    const res = await Promise.all(
      Array.from({ length: N }, (_, k) =>
        call(aprobar, apiEvent('aprobar-solicitud', { caller: k % 2 ? ADMIN : ANALISTA, params: { id: s.id } })),
      ),
    );
    const conflictos = res.filter((r) => r.status === 409);
    expect(res.filter((r) => r.status === 200)).toHaveLength(1);
    expect(conflictos).toHaveLength(N - 1);
    const mensaje = fill(TEXTS.solicitudes.noPermitido, {
      numero: s.numero_solicitud,
      estado: TEXTS.solicitudEstado.aprobado,
      accion: TEXTS.solicitudes.acciones.aprobar,
    });
    for (const r of conflictos) {
      expect(r.body).toEqual({ success: false, code: 'ESTADO_NO_PERMITE', error: mensaje, message: mensaje });
    }
    expect(await creditosDelCliente(cliente.id)).toHaveLength(0);
    expect(await lineaUsada(cliente.id)).toBeNull();
    expect(await getItem(keys.solicitud(s.id))).toMatchObject({ estado: 'aprobado', credito_id: null });
    const titulos = (await notificacionesDe(caller.sub)).map((n) => n.titulo);
    expect(titulos.filter((x) => x === TEXTS.solicitudes.approved)).toHaveLength(1);
  }, 60_000);
});

describe('carrera: 50 desembolsos concurrentes de una solicitud aprobada (doble desembolso)', () => {
  it('un solo crédito, sus cuotas, la línea usada una vez; la misma clave repite la respuesta y las demás reciben 409', async () => {
    const { cliente, caller } = await clienteDelPortal();
    const producto = await nuevoProducto();
    const monto = 1_234_567_89;
    const plazo = 18;
    const s = await solicitudAprobada(cliente.id, producto.id, monto, plazo);
    const repetida = claveDesembolso();
    // every 5th call repeats one key (a double click, a retried request); the rest are other staff
    const res = await Promise.all(
      Array.from({ length: N }, (_, k) => desembolsarSolicitud(s.id, { clave: k % 5 === 0 ? repetida : claveDesembolso() })),
    );
    const ok = res.filter((r) => r.status === 200);
    const conflictos = res.filter((r) => r.status === 409);
    expect(ok.length + conflictos.length).toBe(N);
    // the winner is one call with its own key (1 answer) or the repeated key (its 10 calls answer alike)
    expect([1, N / 5]).toContain(ok.length);
    const mensaje = fill(TEXTS.solicitudes.noPermitido, {
      numero: s.numero_solicitud,
      estado: TEXTS.solicitudEstado.desembolsado,
      accion: TEXTS.solicitudes.acciones.desembolsar,
    });
    for (const r of conflictos) expect(r.body).toMatchObject({ success: false, code: 'ESTADO_NO_PERMITE', error: mensaje });

    const creditos = await creditosDelCliente(cliente.id);
    expect(creditos).toHaveLength(1);
    const credito = creditos[0]!;
    for (const r of ok) expect(r.body.credito.id).toBe(credito.id);
    expect(credito).toMatchObject({ monto_principal_centimos: monto, saldo_capital_centimos: monto, solicitud_id: s.id });
    const partes = await partesDelCredito(String(credito.id));
    const cuotas = partes.filter((i) => i.tipo === 'cuota');
    expect(cuotas).toHaveLength(plazo);
    expect(cuotas.reduce((sum, c) => sum + Number(c.monto_capital_centimos), 0)).toBe(monto);
    expect(partes.filter((i) => i.tipo_movimiento === 'desembolso')).toHaveLength(1);
    expect(await getItem(keys.unicoNumeroCredito(String(credito.numero_credito)))).toBeTruthy();
    expect(await getItem(keys.solicitud(s.id))).toMatchObject({
      estado: 'desembolsado',
      credito_id: credito.id,
      numero_credito: credito.numero_credito,
    });
    expect(await lineaUsada(cliente.id)).toBe(monto);
    expect(await actividadesCon(`Solicitud ${s.numero_solicitud} desembolsada`)).toHaveLength(1);
    const titulos = (await notificacionesDe(caller.sub)).map((n) => n.titulo);
    expect(titulos.filter((x) => x === TEXTS.solicitudes.notificacionDesembolsoTitulo)).toHaveLength(1);
  }, 60_000);

  it('20 llamadas simultáneas con la misma Idempotency-Key: un crédito y la misma respuesta para todas', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const s = await solicitudAprobada(cliente.id, producto.id, 300_000_00, 6);
    const clave = claveDesembolso();
    const res = await Promise.all(Array.from({ length: 20 }, () => desembolsarSolicitud(s.id, { clave })));
    expect(res.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(res.map((r) => r.body.credito.id)).size).toBe(1);
    expect(await creditosDelCliente(cliente.id)).toHaveLength(1);
    expect(await lineaUsada(cliente.id)).toBe(300_000_00);
  }, 60_000);
});

describe('carrera: 40 desembolsos simultáneos de 40 solicitudes distintas', () => {
  it('todos se desembolsan, cada crédito con su número único (la secuencia global ya no los rechaza con OCUPADO)', async () => {
    const producto = await nuevoProducto();
    const solicitudes = await Promise.all(
      Array.from({ length: 40 }, async () => solicitudAprobada((await nuevoCliente()).id, producto.id, 150_000_00, 3)),
    );
    const res = await Promise.all(solicitudes.map((s) => desembolsarSolicitud(s.id)));
    expect(res.filter((r) => r.status !== 200).map((r) => r.body)).toEqual([]);
    const numeros = res.map((r) => String(r.body.credito.numero_credito));
    expect(new Set(numeros).size).toBe(40);
    for (const [i, s] of solicitudes.entries()) {
      expect(await getItem(keys.unicoNumeroCredito(numeros[i]!))).toMatchObject({ credito_id: res[i]!.body.credito.id });
      expect(await getItem(keys.solicitud(s.id))).toMatchObject({ estado: 'desembolsado', numero_credito: numeros[i] });
    }
  }, 60_000);
});
