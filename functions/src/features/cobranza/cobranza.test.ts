import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TIMEZONE, fechaNegocio, sumarDias } from '@cuota/shared';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ddb, queryAll, tableName } from '#commons/db';
import { type CognitoDePrueba, iniciarCognitoLocal } from '../../../test/cognito-local';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR, uniqueEmail } from '../../../test/events';
import { clienteConUsuario, creditoEnCartera, leerCredito } from '../../../test/pagos-fixtures';
import { LectorStream, tablaPropia } from '../../../test/stream';

/**
 * The worklist against DynamoDB Local (a table of its own, so only these credits are in it) and a
 * real cognito-local: credits fall into arrears through the real daily close, a payment at the
 * counter takes one out, the stream keeps the per-bucket totals, assignments move credits between
 * cobradores' partitions.
 */
const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);

type H = (e: never) => Promise<{ statusCode?: number; body?: string }>;
let cl: CognitoDePrueba;
let lector: LectorStream;
const h = {} as Record<'listar' | 'asignar' | 'consumidor' | 'crearUsuario' | 'registrar', H>;
let cerrarFecha: (fecha: string) => Promise<unknown>;
let creditos: { viejo: string; reciente: string; alDia: string };

async function totalesAlDia() {
  const registros = await lector.nuevos();
  for (let i = 0; i < registros.length; i += 100) await h.consumidor({ Records: registros.slice(i, i + 100) } as never);
}

const listar = async (query: Record<string, string> = {}, caller = COBRADOR) =>
  call(h.listar as never, apiEvent('listar-cobranza', { caller, query }));
const asignar = async (body: unknown, caller = ADMIN) => call(h.asignar as never, apiEvent('asignar-cobranza', { caller, body }));

beforeAll(async () => {
  const tabla = await tablaPropia('cuota-cobranza');
  lector = new LectorStream(tabla.streamArn);
  cl = await iniciarCognitoLocal('cobranza');
  h.listar = (await import('./listar-cobranza')).handler as H;
  h.asignar = (await import('./asignar-cobranza')).handler as H;
  h.consumidor = (await import('../dashboard/agregados-stream')).handler as unknown as H;
  h.crearUsuario = (await import('../usuarios/crear-usuario')).handler as H;
  h.registrar = (await import('../pagos/registrar-pago-ventanilla')).handler as H;
  cerrarFecha = (await import('../cierre/store')).cerrarFecha;

  const { cliente } = await clienteConUsuario({ ciudad: 'Cartago' });
  const { cliente: otro } = await clienteConUsuario();
  // first cuotas due about 70 and 14 days ago, and in ~20 days
  const viejo = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -100), principal: 2_000_000_00 });
  const reciente = await creditoEnCartera({ cliente: otro, desembolso: sumarDias(hoy, -45), principal: 500_000_00 });
  const alDia = await creditoEnCartera({ cliente: otro, desembolso: sumarDias(hoy, -10) });
  creditos = { viejo: viejo.id, reciente: reciente.id, alDia: alDia.id };
  await cerrarFecha(hoy);
  await totalesAlDia();
}, 120_000);
afterAll(() => cl?.detener());

describe('GET /api/cobranza', () => {
  it('lista los créditos en mora tras el cierre, los de más días primero, con tramo, monto vencido y contacto', async () => {
    const res = await listar();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.fecha).toBe(hoy);
    const ids = res.body.items.map((i: { credito_id: string }) => i.credito_id);
    expect(ids).toEqual([creditos.viejo, creditos.reciente]);
    const [viejo, reciente] = res.body.items;
    expect(viejo.bucket).toBe('61-90');
    expect(reciente.bucket).toBe('1-30');
    expect(viejo.dias_mora).toBeGreaterThan(reciente.dias_mora);
    expect(viejo).toMatchObject({
      cliente_nombre: 'Rebeca Solano Ulate',
      telefono: '+50670112233',
      zona: 'Cartago',
      alerta: null,
    });
    // the catch-up amount as the close stored it: the overdue cuotas and their mora
    const { credito } = await leerCredito(creditos.viejo);
    expect(viejo.monto_vencido_centimos).toBe(credito.monto_vencido_centimos);
    expect(viejo.monto_vencido_centimos).toBeGreaterThan(0);
    expect(res.body.totales).toEqual([
      { bucket: '1-30', creditos: 1, monto_vencido_centimos: reciente.monto_vencido_centimos },
      { bucket: '31-60', creditos: 0, monto_vencido_centimos: 0 },
      { bucket: '61-90', creditos: 1, monto_vencido_centimos: viejo.monto_vencido_centimos },
      { bucket: '90+', creditos: 0, monto_vencido_centimos: 0 },
    ]);
  });

  it('filtra por tramo, zona y producto, ordena por monto vencido y pagina con cursor', async () => {
    expect((await listar({ bucket: '1-30' })).body.items.map((i: { credito_id: string }) => i.credito_id)).toEqual([
      creditos.reciente,
    ]);
    expect((await listar({ bucket: '90+' })).body.items).toEqual([]);
    expect((await listar({ producto: 'OTRO' })).body.items).toEqual([]);
    const porMonto = await listar({ orden: 'monto_vencido' }, ANALISTA);
    const montos = porMonto.body.items.map((i: { monto_vencido_centimos: number }) => i.monto_vencido_centimos);
    expect(montos).toEqual([...montos].sort((a, b) => b - a));
    expect((await listar({ orden: 'monto_vencido', bucket: '61-90' })).body.items).toHaveLength(1);

    const p1 = await listar({ limit: '1' });
    expect(p1.body.items).toHaveLength(1);
    const p2 = await listar({ limit: '1', cursor: p1.body.nextCursor });
    expect([p1.body.items[0].credito_id, p2.body.items[0].credito_id]).toEqual([creditos.viejo, creditos.reciente]);
    expect((await listar({ bucket: 'x' })).status).toBe(400);
  });

  it('un cliente no ve la cartera en mora', async () => {
    expect((await listar({}, { sub: 'cliente-x' })).status).toBe(403);
  });
});

describe('POST /api/cobranza/asignaciones', () => {
  let cobradorId: string;
  let analistaId: string;

  beforeAll(async () => {
    const crear = async (rol: string) => {
      const body = { nombre: 'Marta', apellido: 'Cobros', email: uniqueEmail(rol), rol, password: 'Cobradora-Prueba-2026!' };
      const res = await call(h.crearUsuario as never, apiEvent('crear-usuario', { caller: ADMIN, body }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return String(res.body.id);
    };
    cobradorId = await crear('cobrador');
    analistaId = await crear('analista');
  });

  it('el admin asigna en bloque: el crédito pasa a la lista del cobrador, queda auditado y los totales lo siguen', async () => {
    const res = await asignar({ credito_ids: [creditos.viejo], cobrador_id: cobradorId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ asignados: 1, cobrador_id: cobradorId });

    const suya = await listar({ cobrador: cobradorId });
    expect(suya.body.items.map((i: { credito_id: string }) => i.credito_id)).toEqual([creditos.viejo]);
    expect(suya.body.items[0]).toMatchObject({ cobrador_id: cobradorId, cobrador_nombre: 'Marta Cobros' });
    expect(suya.body.cobradores).toEqual([{ id: cobradorId, nombre: 'Marta Cobros' }]);
    // the assignment copied the client's city onto the credit (disbursements copy it from the start)
    expect((await listar({ zona: 'Cartago' })).body.items.map((i: { credito_id: string }) => i.credito_id)).toEqual([
      creditos.viejo,
    ]);
    expect((await listar({ zona: 'Heredia' })).body.items).toEqual([]);
    // case and accents do not matter, and the start of the name is enough
    for (const zona of ['cartago', 'CÁRTAGO', '  cart ']) {
      expect((await listar({ zona })).body.items.map((i: { credito_id: string }) => i.credito_id)).toEqual([creditos.viejo]);
    }
    const sinAsignar = await listar({ cobrador: 'sin_asignar' });
    expect(sinAsignar.body.items.map((i: { credito_id: string }) => i.credito_id)).toEqual([creditos.reciente]);
    // the whole worklist still holds both, in días de mora order
    expect((await listar()).body.items.map((i: { credito_id: string }) => i.credito_id)).toEqual([
      creditos.viejo,
      creditos.reciente,
    ]);

    await totalesAlDia();
    const totales = (await listar({ cobrador: cobradorId })).body.totales;
    expect(totales.find((t: { bucket: string }) => t.bucket === '61-90').creditos).toBe(1);
    expect(totales.find((t: { bucket: string }) => t.bucket === '1-30').creditos).toBe(0);

    const { items } = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'ACTIVIDAD' },
    });
    expect(items.some((a) => String(a.descripcion).includes('Marta Cobros'))).toBe(true);
  });

  it('quitar la asignación devuelve el crédito a los sin asignar', async () => {
    expect((await asignar({ credito_ids: [creditos.viejo], cobrador_id: null })).status).toBe(200);
    expect((await listar({ cobrador: cobradorId })).body.items).toEqual([]);
    const item = await ddb.send(
      new GetCommand({ TableName: tableName(), Key: { pk: `CREDITO#${creditos.viejo}`, sk: 'CREDITO' } }),
    );
    expect(item.Item?.cobrador_id).toBeNull();
  });

  it('solo el admin asigna, solo a un cobrador, y solo créditos que existen', async () => {
    const body = { credito_ids: [creditos.viejo], cobrador_id: cobradorId };
    expect((await asignar(body, COBRADOR)).status).toBe(403);
    expect((await asignar(body, ANALISTA)).status).toBe(403);
    const analista = await asignar({ ...body, cobrador_id: analistaId });
    expect(analista.status).toBe(400);
    expect(analista.body.details).toHaveProperty('cobrador_id');
    expect((await asignar({ ...body, cobrador_id: 'no-existe' })).status).toBe(400);
    expect((await asignar({ credito_ids: ['NO-EXISTE'], cobrador_id: cobradorId })).status).toBe(404);
    // all or nothing: one missing credit and the existing one is not reassigned either
    const antes = (await leerCredito(creditos.viejo)).credito.cobrador_id ?? null;
    const mixta = await asignar({ credito_ids: [creditos.viejo, 'NO-EXISTE'], cobrador_id: cobradorId });
    expect(mixta.status).toBe(404);
    expect((await leerCredito(creditos.viejo)).credito.cobrador_id ?? null).toBe(antes);
    // one transaction: at most 98 credits
    const muchos = await asignar({ credito_ids: Array.from({ length: 99 }, (_, i) => `C${i}`), cobrador_id: null });
    expect(muchos.status).toBe(400);
    expect(muchos.body.details.credito_ids).toBe('Máximo 98 créditos por asignación');
  });
});

describe('mantenimiento del índice', () => {
  it('un pago que cubre el monto vencido saca al crédito de la lista', async () => {
    const antes = (await listar({ bucket: '1-30' })).body.items[0];
    expect(antes.credito_id).toBe(creditos.reciente);
    const pago = await call(
      h.registrar as never,
      (() => {
        const e = apiEvent('registrar-pago-ventanilla', {
          caller: COBRADOR,
          params: { id: creditos.reciente },
          body: { monto_centimos: antes.monto_vencido_centimos, fecha_pago: hoy, canal: 'efectivo' },
        });
        e.headers = { 'idempotency-key': randomUUID() };
        return e;
      })(),
    );
    expect(pago.status, JSON.stringify(pago.body)).toBe(201);
    const { credito } = await leerCredito(creditos.reciente);
    expect(credito.dias_mora_max).toBe(0);
    expect(credito.gsi4pk).toBeUndefined();
    expect((await listar()).body.items.map((i: { credito_id: string }) => i.credito_id)).toEqual([creditos.viejo]);
    await totalesAlDia();
    expect((await listar()).body.totales.find((t: { bucket: string }) => t.bucket === '1-30').creditos).toBe(0);
  });
});
