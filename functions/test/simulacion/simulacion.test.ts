import { writeFileSync } from 'node:fs';
import { fechaNegocio, sumarDias } from '@cuota/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryAll, tableName } from '../../src/commons/db';
import { keys } from '../../src/commons/keys';
import { sembrarDemo, usuariosDemo } from '../demo-fixtures';
import { createRng } from '../../../infra/local/seed/demo-portfolio';
import { handler as cerrarDia } from '../../src/features/cierre/cerrar-dia';
import { handler as cierreProgramado } from '../../src/features/cierre/ejecutar-cierre-diario';
import { normalizarCuota, pendiente } from '../../src/features/cierre/domain';
import { handler as aprobarPago } from '../../src/features/pagos/aprobar-pago';
import { handler as rechazarPago } from '../../src/features/pagos/rechazar-pago';
import { handler as reportarPago } from '../../src/features/pagos/reportar-pago';
import { reportarPago as reportarPagoStore } from '../../src/features/pagos/service';
import { handler as analizarSolicitud } from '../../src/features/solicitudes/analizar-solicitud';
import { handler as aprobarSolicitud } from '../../src/features/solicitudes/aprobar-solicitud';
import { handler as crearSolicitud } from '../../src/features/solicitudes/crear-solicitud';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR } from '../events';
import { desembolsarSolicitud } from '../lending-fixtures';
import { clienteConUsuario, METODOS_PRUEBA, metodosDePrueba } from '../pagos-fixtures';
import { tablaPropia } from '../stream';
import { creditosEnEstados, revisarCartera, type Violacion } from './invariantes';

/*
 * A simulation of the whole lending engine: the real handlers on DynamoDB Local, over a business
 * date moved forward day by day (the system clock is faked, so "today" moves for every handler
 * alike), starting from the demo portfolio and disbursing new credits on the way. Each simulated
 * day customers report payments (on time, late, early, partial, larger than due, dated days back),
 * staff approve some at once, some days later and reject others; the close runs most nights,
 * sometimes not for days (a catch-up gap), sometimes the scheduled run races a manual one. After
 * every step every invariant of every credit is checked (invariantes.ts).
 *
 * Seeded and reproducible: SIMULACION_SEMILLA, SIMULACION_DIAS (default 30 here; `npm run bench`
 * runs a long one), SIMULACION_INFORME (a JSON file for the report).
 */

const DIAS = Number(process.env.SIMULACION_DIAS ?? 30);
const SEMILLA = Number(process.env.SIMULACION_SEMILLA ?? 20261125);
const rng = createRng(SEMILLA);
const inicio = new Date();
const hoyReal = fechaNegocio(inicio, 'America/Costa_Rica');

/** Noon in Costa Rica on `fecha`: the faked clock of the simulated day. */
const mediodia = (fecha: string, minutos = 0) => new Date(Date.parse(`${fecha}T18:00:00.000Z`) + minutos * 60_000);

const usuarios = usuariosDemo('sim-cliente-u');

const informe = {
  semilla: SEMILLA,
  dias: 0,
  creditos_max: 0,
  pasos: 0,
  comprobaciones: 0,
  pagos_reportados: 0,
  pagos_aprobados: 0,
  pagos_aprobados_tarde: 0,
  pagos_rechazados: 0,
  reportes_refusados: 0,
  aprobaciones_refusadas: 0,
  creditos_nuevos: 0,
  cierres: 0,
  brechas: 0,
  carreras: 0,
  segundos: 0,
};
const violaciones: Violacion[] = [];

let productos: { id: string; plazo_minimo_meses: number; plazo_maximo_meses: number; monto_minimo_centimos: number }[] = [];
const usuariosDeCliente = new Map<string, string>();

async function revisar(fecha: string, cierreHecho: boolean) {
  const r = await revisarCartera({ fecha, cierreHecho });
  informe.pasos++;
  informe.comprobaciones += r.comprobaciones;
  informe.creditos_max = Math.max(informe.creditos_max, r.creditos);
  violaciones.push(...r.violaciones.map((v) => ({ ...v, detalle: `${fecha}${cierreHecho ? ' (cerrado)' : ''}: ${v.detalle}` })));
  if (r.violaciones.length > 0)
    throw new Error(`invariantes violadas el ${fecha}: ${JSON.stringify(r.violaciones.slice(0, 3), null, 1)}`);
}

const creditosPorCobrar = () => creditosEnEstados(['vigente', 'al_dia', 'vencido']);

async function pendientesDeConciliar() {
  const { items } = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': 'PAGOS#registrado' },
  });
  return items;
}

/** A customer reports a payment: an amount a real customer would pay, dated today or some days back. */
async function reportar(credito: Record<string, unknown>, hoy: string) {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
    ExpressionAttributeValues: { ':pk': keys.credito(String(credito.id)).pk, ':c': 'CUOTA#' },
    ConsistentRead: true,
  });
  const cuotas = items.map(normalizarCuota).filter((c) => !c.pagada);
  if (cuotas.length === 0) return;
  const atrasadas = cuotas.filter((c) => c.fecha_vencimiento < hoy);
  const proxima = pendiente(cuotas[0]!).total;
  const alDia = atrasadas.reduce((s, c) => s + pendiente(c).total, 0);
  const tipo = rng.pick(['cuota', 'cuota', 'al_dia', 'parcial', 'doble', 'anticipo'] as const);
  const monto = Math.max(
    100,
    tipo === 'cuota'
      ? proxima
      : tipo === 'al_dia'
        ? alDia || proxima
        : tipo === 'parcial'
          ? Math.floor(proxima * (0.2 + rng.next() * 0.6))
          : tipo === 'doble'
            ? 2 * proxima
            : proxima + rng.int(1, 50) * 10_000_00,
  );
  const atras = rng.chance(0.4) ? rng.int(1, 7) : 0;
  const desembolso = String(credito.fecha_desembolso);
  const fecha = sumarDias(hoy, -atras) < desembolso ? desembolso : sumarDias(hoy, -atras);
  const datos = { credito_id: String(credito.id), monto_centimos: monto, fecha_pago: fecha, canal: METODOS_PRUEBA.sinReferencia };
  const usuario = usuariosDeCliente.get(String(credito.cliente_id));
  if (usuario) {
    const res = await call(reportarPago, apiEvent('reportar-pago', { caller: { sub: usuario }, body: datos }));
    if (res.status === 201) informe.pagos_reportados++;
    else if (res.status === 400) informe.reportes_refusados++;
    else throw new Error(`reportar ${res.status}: ${JSON.stringify(res.body)}`);
    return;
  }
  // demo clients without a portal user: the same use case the handler runs, for their own credit
  try {
    await reportarPagoStore({
      caller: {
        userId: `sim-${String(credito.cliente_id)}`,
        email: 'cliente@prueba.cr',
        nombre: null,
        apellido: null,
        roles: [],
        isStaff: false,
      },
      clienteId: String(credito.cliente_id),
      datos: { ...datos, referencia_pago: null, referencia_externa: null },
      tipo: 'reporte',
      clave: null,
    });
    informe.pagos_reportados++;
  } catch (error) {
    if ((error as Error).name !== 'ValidationError') throw error;
    informe.reportes_refusados++;
  }
}

async function conciliar(hoy: string) {
  for (const pago of await pendientesDeConciliar()) {
    const edad = Math.max(0, Math.round((Date.parse(hoy) - Date.parse(String(pago.created_at).slice(0, 10))) / 86_400_000));
    const suerte = rng.next();
    if (suerte < 0.1) {
      const res = await call(
        rechazarPago,
        apiEvent('rechazar-pago', { caller: COBRADOR, params: { id: String(pago.id) }, body: {} }),
      );
      expect(res.status).toBe(200);
      informe.pagos_rechazados++;
    } else if (suerte < 0.6 || edad > 6) {
      const res = await call(
        aprobarPago,
        apiEvent('aprobar-pago', { caller: rng.chance(0.5) ? ADMIN : COBRADOR, params: { id: String(pago.id) }, body: {} }),
      );
      if (res.status === 200) {
        informe.pagos_aprobados++;
        if (String(res.body.fecha_valor) < hoy) informe.pagos_aprobados_tarde++;
      } else if (res.status === 409 && res.body.code === 'PAGO_EXCEDE_DEUDA') {
        informe.aprobaciones_refusadas++;
        const r = await call(
          rechazarPago,
          apiEvent('rechazar-pago', { caller: COBRADOR, params: { id: String(pago.id) }, body: {} }),
        );
        expect(r.status).toBe(200);
      } else {
        throw new Error(`aprobar ${res.status}: ${JSON.stringify(res.body)}`);
      }
    }
    // else: left for another day (approved later, on its value date)
  }
}

async function desembolsar() {
  const { cliente, caller } = await clienteConUsuario();
  usuariosDeCliente.set(cliente.id, caller.sub);
  const p = rng.pick(productos);
  const plazo = rng.int(p.plazo_minimo_meses, Math.min(p.plazo_maximo_meses, 24));
  const monto = p.monto_minimo_centimos + rng.int(0, 20) * 25_000_00;
  const s = await call(
    crearSolicitud,
    apiEvent('crear-solicitud', {
      caller: ANALISTA,
      body: { cliente_id: cliente.id, producto_id: p.id, monto_solicitado_centimos: monto, plazo_meses: plazo },
    }),
  );
  expect(s.status).toBe(201);
  const id = String(s.body.id);
  expect((await call(analizarSolicitud, apiEvent('analizar-solicitud', { caller: ANALISTA, params: { id } }))).status).toBe(200);
  const a = await call(aprobarSolicitud, apiEvent('aprobar-solicitud', { caller: ANALISTA, params: { id } }));
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  // disbursed by an administrator (maker-checker: not the approver) with the default first due date
  const d = await desembolsarSolicitud(id, { caller: ADMIN });
  expect(d.status, JSON.stringify(d.body)).toBe(200);
  informe.creditos_nuevos++;
}

async function cerrar(hoy: string) {
  if (rng.chance(0.15)) {
    informe.carreras++;
    const [programado, manual] = await Promise.all([
      cierreProgramado(),
      call(cerrarDia, apiEvent('cerrar-dia', { caller: ADMIN, body: {} })),
    ]);
    expect(manual.status).toBe(200);
    // whichever lost the date answers en_curso; finish what is left
    if (programado.pendientes > 0 || manual.body.pendientes > 0) await cierreProgramado();
  } else {
    await cierreProgramado();
  }
  informe.cierres++;
  const r = await call(cerrarDia, apiEvent('cerrar-dia', { caller: ADMIN, body: {} }));
  expect(r.body).toMatchObject({ pendientes: 0, ultimo_cierre: hoy });
  expect(r.body.fechas.flatMap((f: { creditos_con_error: string[] }) => f.creditos_con_error)).toEqual([]);
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(inicio);
  await tablaPropia('cuota-simulacion', { stream: false });
  await metodosDePrueba();
  await sembrarDemo(usuarios, inicio);
  const { items } = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.productosActivos() },
  });
  productos = items as never;
}, 300_000);

afterAll(() => {
  vi.useRealTimers();
  informe.segundos = Math.round((Date.now() - inicio.getTime()) / 1000);
  if (process.env.SIMULACION_INFORME)
    writeFileSync(process.env.SIMULACION_INFORME, JSON.stringify({ ...informe, violaciones }, null, 2));
});

describe(`simulación del motor de crédito (SIMULACION_SEMILLA=${SEMILLA}, ${DIAS} días)`, () => {
  it('cada invariante de cada crédito se cumple después de cada paso, con la fecha de negocio avanzando día a día', async () => {
    await revisar(hoyReal, true);
    let brecha = 0;
    for (let k = 1; k <= DIAS; k++) {
      const hoy = sumarDias(hoyReal, k);
      vi.setSystemTime(mediodia(hoy));
      informe.dias = k;

      if (k === 1 || rng.chance(0.08)) await desembolsar();
      const porCobrar = await creditosPorCobrar();
      for (let i = 0; i < 3 && porCobrar.length > 0; i++) await reportar(rng.pick(porCobrar), hoy);
      vi.setSystemTime(mediodia(hoy, 30));
      await conciliar(hoy);
      await revisar(hoy, false);

      // most nights the close runs; some nights it does not, and the next run catches up the gap
      if (brecha > 0) {
        brecha--;
      } else if (rng.chance(0.08)) {
        brecha = rng.int(1, 6);
        informe.brechas++;
      }
      if (brecha === 0 || k === DIAS) {
        vi.setSystemTime(mediodia(hoy, 60));
        await cerrar(hoy);
        await revisar(hoy, true);
      }
    }
    expect(violaciones).toEqual([]);
    expect(informe.pagos_aprobados).toBeGreaterThan(0);
    expect(informe.pagos_aprobados_tarde).toBeGreaterThan(0);
  }, 1_800_000);
});
