import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ddb, tableName } from '#commons/db';
import { keys } from '#commons/keys';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR, type TestCaller } from '../../../test/events';
import { actividadesCon, notificacionesDe } from '../../../test/lending-fixtures';
import { clienteConUsuario, creditoEnCartera, leerCredito, metodosDePrueba } from '../../../test/pagos-fixtures';
import { handler as cerrarDia } from '../cierre/cerrar-dia';
import { cargarCredito, maximoAplicable } from '../cierre/index';
import { handler as aprobarPago } from '../pagos/aprobar-pago';
import { handler as castigar } from '../pagos/castigar-credito';
import { handler as registrarPago } from '../pagos/registrar-pago-ventanilla';
import { handler as listarGestiones } from './listar-gestiones';
import { handler as listarPromesas } from './listar-promesas';
import { handler as registrarGestion } from './registrar-gestion';
import { handler as registrarPromesa } from './registrar-promesa';
import { reportarPagoDelCliente } from '../../../test/rutas';

/*
 * Promises are resolved by the daily close, which reads every credit due up to its date: these
 * tests live in years no other test file uses (2016, 2017, 2018, 2019, 2021). "Today" for every handler is
 * faked through fechaHoy, and the close runs through POST /api/cierre-diario.
 */
const reloj = vi.hoisted(() => ({ hoy: '2018-01-01' }));
vi.mock('../cierre/cartera', async (original) => ({
  ...(await original<typeof import('../cierre/cartera')>()),
  fechaHoy: async () => reloj.hoy,
}));

let claves = 0;
const cobrar = (creditoId: string, monto: number, fecha: string) => {
  const e = apiEvent('registrar-pago-ventanilla', {
    caller: COBRADOR,
    params: { id: creditoId },
    body: { monto_centimos: monto, fecha_pago: fecha, canal: 'efectivo' },
  });
  e.headers = { 'idempotency-key': `promesas-${process.pid}-${++claves}` };
  return call(registrarPago, e);
};

/** Closes the business date `fecha` through the admin's route, as the day before was the last closed. */
async function cerrar(fecha: string, anterior: string) {
  reloj.hoy = fecha;
  await ddb.send(new PutCommand({ TableName: tableName(), Item: { ...keys.cierreUltimo(), tipo: 'cierre', fecha: anterior } }));
  const r = await call(cerrarDia, apiEvent('cerrar-dia', { caller: ADMIN, body: { fecha } }));
  expect(r.status).toBe(200);
  return r.body;
}

const prometer = (creditoId: string, body: unknown, caller = COBRADOR) =>
  call(registrarPromesa, apiEvent('registrar-promesa', { caller, params: { id: creditoId }, body }));

async function promesas(creditoId: string) {
  return (await call(listarPromesas, apiEvent('listar-promesas', { caller: ANALISTA, params: { id: creditoId } }))).body.items;
}

/** A credit disbursed on `desembolso` (first cuota a month later), brought into arrears by the close of `atraso`. */
async function creditoEnMora(desembolso: string, atraso: string, anterior: string) {
  const { cliente, caller } = await clienteConUsuario();
  const credito = await creditoEnCartera({ cliente, desembolso, principal: 1_000_000_00, plazo: 12 });
  await cerrar(atraso, anterior);
  const { credito: c, cuotas } = await leerCredito(credito.id);
  expect(c.estado).toBe('vencido');
  return { credito, caller, cuota1: Number(cuotas[0]!.monto_total_centimos) };
}

beforeAll(() => metodosDePrueba(), 60_000);

/** The customer reports a payment from the portal (pending reconciliation). */
const reportar = (caller: TestCaller, creditoId: string, monto: number, fecha: string) =>
  reportarPagoDelCliente(caller, creditoId, monto, fecha, { clave: `reporte-${process.pid}-${++claves}` });

describe('gestiones de cobro', () => {
  it('registra llamadas y visitas con quién y cuándo, las lista de la más reciente a la más antigua con cursor, y valida en español', async () => {
    reloj.hoy = '2021-05-05';
    const { cliente } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: '2021-04-01' });
    const bodies = [
      { tipo: 'llamada', resultado: 'sin_respuesta' },
      { tipo: 'whatsapp', resultado: 'contactado', nota: '  Dice que paga el viernes  ' },
      { tipo: 'visita', resultado: 'promesa', nota: 'Visita en Heredia' },
    ];
    for (const [i, body] of bodies.entries()) {
      const caller = [COBRADOR, ANALISTA, ADMIN][i]!;
      const r = await call(registrarGestion, apiEvent('registrar-gestion', { caller, params: { id: credito.id }, body }));
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        ...body,
        nota: body.nota?.trim() ?? null,
        registrado_por: caller.sub,
        credito_id: credito.id,
      });
    }
    const p1 = await call(
      listarGestiones,
      apiEvent('listar-gestiones', { caller: COBRADOR, params: { id: credito.id }, query: { limit: '2' } }),
    );
    expect(p1.body.items.map((g: { tipo: string }) => g.tipo)).toEqual(['visita', 'whatsapp']);
    const p2 = await call(
      listarGestiones,
      apiEvent('listar-gestiones', {
        caller: COBRADOR,
        params: { id: credito.id },
        query: { limit: '2', cursor: p1.body.nextCursor },
      }),
    );
    expect(p2.body.items.map((g: { tipo: string }) => g.tipo)).toEqual(['llamada']);

    const mala = await call(
      registrarGestion,
      apiEvent('registrar-gestion', {
        caller: COBRADOR,
        params: { id: credito.id },
        body: { tipo: 'fax', resultado: 'x', nota: 'a'.repeat(1001) },
      }),
    );
    expect(mala.status).toBe(400);
    expect(mala.body.details).toEqual({
      tipo: 'Seleccione el tipo de gestión: llamada, WhatsApp, visita o correo',
      resultado: expect.stringContaining('Seleccione el resultado'),
      nota: 'La nota no puede superar 1000 caracteres',
    });
    const ninguno = await call(
      registrarGestion,
      apiEvent('registrar-gestion', { caller: COBRADOR, params: { id: 'NOEXISTE' }, body: bodies[0] }),
    );
    expect(ninguno.status).toBe(404);

    const items = await actividadesCon(credito.numero_credito);
    expect(items.filter((a) => String(a.descripcion).startsWith('Gestión de cobro'))).toHaveLength(3);
  });

  it('con Idempotency-Key un doble toque registra la gestión una sola vez', async () => {
    reloj.hoy = '2021-05-05';
    const { cliente } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: '2021-04-01' });
    const enviar = (nota: string) => {
      const e = apiEvent('registrar-gestion', {
        caller: COBRADOR,
        params: { id: credito.id },
        body: { tipo: 'llamada', resultado: 'contactado', nota },
      });
      e.headers = { 'idempotency-key': `gestion-${credito.id}` };
      return call(registrarGestion, e);
    };
    const [a, b] = await Promise.all([enviar('Paga el lunes'), enviar('Paga el lunes')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).toBe(a.body.id);
    const lista = await call(listarGestiones, apiEvent('listar-gestiones', { caller: COBRADOR, params: { id: credito.id } }));
    expect(lista.body.items).toHaveLength(1);
    // the same key with another request is refused
    expect((await enviar('Otra nota')).status).toBe(409);
  });

  it('una promesa solo con una cuota vencida o que vence a más tardar en la fecha prometida, de hoy a 30 días, por un monto que el crédito admite', async () => {
    reloj.hoy = '2021-05-05';
    const { cliente } = await clienteConUsuario();
    // first cuota due 2021-05-20
    const alDia = await creditoEnCartera({ cliente, desembolso: '2021-04-20' });
    const r = await prometer(alDia.id, { fecha: '2021-05-19', monto_centimos: 10_000_00 });
    expect(r).toMatchObject({ status: 409, body: { code: 'SIN_ATRASO' } });
    const antes = await prometer(alDia.id, { fecha: '2021-05-20', monto_centimos: 10_000_00 });
    expect(antes.status).toBe(201);

    reloj.hoy = '2021-05-20';
    const fuera = await prometer(alDia.id, { fecha: '2021-06-20', monto_centimos: 0 });
    expect(fuera.status).toBe(400);
    expect(fuera.body.details.monto_centimos).toBe('El monto prometido debe ser mayor a 0 (en céntimos enteros)');
    const lejos = await prometer(alDia.id, { fecha: '2021-06-20', monto_centimos: 1 });
    expect(lejos.body.details).toEqual({ fecha: 'La fecha de la promesa debe estar entre el 20/05/2021 y el 19/06/2021' });
    const pasada = await prometer(alDia.id, { fecha: '2021-05-19', monto_centimos: 1 });
    expect(pasada.body.details.fecha).toContain('20/05/2021');
    const mucho = await prometer(alDia.id, { fecha: '2021-05-25', monto_centimos: 5_000_000_00 });
    expect(mucho.body.details.monto_centimos).toMatch(/^El monto prometido no puede superar lo que el crédito admite hoy \(₡/);
    const sinFecha = await prometer(alDia.id, { monto_centimos: 1 });
    expect(sinFecha.body.details.fecha).toBe('Indique la fecha de la promesa');
  });

  it('promesa cumplida: el cliente recibe la notificación, paga en ventanilla dentro del plazo y el cierre del día siguiente la marca cumplida; repetir el cierre no cambia nada', async () => {
    const { credito, caller, cuota1 } = await creditoEnMora('2018-01-10', '2018-02-15', '2018-02-14');
    const r = await prometer(credito.id, { fecha: '2018-02-25', monto_centimos: cuota1 });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      estado: 'pendiente',
      fecha_creacion: '2018-02-15',
      monto_centimos: cuota1,
      registrado_por: COBRADOR.sub,
    });
    const avisos = await notificacionesDe(caller.sub, 'Promesa de pago registrada');
    expect(avisos).toHaveLength(1);
    expect(avisos[0]!.mensaje).toContain('25/02/2018');

    // the payment covers every overdue cuota: the engine's next revision moves to March, the promise keeps it on 2018-02-26
    reloj.hoy = '2018-02-20';
    const pago = await cobrar(credito.id, cuota1 + 5_000_00, '2018-02-20');
    expect(pago.status).toBe(201);
    const { credito: c } = await leerCredito(credito.id);
    expect(c.proxima_revision).toBe('2018-03-10');
    expect(c.gsi3sk).toBe(`2018-02-26#${credito.id}`);

    await cerrar('2018-02-25', '2018-02-24');
    expect((await promesas(credito.id))[0].estado).toBe('pendiente');
    await cerrar('2018-02-26', '2018-02-25');
    const [cumplida] = await promesas(credito.id);
    expect(cumplida).toMatchObject({ estado: 'cumplida', pagado_centimos: cuota1 + 5_000_00 });
    const despues = (await leerCredito(credito.id)).credito;
    expect(despues).toMatchObject({ promesa_abierta: null, promesa_incumplida: null });
    expect(despues.gsi3sk).toBe(`2018-03-10#${credito.id}`);

    const otra = await call(cerrarDia, apiEvent('cerrar-dia', { caller: ADMIN, body: { fecha: '2018-02-26' } }));
    expect(otra.body.fechas).toEqual([expect.objectContaining({ fecha: '2018-02-26', estado: 'ya_cerrado' })]);
    expect((await promesas(credito.id))[0]).toEqual(cumplida);
  });

  it('promesa incumplida: un pago menor deja la alerta en el crédito; una nueva promesa reemplaza y la limpia; ponerse al día también', async () => {
    const { credito, cuota1 } = await creditoEnMora('2019-01-10', '2019-02-15', '2019-02-14');
    // a payment the day before the promise is made does not count toward it
    reloj.hoy = '2019-02-15';
    expect((await cobrar(credito.id, 1_000_00, '2019-02-14')).status).toBe(201);
    const primera = await prometer(credito.id, { fecha: '2019-02-18', monto_centimos: 40_000_00 }, ANALISTA);
    expect(primera.status).toBe(201);
    const segunda = await prometer(credito.id, { fecha: '2019-02-20', monto_centimos: 40_000_00 });
    expect(segunda.status).toBe(201);
    const [nueva, reemplazada] = await promesas(credito.id);
    expect(nueva).toMatchObject({ id: segunda.body.id, estado: 'pendiente' });
    expect(reemplazada).toMatchObject({ id: primera.body.id, estado: 'reemplazada' });

    reloj.hoy = '2019-02-19';
    expect((await cobrar(credito.id, 39_999_99, '2019-02-19')).status).toBe(201);
    await cerrar('2019-02-21', '2019-02-20');
    expect((await promesas(credito.id))[0]).toMatchObject({ estado: 'incumplida', pagado_centimos: 39_999_99 });
    const { credito: c } = await leerCredito(credito.id);
    expect(c).toMatchObject({ promesa_incumplida: '2019-02-20', promesa_abierta: null, estado: 'vencido' });
    // replaying the close of that date changes nothing
    const otra = await call(cerrarDia, apiEvent('cerrar-dia', { caller: ADMIN, body: { fecha: '2019-02-21' } }));
    expect(otra.body.fechas[0].estado).toBe('ya_cerrado');
    expect((await leerCredito(credito.id)).credito.promesa_incumplida).toBe('2019-02-20');

    const tercera = await prometer(credito.id, { fecha: '2019-02-28', monto_centimos: 10_000_00 });
    expect(tercera.status).toBe(201);
    expect((await leerCredito(credito.id)).credito.promesa_incumplida).toBeNull();

    // broken again, then the customer catches up at the counter: the alert goes
    await cerrar('2019-03-01', '2019-02-28');
    expect((await leerCredito(credito.id)).credito.promesa_incumplida).toBe('2019-02-28');
    const cuotas = (await leerCredito(credito.id)).cuotas;
    const vencido = cuotas
      .filter((q) => !q.pagada && String(q.fecha_vencimiento) < '2019-03-01')
      .reduce(
        (s, q) =>
          s +
          Number(q.monto_total_centimos) +
          Number(q.monto_mora_centimos) -
          Number(q.pagado_capital_centimos) -
          Number(q.pagado_interes_centimos) -
          Number(q.pagado_mora_centimos) -
          Number(q.interes_condonado_centimos ?? 0),
        0,
      );
    expect(vencido).toBeGreaterThan(0);
    expect(vencido).toBeLessThan(cuota1 * 2);
    expect((await cobrar(credito.id, vencido, '2019-03-01')).status).toBe(201);
    expect((await leerCredito(credito.id)).credito).toMatchObject({ promesa_incumplida: null, dias_mora_max: 0 });
  });

  it('fuera de cartera: castigar anula la promesa abierta y no se admiten nuevas; un pago que cancela el crédito la da por cumplida', async () => {
    // first cuota due 2017-02-10: 120 días de mora by 2017-06-10
    const { credito } = await creditoEnMora('2017-01-10', '2017-06-10', '2017-06-09');
    expect((await prometer(credito.id, { fecha: '2017-06-20', monto_centimos: 10_000_00 })).status).toBe(201);
    const e = apiEvent('castigar-credito', {
      caller: ADMIN,
      params: { id: credito.id },
      body: { motivo: 'Cliente ilocalizable' },
    });
    e.headers = { 'idempotency-key': `castigo-${process.pid}-${++claves}` };
    expect((await call(castigar, e)).status).toBe(200);
    expect((await promesas(credito.id))[0]).toMatchObject({ estado: 'anulada', pagado_centimos: 0 });
    expect((await leerCredito(credito.id)).credito).toMatchObject({ estado: 'castigado', promesa_abierta: null });
    const otra = await prometer(credito.id, { fecha: '2017-06-20', monto_centimos: 10_000_00 });
    expect(otra).toMatchObject({
      status: 409,
      body: {
        code: 'CREDITO_FUERA_DE_CARTERA',
        message: 'El crédito no está en la cartera activa (castigado, cancelado o sin desembolsar): no admite promesas de pago',
      },
    });

    // paid off at the counter inside the promise's window: cumplida in the same transaction
    const { credito: otro } = await creditoEnMora('2017-03-10', '2017-06-11', '2017-06-10');
    expect((await prometer(otro.id, { fecha: '2017-06-20', monto_centimos: 50_000_00 })).status).toBe(201);
    reloj.hoy = '2017-06-12';
    const total = maximoAplicable((await cargarCredito(otro.id))!.cuotas, '2017-06-12');
    expect((await cobrar(otro.id, total, '2017-06-12')).status).toBe(201);
    expect((await leerCredito(otro.id)).credito).toMatchObject({ estado: 'cancelado', promesa_abierta: null });
    expect((await promesas(otro.id))[0]).toMatchObject({ estado: 'cumplida', pagado_centimos: total });
    expect((await prometer(otro.id, { fecha: '2017-06-20', monto_centimos: 1 })).body.code).toBe('CREDITO_CANCELADO');
  });

  it('un pago reportado dentro del plazo y aún sin conciliar pospone el juicio: aprobado, la promesa se cumple; sin decidir en 5 días, se incumple', async () => {
    const uno = await creditoEnMora('2016-01-10', '2016-02-14', '2016-02-13');
    const dos = await creditoEnMora('2016-01-08', '2016-02-15', '2016-02-14');
    for (const c of [uno, dos]) {
      expect((await prometer(c.credito.id, { fecha: '2016-02-20', monto_centimos: c.cuota1 })).status).toBe(201);
    }
    reloj.hoy = '2016-02-20';
    const reporte = await reportar(uno.caller, uno.credito.id, uno.cuota1, '2016-02-20');
    expect(reporte.status, JSON.stringify(reporte.body)).toBe(201);
    expect((await reportar(dos.caller, dos.credito.id, dos.cuota1, '2016-02-20')).status).toBe(201);

    await cerrar('2016-02-21', '2016-02-20');
    for (const c of [uno, dos]) {
      expect((await promesas(c.credito.id))[0].estado).toBe('pendiente');
      expect((await leerCredito(c.credito.id)).credito.promesa_incumplida ?? null).toBeNull();
    }
    // staff approve the first report (value date the reported day): the next close keeps the promise
    reloj.hoy = '2016-02-22';
    const ok = await call(aprobarPago, apiEvent('aprobar-pago', { caller: COBRADOR, params: { id: reporte.body.id } }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await cerrar('2016-02-22', '2016-02-21');
    expect((await promesas(uno.credito.id))[0]).toMatchObject({ estado: 'cumplida', pagado_centimos: uno.cuota1 });
    expect((await promesas(dos.credito.id))[0].estado).toBe('pendiente');
    // the second report is never decided: the wait ends 5 days after the promise's date
    await cerrar('2016-02-25', '2016-02-24');
    expect((await promesas(dos.credito.id))[0].estado).toBe('pendiente');
    await cerrar('2016-02-26', '2016-02-25');
    expect((await promesas(dos.credito.id))[0]).toMatchObject({ estado: 'incumplida', pagado_centimos: 0 });
    expect((await leerCredito(dos.credito.id)).credito.promesa_incumplida).toBe('2016-02-20');
  });
});
