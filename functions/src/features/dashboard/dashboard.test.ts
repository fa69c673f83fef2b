import type { _Record } from '@aws-sdk/client-dynamodb-streams';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { CREDITO_ESTADOS, fechaNegocio, formatMillions, type Cliente } from '@cuota/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { sembrarDemo, usuariosDemo } from '../../../test/demo-fixtures';
import { leerCartera, type CarteraLeida } from '../../../../infra/local/seed/demo-data';
import type { Item } from '../../../../infra/local/seed/demo-portfolio';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR } from '../../../test/events';
import { LectorStream, tablaPropia } from '../../../test/stream';
import { ddb, tableName } from '#commons/db';
import { handler as consumidor } from './agregados-stream';
import { porcentaje } from './domain';
import { handler as listarActividad } from './listar-actividad';
import { handler as obtenerDashboard } from './obtener-dashboard';
import { handler as obtenerMonitoreo } from './obtener-monitoreo';

/**
 * The demo portfolio `npm start` loads, written to a table of this file's own, flows through the
 * real stream into the consumer; the API's figures are then compared with a brute-force
 * recomputation over the very items that were written.
 */
const ahora = new Date();
const hoy = fechaNegocio(ahora);
const usuarios = usuariosDemo('demo-cliente-u');
const CLIENTE = { sub: usuarios.cliente.userId };

let lector: LectorStream;
let registrosSemilla: _Record[] = [];
let portfolio: CarteraLeida;
let clientes: Cliente[];

async function entregar(registros: _Record[], lote = 100) {
  for (let i = 0; i < registros.length; i += lote) await consumidor({ Records: registros.slice(i, i + lote) } as never);
}

beforeAll(async () => {
  const tabla = await tablaPropia('cuota-dashboard');
  lector = new LectorStream(tabla.streamArn);
  await sembrarDemo(usuarios, ahora);
  // every item the engine wrote for the demo portfolio, as stored
  portfolio = await leerCartera();
  clientes = portfolio.clientes as unknown as Cliente[];
  registrosSemilla = await lector.nuevos();
  await entregar(registrosSemilla);
}, 300_000);

// ---------------------------------------------------------------- brute force, straight from the items

const ACTIVOS = ['vigente', 'al_dia', 'vencido'];
const n = (v: unknown) => (typeof v === 'number' ? v : 0);
const suma = (xs: Item[], f: (x: Item) => number) => xs.reduce((s, x) => s + f(x), 0);
const dias = (desde: string, hasta: string) =>
  Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);

function atraso(c: Item): number {
  if (typeof c.dias_mora_max === 'number') return c.dias_mora_max;
  const pv = c.proximo_vencimiento as string | null | undefined;
  return pv && pv < hoy ? dias(pv, hoy) : 0;
}

function esperado() {
  const creditos = portfolio.creditos;
  const activos = creditos.filter((c) => ACTIVOS.includes(String(c.estado)));
  const cartera = suma(activos, (c) => n(c.saldo_capital_centimos));
  const vencidos = creditos.filter((c) => c.estado === 'vencido').length;
  const tramo = (min: number, max: number) => activos.filter((c) => atraso(c) >= min && atraso(c) <= max);
  const tramos = { '1_30': tramo(1, 30), '31_60': tramo(31, 60), '61_90': tramo(61, 90), mas_90: tramo(91, 100_000) };
  const par30 = suma(
    activos.filter((c) => atraso(c) > 30),
    (c) => n(c.saldo_capital_centimos),
  );
  const pendientes = portfolio.solicitudes
    .filter((s) => s.estado === 'enviado' || s.estado === 'en_analisis')
    .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
  const conciliados = portfolio.pagos.filter((p) => p.estado === 'conciliado');
  const meses: string[] = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(Number(hoy.slice(0, 4)), Number(hoy.slice(5, 7)) - 1 - i, 1));
    meses.push(d.toISOString().slice(0, 7));
  }
  // the 7 Costa Rican calendar days ending today
  const desde = new Date(Date.parse(`${hoy}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  const nuevos = clientes.filter((c) => fechaNegocio(new Date(c.created_at)) >= desde).length;
  const diasPendiente = pendientes.length
    ? Math.floor((ahora.getTime() - Date.parse(String(pendientes[0]!.created_at))) / 86_400_000)
    : 0;
  return {
    cartera,
    vencidos,
    activos: activos.length,
    porEstado: CREDITO_ESTADOS.map((estado) => {
      const xs = creditos.filter((c) => c.estado === estado);
      return { estado, creditos: xs.length, saldo_capital_centimos: suma(xs, (c) => n(c.saldo_capital_centimos)) };
    }),
    mora: suma(creditos, (c) => n(c.saldo_mora_centimos)),
    conMora: creditos.filter((c) => n(c.saldo_mora_centimos) > 0).length,
    aging: Object.entries(tramos).map(([t, xs]) => ({
      tramo: t,
      creditos: xs.length,
      saldo_capital_centimos: suma(xs, (c) => n(c.saldo_capital_centimos)),
    })),
    par30,
    pendientes,
    diasPendiente,
    mensual: meses.map((mes) => {
      const desembolsados = creditos.filter((c) => String(c.fecha_desembolso).startsWith(mes));
      const cobrados = conciliados.filter((p) => String(p.fecha_pago).startsWith(mes));
      return {
        mes,
        desembolsos: desembolsados.length,
        desembolsado_centimos: suma(desembolsados, (c) => n(c.monto_principal_centimos)),
        cobros: cobrados.length,
        cobrado_centimos: suma(cobrados, (p) => n(p.monto_centimos)),
      };
    }),
    pagosHoy: conciliados.filter((p) => p.fecha_pago === hoy),
    vigentes: creditos.filter((c) => c.estado === 'vigente').length,
    clientes: {
      total: clientes.length,
      nuevos_7_dias: nuevos,
      kyc_completo: clientes.filter((c) => c.kyc_completado).length,
      por_riesgo: {
        bajo: clientes.filter((c) => c.riesgo === 'bajo').length,
        medio: clientes.filter((c) => c.riesgo === 'medio').length,
        alto: clientes.filter((c) => c.riesgo === 'alto').length,
        sin_riesgo: clientes.filter((c) => !c.riesgo).length,
      },
    },
    actividad: [...portfolio.actividades].sort((a, b) => String(b.sk).localeCompare(String(a.sk))),
    noLeidasDemo: portfolio.notificaciones.filter((x) => !x.leida).length,
  };
}

describe('agregados sobre la cartera de demostración', () => {
  it('el stream de la semilla trae los ítems de la cartera', () => {
    expect(registrosSemilla.length).toBeGreaterThan(portfolio.creditos.length + portfolio.pagos.length + clientes.length);
  });

  it('GET /api/dashboard coincide con un recálculo directo sobre los ítems escritos', async () => {
    const e = esperado();
    const res = await call(obtenerDashboard, apiEvent('obtener-dashboard', { caller: ADMIN }));
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.fecha_negocio).toBe(hoy);
    // the credit lines (Σ saldo_capital per client, kept by every capital change) add up to the same
    expect(e.cartera).toBe(suma(portfolio.lineas, (l) => n(l.usado_centimos)));
    expect(d.tarjetas).toEqual({
      cartera_activa_centimos: e.cartera,
      cartera_activa_texto: formatMillions(e.cartera),
      total_clientes: e.clientes.total,
      solicitudes_pendientes: e.pendientes.length,
      creditos_activos: e.activos,
      creditos_vencidos: e.vencidos,
      tasa_morosidad: porcentaje(e.vencidos, Math.max(1, e.activos), 1),
    });
    expect(d.cartera.por_estado).toEqual(e.porEstado);
    expect(d.cartera.saldo_mora_centimos).toBe(e.mora);
    expect(d.cartera.creditos_con_mora).toBe(e.conMora);
    expect(d.cartera.aging).toEqual(e.aging);
    expect(d.cartera.par30).toEqual({ capital_centimos: e.par30, porcentaje: porcentaje(e.par30, e.cartera, 2) });
    expect(d.mensual).toEqual(e.mensual);
    expect(d.clientes).toEqual(e.clientes);
    expect(d.solicitudes_pendientes.map((s: { id: string }) => s.id)).toEqual(e.pendientes.slice(0, 3).map((s) => s.id));
    expect(d.solicitudes_pendientes[0]).toMatchObject({
      cliente_nombre: e.pendientes[0]!.cliente_nombre,
      cliente_apellido: e.pendientes[0]!.cliente_apellido,
      dias_sin_procesar: e.diasPendiente,
    });
    // the 5 newest operations: sign-ins are left out
    expect(d.actividad_reciente.map((a: { id: string }) => a.id)).toEqual(
      e.actividad
        .filter((a) => a.tipo_actividad !== 'login')
        .slice(0, 5)
        .map((a) => a.id),
    );
    const alertas = [
      ...(e.vencidos > 5 ? [`${e.vencidos} créditos en estado vencido requieren atención`] : []),
      ...(e.diasPendiente > 3 ? [`Solicitud más antigua tiene ${e.diasPendiente} días sin procesar`] : []),
    ];
    expect(d.alertas.map((a: { mensaje: string }) => a.mensaje)).toEqual(alertas);
    // the demo portfolio is built to exercise every figure
    expect(e.aging.every((t) => t.creditos > 0)).toBe(true);
    expect(e.pagosHoy.length).toBeGreaterThan(0);
  });

  it('GET /api/monitoreo coincide con el recálculo y cuenta las notificaciones sin leer de quien llama', async () => {
    const e = esperado();
    const staff = await call(obtenerMonitoreo, apiEvent('obtener-monitoreo', { caller: COBRADOR }));
    expect(staff.status).toBe(200);
    expect(staff.body).toEqual({
      fecha_negocio: hoy,
      alertas: 0,
      clientes_activos: e.clientes.total,
      solicitudes_pendientes: e.pendientes.length,
      prestamos_vigentes: e.vigentes,
      pagos_recibidos_hoy_centimos: suma(e.pagosHoy, (p) => n(p.monto_centimos)),
      pagos_recibidos_hoy: e.pagosHoy.length,
      mora_total_centimos: e.mora,
      creditos_con_mora: e.conMora,
      clientes_nuevos_7_dias: e.clientes.nuevos_7_dias,
    });
    // the unread counter of the demo customer (read through the notifications route elsewhere)
    const contador = await ddb.send(
      new GetCommand({ TableName: tableName(), Key: { pk: `USUARIO#${usuarios.cliente.userId}`, sk: 'NOTIF_NO_LEIDAS' } }),
    );
    expect(contador.Item?.no_leidas).toBe(e.noLeidasDemo);
  });

  it('volver a entregar todo el stream, repetido y al revés, no cambia ninguna cifra', async () => {
    const antes = (await call(obtenerDashboard, apiEvent('obtener-dashboard', { caller: ADMIN }))).body;
    await entregar([...registrosSemilla].reverse(), 37);
    await entregar(registrosSemilla, 250);
    const despues = (await call(obtenerDashboard, apiEvent('obtener-dashboard', { caller: ADMIN }))).body;
    expect(despues).toEqual(antes);
  });

  it('GET /api/actividad lista la más reciente primero, 10 por defecto, y pagina con cursor', async () => {
    const e = esperado();
    const first = await call(listarActividad, apiEvent('listar-actividad', { caller: ANALISTA }));
    expect(first.status).toBe(200);
    expect(first.body.items.map((a: { id: string }) => a.id)).toEqual(e.actividad.slice(0, 10).map((a) => a.id));
    const second = await call(
      listarActividad,
      apiEvent('listar-actividad', { caller: ANALISTA, query: { limit: '4', cursor: first.body.nextCursor } }),
    );
    expect(second.body.items.map((a: { id: string }) => a.id)).toEqual(e.actividad.slice(10, 14).map((a) => a.id));
    // staff names come from their profiles (with email), customers' from the entry
    const deStaff = first.body.items.find((a: { user_id: string }) => a.user_id === ADMIN.sub);
    expect(deStaff).toMatchObject({ user_nombre: 'Adriana Vargas', user_email: 'admin@demo.cr' });
    const delCliente = first.body.items.find((a: { user_id: string }) => a.user_id === usuarios.cliente.userId);
    expect(delCliente).toMatchObject({ user_nombre: 'Carolina Mora', user_email: null });
    const invalid = await call(listarActividad, apiEvent('listar-actividad', { caller: ANALISTA, query: { limit: '0' } }));
    expect(invalid).toMatchObject({ status: 400, body: { details: { limit: 'El límite mínimo es 1' } } });
  });
});

describe('acceso a dashboard, monitoreo y actividad', () => {
  it('cualquier rol de personal puede leerlos', async () => {
    for (const caller of [ADMIN, ANALISTA, COBRADOR]) {
      expect((await call(obtenerDashboard, apiEvent('obtener-dashboard', { caller }))).status).toBe(200);
      expect((await call(obtenerMonitoreo, apiEvent('obtener-monitoreo', { caller }))).status).toBe(200);
      expect((await call(listarActividad, apiEvent('listar-actividad', { caller }))).status).toBe(200);
    }
  });

  it('un cliente recibe 403 con el mensaje de permisos y sin token 401', async () => {
    for (const [h, id] of [
      [obtenerDashboard, 'obtener-dashboard'],
      [obtenerMonitoreo, 'obtener-monitoreo'],
      [listarActividad, 'listar-actividad'],
    ] as const) {
      expect(await call(h, apiEvent(id, { caller: CLIENTE }))).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'No tienes permisos para realizar esta acción' },
      });
      expect((await call(h, apiEvent(id))).status).toBe(401);
    }
  });
});
