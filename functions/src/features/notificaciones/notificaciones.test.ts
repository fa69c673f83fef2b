import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiEvent, call, COBRADOR } from '../../../test/events';
import { LectorStream, tablaPropia } from '../../../test/stream';
import { ddb, tableName } from '#commons/db';
import { notificacionPut, type TipoNotificacion } from '#commons/registro';
import { handler as consumidor } from '../dashboard/agregados-stream';
import { handler as obtenerMonitoreo } from '../dashboard/obtener-monitoreo';
import { handler as contar } from './contar-no-leidas';
import { handler as listar } from './listar-notificaciones';
import { handler as leer } from './marcar-leida';

const ANA = { sub: 'cliente-ana' };
const BETO = { sub: 'cliente-beto' };
let lector: LectorStream;

/** Runs the aggregates consumer over everything written since the last call (the local poller's job). */
async function procesarStream() {
  const registros = await lector.nuevos();
  if (registros.length) await consumidor({ Records: registros } as never);
}

const base = Date.parse('2026-03-10T15:00:00.000Z');
function notificar(userId: string, minuto: number, tipo: TipoNotificacion, titulo: string) {
  return notificacionPut({
    user_id: userId,
    tipo,
    titulo,
    mensaje: `${titulo}: detalle`,
    accion_url: '/portal',
    now: new Date(base + minuto * 60_000),
  });
}

const ids: Record<string, string> = {};
beforeAll(async () => {
  lector = new LectorStream((await tablaPropia('cuota-notificaciones')).streamArn);
  const puts = [
    notificar(ANA.sub, 1, 'info', 'Bienvenida'),
    notificar(ANA.sub, 2, 'credit', 'Crédito desembolsado'),
    notificar(ANA.sub, 3, 'payment', 'Pago aplicado'),
    notificar(ANA.sub, 4, 'warning', 'Cuota vencida'),
    notificar(BETO.sub, 5, 'error', 'Pago rechazado'),
    notificar(ADMIN.sub, 6, 'system', 'Cierre diario'),
    notificar(ADMIN.sub, 7, 'info', 'Nueva solicitud'),
  ];
  puts.forEach((p) => (ids[String(p.Put.Item.titulo)] = String(p.Put.Item.id)));
  // as the other features write them: inside the transaction of the change they describe
  await ddb.send(new TransactWriteCommand({ TransactItems: puts }));
  await procesarStream();
});

describe('GET /api/notificaciones', () => {
  it('lista solo las propias, más recientes primero, con el tipo del spec en `tipo`', async () => {
    const res = await call(listar, apiEvent('listar-notificaciones', { caller: ANA }));
    expect(res.status).toBe(200);
    expect(res.body.items.map((n: { titulo: string }) => n.titulo)).toEqual([
      'Cuota vencida',
      'Pago aplicado',
      'Crédito desembolsado',
      'Bienvenida',
    ]);
    expect(res.body.items[0]).toEqual({
      id: ids['Cuota vencida'],
      user_id: ANA.sub,
      tipo: 'warning',
      titulo: 'Cuota vencida',
      mensaje: 'Cuota vencida: detalle',
      leida: false,
      leida_en: null,
      accion_url: '/portal',
      created_at: '2026-03-10T15:04:00.000Z',
    });
    expect(res.body.nextCursor).toBeNull();
    const beto = await call(listar, apiEvent('listar-notificaciones', { caller: BETO }));
    expect(beto.body.items.map((n: { titulo: string }) => n.titulo)).toEqual(['Pago rechazado']);
  });

  it('pagina con limit y cursor, y valida el límite', async () => {
    const first = await call(listar, apiEvent('listar-notificaciones', { caller: ANA, query: { limit: '3' } }));
    expect(first.body.items).toHaveLength(3);
    const second = await call(
      listar,
      apiEvent('listar-notificaciones', { caller: ANA, query: { limit: '3', cursor: first.body.nextCursor } }),
    );
    expect(second.body.items.map((n: { titulo: string }) => n.titulo)).toEqual(['Bienvenida']);
    const bad = await call(listar, apiEvent('listar-notificaciones', { caller: ANA, query: { limit: '101' } }));
    expect(bad).toMatchObject({ status: 400, body: { details: { limit: 'El límite máximo es 100' } } });
  });

  it('sin token responde 401', async () => {
    expect((await call(listar, apiEvent('listar-notificaciones'))).status).toBe(401);
    expect((await call(contar, apiEvent('contar-notificaciones-no-leidas'))).status).toBe(401);
    expect((await call(leer, apiEvent('marcar-notificacion-leida', { params: { id: ids.Bienvenida! } }))).status).toBe(401);
  });
});

describe('GET /api/notificaciones/no-leidas y POST /api/notificaciones/{id}/leer', () => {
  it('cuenta las sin leer de cada usuario', async () => {
    expect((await call(contar, apiEvent('contar-notificaciones-no-leidas', { caller: ANA }))).body).toEqual({ count: 4 });
    expect((await call(contar, apiEvent('contar-notificaciones-no-leidas', { caller: BETO }))).body).toEqual({ count: 1 });
    expect((await call(contar, apiEvent('contar-notificaciones-no-leidas', { caller: COBRADOR }))).body).toEqual({ count: 0 });
  });

  it('marca leída una propia con la hora, y repetirlo no la cambia (idempotente)', async () => {
    const id = ids['Pago aplicado']!;
    const first = await call(leer, apiEvent('marcar-notificacion-leida', { caller: ANA, params: { id } }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, leida: true, tipo: 'payment' });
    expect(Date.parse(first.body.leida_en)).toBeGreaterThan(Date.now() - 60_000);
    const again = await call(leer, apiEvent('marcar-notificacion-leida', { caller: ANA, params: { id } }));
    expect(again).toMatchObject({ status: 200, body: { leida: true, leida_en: first.body.leida_en } });
    await procesarStream();
    expect((await call(contar, apiEvent('contar-notificaciones-no-leidas', { caller: ANA }))).body).toEqual({ count: 3 });
  });

  it('la de otro usuario responde 404 y queda sin leer', async () => {
    const id = ids['Cuota vencida']!;
    const res = await call(leer, apiEvent('marcar-notificacion-leida', { caller: BETO, params: { id } }));
    expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Notificación no encontrada' } });
    const staff = await call(leer, apiEvent('marcar-notificacion-leida', { caller: ADMIN, params: { id } }));
    expect(staff.status).toBe(404);
    const item = (await call(listar, apiEvent('listar-notificaciones', { caller: ANA }))).body.items.find(
      (n: { id: string }) => n.id === id,
    );
    expect(item).toMatchObject({ leida: false, leida_en: null });
  });

  it('un id inexistente responde 404 y uno malformado 400', async () => {
    expect(
      (await call(leer, apiEvent('marcar-notificacion-leida', { caller: ANA, params: { id: '01NOEXISTE000000000000000' } })))
        .status,
    ).toBe(404);
    const bad = await call(leer, apiEvent('marcar-notificacion-leida', { caller: ANA, params: { id: 'a#b' } }));
    expect(bad).toMatchObject({ status: 400, body: { details: { id: 'Identificador inválido' } } });
  });

  it('el contador es un ítem por usuario que se lee con un GetItem', async () => {
    const item = await ddb.send(
      new GetCommand({ TableName: tableName(), Key: { pk: `USUARIO#${BETO.sub}`, sk: 'NOTIF_NO_LEIDAS' } }),
    );
    expect(item.Item).toMatchObject({ no_leidas: 1, tipo: 'agregado' });
  });

  it('las alertas de monitoreo son las no leídas de quien consulta', async () => {
    const antes = await call(obtenerMonitoreo, apiEvent('obtener-monitoreo', { caller: ADMIN }));
    expect(antes.body.alertas).toBe(2);
    await call(leer, apiEvent('marcar-notificacion-leida', { caller: ADMIN, params: { id: ids['Cierre diario']! } }));
    await procesarStream();
    const despues = await call(obtenerMonitoreo, apiEvent('obtener-monitoreo', { caller: ADMIN }));
    expect(despues.body.alertas).toBe(1);
    expect((await call(obtenerMonitoreo, apiEvent('obtener-monitoreo', { caller: COBRADOR }))).body.alertas).toBe(0);
  });
});
