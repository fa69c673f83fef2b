import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { formatCRC, generarCuotas, moraDiaria, sumarMeses } from '@cuota/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ddb, queryAll, tableName } from '#commons/db';
import { keys } from '#commons/keys';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR } from '../../../test/events';
import { clienteConUsuario, creditoEnCartera, leerCredito } from '../../../test/pagos-fixtures';
import { handler as cerrarDia } from './cerrar-dia';
import { handler as job } from './ejecutar-cierre-diario';
import { handler as estadoCierre } from './obtener-cierre-diario';
import { cerrarCreditoEnFecha, cerrarFecha, ultimoCierre } from './store';

/*
 * The close of business reads every credit due up to its date, so these tests live in the past
 * (2001–2009, one year per test): no other test file has credits due then. "Today" for the
 * handlers is faked through fechaHoy.
 */
const reloj = vi.hoisted(() => ({ hoy: '2009-01-01' }));
vi.mock('./cartera', async (original) => ({
  ...(await original<typeof import('./cartera')>()),
  fechaHoy: async () => reloj.hoy,
  hoyDelNegocio: async () => ({ fecha: reloj.hoy, zona: 'America/Costa_Rica' }),
}));

const TASA_MORA = '31.20';

async function notificaciones(userId: string, titulo: string) {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    FilterExpression: 'titulo = :t',
    ExpressionAttributeValues: { ':pk': `USUARIO#${userId}`, ':p': 'NOTIFICACION#', ':t': titulo },
    ConsistentRead: true,
  });
  return items;
}

const plan = (desembolso: string, principal = 1_000_000_00, plazo = 12) =>
  generarCuotas({
    principalCentimos: principal,
    tasaAnual: '24.00',
    plazoMeses: plazo,
    fechaDesembolso: desembolso,
    metodo: 'cuota_nivelada',
  });

async function ponerUltimo(fecha: string) {
  await ddb.send(new PutCommand({ TableName: tableName(), Item: { ...keys.cierreUltimo(), tipo: 'cierre', fecha } }));
}

beforeEach(() => {
  reloj.hoy = '2009-01-01';
});

describe('cierre diario de una fecha', () => {
  it('día por día: vigente al vencer, primer día de atraso con mora y aviso, vencido al pasar la tolerancia; repetir una fecha no agrega nada', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: '2001-01-10', tasaMoratoria: TASA_MORA, diasTolerancia: 3 });
    const [c1] = plan('2001-01-10');
    const diaria = moraDiaria(c1!.monto_capital_centimos, TASA_MORA);

    const vence = await cerrarFecha('2001-02-10');
    expect(vence).toMatchObject({ fecha: '2001-02-10', estado: 'cerrado' });
    expect((await leerCredito(credito.id)).credito).toMatchObject({
      estado: 'vigente',
      saldo_mora_centimos: 0,
      ultimo_cierre: '2001-02-10',
    });

    const r = await cerrarFecha('2001-02-11');
    expect(r.creditos_actualizados).toBeGreaterThanOrEqual(1);
    expect(r.avisos_vencimiento).toBeGreaterThanOrEqual(1);
    let { credito: c, cuotas } = await leerCredito(credito.id);
    expect(c).toMatchObject({
      estado: 'al_dia',
      saldo_mora_centimos: diaria,
      dias_mora_max: 1,
      ultimo_cierre: '2001-02-11',
      gsi2pk: 'CREDITOS#al_dia',
    });
    expect(cuotas[0]).toMatchObject({ dias_mora: 1, monto_mora_centimos: diaria });
    const avisos = await notificaciones(caller.sub, 'Cuota vencida');
    expect(avisos).toHaveLength(1);
    expect(avisos[0]!.mensaje).toBe(
      `La cuota 1 de su crédito ${credito.numero_credito} venció el 10/02/2001. Páguela para detener los cargos por mora.`,
    );

    for (const f of ['2001-02-12', '2001-02-13']) await cerrarFecha(f);
    expect((await leerCredito(credito.id)).credito.estado).toBe('al_dia');
    await cerrarFecha('2001-02-14');
    ({ credito: c, cuotas } = await leerCredito(credito.id));
    expect(c).toMatchObject({ estado: 'vencido', saldo_mora_centimos: 4 * diaria, dias_mora_max: 4, gsi2pk: 'CREDITOS#vencido' });

    const otraVez = await cerrarFecha('2001-02-14');
    expect(otraVez.estado).toBe('ya_cerrado');
    expect((await leerCredito(credito.id)).credito).toMatchObject({ version: c.version, saldo_mora_centimos: 4 * diaria });
    // even without the date's marker, the credit's ultimo_cierre keeps a re-run from accruing again
    await ddb.send(new DeleteCommand({ TableName: tableName(), Key: keys.cierre('2001-02-14') }));
    expect((await cerrarFecha('2001-02-14')).estado).toBe('cerrado');
    expect((await leerCredito(credito.id)).credito).toMatchObject({ version: c.version, saldo_mora_centimos: 4 * diaria });
    expect(await notificaciones(caller.sub, 'Cuota vencida')).toHaveLength(1);
  });

  it('dos cierres concurrentes de la misma fecha tienen un solo efecto', async () => {
    const { cliente } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: '2002-03-05', tasaMoratoria: TASA_MORA });
    await cerrarCreditoEnFecha(credito.id, '2002-04-05');
    const [a, b] = await Promise.all([cerrarFecha('2002-04-20'), cerrarFecha('2002-04-20')]);
    expect([a.estado, b.estado].sort()).toEqual(expect.arrayContaining(['cerrado']));
    expect([a.estado, b.estado].filter((e) => e === 'cerrado')).toHaveLength(1);
    const [c1] = plan('2002-03-05');
    const { credito: c, cuotas } = await leerCredito(credito.id);
    expect(cuotas[0]).toMatchObject({
      dias_mora: 15,
      monto_mora_centimos: 15 * moraDiaria(c1!.monto_capital_centimos, TASA_MORA),
    });
    expect(c.version).toBe(3);
    // and two concurrent closes of one credit for one date: one effect
    await Promise.all([cerrarCreditoEnFecha(credito.id, '2002-04-21'), cerrarCreditoEnFecha(credito.id, '2002-04-21')]);
    expect((await leerCredito(credito.id)).cuotas[0]).toMatchObject({
      dias_mora: 16,
      monto_mora_centimos: 16 * moraDiaria(c1!.monto_capital_centimos, TASA_MORA),
    });
  });

  it('retoma una ejecución caída: el bloqueo vencido se toma y los créditos ya cerrados no devengan de nuevo; un bloqueo vigente se respeta', async () => {
    const { cliente } = await clienteConUsuario();
    const hecho = await creditoEnCartera({ cliente, desembolso: '2003-01-15' });
    const pendiente = await creditoEnCartera({ cliente, desembolso: '2003-01-15' });
    for (const id of [hecho.id, pendiente.id]) await cerrarCreditoEnFecha(id, '2003-02-15');
    // a run that died after closing `hecho` for 03-01
    await cerrarCreditoEnFecha(hecho.id, '2003-03-01');
    const antes = (await leerCredito(hecho.id)).credito;
    const marcador = { ...keys.cierre('2003-03-01'), tipo: 'cierre', fecha: '2003-03-01', estado: 'en_curso', ejecucion: 'X' };
    await ddb.send(new PutCommand({ TableName: tableName(), Item: { ...marcador, bloqueo_hasta: Date.now() + 60_000 } }));
    expect((await cerrarFecha('2003-03-01')).estado).toBe('en_curso');
    expect((await leerCredito(pendiente.id)).credito.ultimo_cierre).toBe('2003-02-15');

    await ddb.send(new PutCommand({ TableName: tableName(), Item: { ...marcador, bloqueo_hasta: Date.now() - 1 } }));
    expect((await cerrarFecha('2003-03-01')).estado).toBe('cerrado');
    expect((await leerCredito(hecho.id)).credito).toMatchObject({
      version: antes.version,
      saldo_mora_centimos: antes.saldo_mora_centimos,
    });
    const otro = (await leerCredito(pendiente.id)).credito;
    expect(otro).toMatchObject({ ultimo_cierre: '2003-03-01', saldo_mora_centimos: antes.saldo_mora_centimos });
  });

  it('envía el recordatorio de la cuota que vence en 3 días una sola vez y no toca créditos que no pueden cambiar', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: '2004-05-20' });
    const futuro = await creditoEnCartera({ cliente, desembolso: '2004-06-19' });
    const [c1] = plan('2004-05-20');
    const r = await cerrarFecha('2004-06-17');
    expect(r.recordatorios).toBeGreaterThanOrEqual(1);
    const recordatorios = await notificaciones(caller.sub, 'Recordatorio de pago');
    expect(recordatorios).toHaveLength(1);
    expect(recordatorios[0]!.mensaje).toBe(
      `La cuota 1 de su crédito ${credito.numero_credito} vence el 20/06/2004 por ${formatCRC(c1!.monto_total_centimos)}.`,
    );
    await ddb.send(new DeleteCommand({ TableName: tableName(), Key: keys.cierre('2004-06-17') }));
    await cerrarFecha('2004-06-17');
    expect(await notificaciones(caller.sub, 'Recordatorio de pago')).toHaveLength(1);
    // the credit due after the date was not read or written
    expect((await leerCredito(futuro.id)).credito).toMatchObject({ version: 1 });
    expect((await leerCredito(futuro.id)).credito.ultimo_cierre).toBeUndefined();
  });
});

describe('POST /api/cierre-diario y el trabajo programado', () => {
  it('solo un administrador lo ejecuta; una fecha futura es 400', async () => {
    reloj.hoy = '2005-08-10';
    for (const caller of [ANALISTA, COBRADOR, { sub: 'cliente-cierre' }]) {
      expect((await call(cerrarDia, apiEvent('cerrar-dia', { caller, body: {} }))).status).toBe(403);
    }
    const futura = await call(cerrarDia, apiEvent('cerrar-dia', { caller: ADMIN, body: { fecha: '2005-08-11' } }));
    expect(futura).toMatchObject({ status: 400, body: { details: { fecha: 'La fecha de cierre no puede ser futura' } } });
    const mala = await call(cerrarDia, apiEvent('cerrar-dia', { caller: ADMIN, body: { fecha: '2005-02-30' } }));
    expect(mala.status).toBe(400);
  });

  it('recupera las fechas no cerradas hasta la pedida, en orden, y repetir no cambia nada', async () => {
    reloj.hoy = '2006-09-30';
    const { cliente } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: sumarMeses('2006-09-10', -1), tasaMoratoria: TASA_MORA });
    await cerrarCreditoEnFecha(credito.id, '2006-09-10');
    await ponerUltimo('2006-09-10');
    const res = await call(cerrarDia, apiEvent('cerrar-dia', { caller: ADMIN, body: { fecha: '2006-09-13' } }));
    expect(res.status).toBe(200);
    expect(res.body.fechas.map((f: { fecha: string; estado: string }) => `${f.fecha}:${f.estado}`)).toEqual([
      '2006-09-11:cerrado',
      '2006-09-12:cerrado',
      '2006-09-13:cerrado',
    ]);
    expect(await ultimoCierre()).toBe('2006-09-13');
    const [c1] = plan(sumarMeses('2006-09-10', -1));
    const { cuotas } = await leerCredito(credito.id);
    expect(cuotas[0]).toMatchObject({ dias_mora: 3, monto_mora_centimos: 3 * moraDiaria(c1!.monto_capital_centimos, TASA_MORA) });

    const otra = await call(cerrarDia, apiEvent('cerrar-dia', { caller: ADMIN, body: { fecha: '2006-09-13' } }));
    expect(otra.body.fechas).toEqual([expect.objectContaining({ fecha: '2006-09-13', estado: 'ya_cerrado' })]);
    expect((await leerCredito(credito.id)).cuotas[0]!.monto_mora_centimos).toBe(cuotas[0]!.monto_mora_centimos);
  });

  it('el trabajo programado cierra cada fecha pendiente hasta hoy en la zona horaria del negocio', async () => {
    reloj.hoy = '2007-04-03';
    await ponerUltimo('2007-04-01');
    const out = await job();
    expect(out.fechas.map((f) => f.fecha)).toEqual(['2007-04-02', '2007-04-03']);
    expect(out.fechas.every((f) => f.estado === 'cerrado')).toBe(true);
    const repetido = await job();
    expect(repetido.fechas).toEqual([expect.objectContaining({ fecha: '2007-04-03', estado: 'ya_cerrado' })]);
    expect(await ultimoCierre()).toBe('2007-04-03');
  });

  it('GET /api/cierre-diario dice el último día cerrado y cuántas fechas faltan hasta hoy (solo administradores)', async () => {
    reloj.hoy = '2008-03-05';
    await ponerUltimo('2008-03-01');
    const r = await call(estadoCierre, apiEvent('obtener-cierre-diario', { caller: ADMIN }));
    expect(r).toMatchObject({ status: 200, body: { fecha_negocio: '2008-03-05', ultimo_cierre: '2008-03-01', pendientes: 4 } });
    await ponerUltimo('2008-03-05');
    expect((await call(estadoCierre, apiEvent('obtener-cierre-diario', { caller: ADMIN }))).body.pendientes).toBe(0);
    for (const caller of [ANALISTA, COBRADOR, { sub: 'cliente-cierre' }]) {
      expect((await call(estadoCierre, apiEvent('obtener-cierre-diario', { caller }))).status).toBe(403);
    }
  });
});
