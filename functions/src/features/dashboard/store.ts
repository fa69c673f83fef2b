import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  fechaNegocio,
  formatMillions,
  type Actividad,
  type Dashboard,
  type FiltroActividad,
  type Monitoreo,
  type Page,
  type SolicitudPendiente,
} from '@cuota/shared';
import { batchGetAll, ddb, tableName } from '#commons/db';
import { paginaReciente } from '#commons/pagina';
import { aggKeys, keys } from '#commons/keys';
import { logger } from '#commons/logger';
import { campo, zonaHoraria } from './agregados-store';
import { alertasDashboard, cifrasCartera, diasDesde, ultimosDias, ultimosMeses } from './domain';
import {
  PARTICION_ACTIVIDAD,
  PARTICION_ACTIVIDAD_OPERACIONES,
  particionActividadTipo,
  particionActividadUsuario,
  TIPO_INICIO_SESION,
  vistasDeActividad,
} from '#entities/actividad';
import { particionSolicitudesEstado } from '#entities/solicitud';

const ACTIVIDAD_PK = PARTICION_ACTIVIDAD;
const PENDIENTES = ['enviado', 'en_analisis'] as const;

/** An aggregate item as read; undefined while nothing has been counted in it. */
type Agg = Record<string, unknown> | undefined;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/**
 * The `n` oldest pending solicitudes: the first `n` of each pending estado's partition on gsi3
 * (ascending by created_at), merged. Two queries of at most `n` items whatever the backlog.
 */
export async function pendientesMasAntiguas(n: number, ahora: Date): Promise<SolicitudPendiente[]> {
  const partes = await Promise.all(
    PENDIENTES.map((estado) =>
      ddb.send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'gsi3',
          KeyConditionExpression: 'gsi3pk = :pk',
          ExpressionAttributeValues: { ':pk': particionSolicitudesEstado(estado) },
          ScanIndexForward: true,
          Limit: n,
        }),
      ),
    ),
  );
  return partes
    .flatMap((p) => p.Items ?? [])
    .sort((a, b) => String(a.gsi3sk).localeCompare(String(b.gsi3sk)))
    .slice(0, n)
    .map((s) => ({
      id: String(s.id),
      numero_solicitud: String(s.numero_solicitud ?? ''),
      cliente_id: String(s.cliente_id ?? ''),
      cliente_nombre: String(s.cliente_nombre ?? ''),
      cliente_apellido: String(s.cliente_apellido ?? ''),
      producto_nombre: str(s.producto_nombre),
      monto_solicitado_centimos: num(s.monto_solicitado_centimos) ?? 0,
      plazo_meses: num(s.plazo_meses) ?? 0,
      estado: s.estado as SolicitudPendiente['estado'],
      score: num(s.score),
      riesgo_calculado: str(s.riesgo_calculado),
      created_at: String(s.created_at),
      dias_sin_procesar: diasDesde(String(s.created_at), ahora),
    }));
}

/**
 * Activity entries newest first. The user's name comes from the staff profile when there is one
 * (spec §7: profile nombre, apellido and email), else from the name stored with the entry
 * (customers, and staff without a profile).
 */
export async function listarActividad(opts: {
  limit: number;
  cursor?: string;
  tipo?: FiltroActividad;
  usuario?: string;
}): Promise<Page<Actividad>> {
  const { items, nextCursor } = await leerActividad(opts);
  const usuarios = [...new Set(items.map((i) => str(i.user_id)).filter((u): u is string => Boolean(u)))];
  const perfiles = usuarios.length ? await batchGetAll(usuarios.map((u) => keys.perfil(u))) : [];
  const perfilDe = new Map(usuarios.map((u, i) => [u, perfiles[i]]));
  return {
    items: items.map((i) => {
      const perfil = perfilDe.get(String(i.user_id)) ?? {};
      const nombrePerfil = perfil.nombre ? [perfil.nombre, perfil.apellido].filter(Boolean).join(' ') : null;
      return {
        id: String(i.id),
        tipo_actividad: String(i.tipo_actividad),
        descripcion: String(i.descripcion ?? ''),
        user_id: str(i.user_id),
        user_nombre: nombrePerfil ?? str(i.user_nombre),
        user_email: str(perfil.email),
        created_at: String(i.created_at),
      };
    }),
    nextCursor,
  };
}

/**
 * One page of the feed, from the view that holds exactly what was asked (entities/actividad.ts):
 * the whole partition, a kind's, the operations' (no sign-ins) or a user's. A user's entries of
 * one kind (or without sign-ins) are that user's view filtered, read on until the page is full:
 * bounded by one person's activity and by PAGINAS_FILTRADAS × `limit` entries examined, past which
 * the page comes back short with the cursor to go on.
 */
function leerActividad(opts: { limit: number; cursor?: string; tipo?: FiltroActividad; usuario?: string }) {
  const { tipo, usuario } = opts;
  const pagina = { limit: opts.limit, cursor: opts.cursor };
  if (usuario) {
    const filtro = !tipo
      ? undefined
      : tipo === 'operaciones'
        ? { expresion: 'tipo_actividad <> :t', valores: { ':t': TIPO_INICIO_SESION } }
        : { expresion: 'tipo_actividad = :t', valores: { ':t': tipo } };
    return paginaReciente({ pk: particionActividadUsuario(usuario), indice: 'gsi3', filtro }, pagina, (i) => i);
  }
  if (tipo === 'operaciones') return paginaReciente({ pk: PARTICION_ACTIVIDAD_OPERACIONES, indice: 'gsi2' }, pagina, (i) => i);
  if (tipo) return paginaReciente({ pk: particionActividadTipo(tipo), indice: 'gsi1' }, pagina, (i) => i);
  return paginaReciente({ pk: ACTIVIDAD_PK }, pagina, (i) => i);
}

/** The dashboard (spec §2, §9) from ~25 aggregate items, two 3-item queries and one 5-item query. */
export async function obtenerDashboard(ahora = new Date()): Promise<Dashboard> {
  const hoy = fechaNegocio(ahora, await zonaHoraria());
  const meses = ultimosMeses(hoy, 12);
  const dias = ultimosDias(hoy, 7);
  const [agregados, pendientes, actividad] = await Promise.all([
    batchGetAll([
      aggKeys.cartera(),
      aggKeys.solicitudes(),
      aggKeys.clientesTotal(),
      aggKeys.clientesPerfil(),
      ...dias.map((d) => aggKeys.clientesNuevosDia(d)),
      ...meses.map((m) => aggKeys.mes(m)),
    ]),
    pendientesMasAntiguas(3, ahora),
    // the operations, not the sign-ins, which would fill it (as in the monitoring feed's default)
    listarActividad({ limit: 5, tipo: 'operaciones' }),
  ]);
  const [cartera, solicitudes, clientesTotal, clientesPerfil, ...resto] = agregados as [Agg, Agg, Agg, Agg, ...Agg[]];
  const porDia = resto.slice(0, dias.length);
  const porMes = resto.slice(dias.length);

  const c = cifrasCartera(cartera);
  if (c.incoherencias.length > 0) logger.warn('agregado de cartera incoherente', { incoherencias: c.incoherencias });
  const pendientesTotal = PENDIENTES.reduce((s, e) => s + campo(solicitudes, `solicitudes_${e}`), 0);
  const totalClientes = campo(clientesTotal, 'total');
  const nuevos = porDia.reduce((s, d) => s + campo(d, 'nuevos'), 0);

  return {
    fecha_negocio: hoy,
    tarjetas: {
      cartera_activa_centimos: c.cartera_activa_centimos,
      cartera_activa_texto: formatMillions(c.cartera_activa_centimos),
      total_clientes: totalClientes,
      solicitudes_pendientes: pendientesTotal,
      creditos_activos: c.creditos_activos,
      creditos_vencidos: c.creditos_vencidos,
      tasa_morosidad: c.tasa_morosidad,
    },
    alertas: alertasDashboard(c.creditos_vencidos, pendientes[0]?.dias_sin_procesar ?? null),
    solicitudes_pendientes: pendientes,
    actividad_reciente: actividad.items,
    cartera: {
      por_estado: c.por_estado,
      saldo_mora_centimos: c.saldo_mora_centimos,
      creditos_con_mora: c.creditos_con_mora,
      par30: c.par30,
      aging: c.aging,
    },
    mensual: meses.map((mes, i) => resumenMensual(mes, porMes[i])),
    clientes: resumenClientes(totalClientes, nuevos, clientesPerfil),
  };
}

/** One month of the dashboard's chart: disbursements and collections, from the month's aggregate. */
function resumenMensual(mes: string, m: Agg): Dashboard['mensual'][number] {
  return {
    mes,
    desembolsos: campo(m, 'desembolsos'),
    desembolsado_centimos: campo(m, 'desembolsado_centimos'),
    cobros: campo(m, 'cobros'),
    cobrado_centimos: campo(m, 'cobrado_centimos'),
  };
}

/** The clients card: total, new in 7 days, KYC complete and the count per risk level. */
function resumenClientes(total: number, nuevos: number, perfil: Agg): Dashboard['clientes'] {
  return {
    total,
    nuevos_7_dias: nuevos,
    kyc_completo: campo(perfil, 'kyc_completo'),
    por_riesgo: {
      bajo: campo(perfil, 'riesgo_bajo'),
      medio: campo(perfil, 'riesgo_medio'),
      alto: campo(perfil, 'riesgo_alto'),
      sin_riesgo: campo(perfil, 'riesgo_sin_riesgo'),
    },
  };
}

/** Monitoring cards (spec §2 Monitoreo Operativo) from 11 aggregate items, one BatchGet. */
export async function obtenerMonitoreo(userId: string, ahora = new Date()): Promise<Monitoreo> {
  const hoy = fechaNegocio(ahora, await zonaHoraria());
  const dias = ultimosDias(hoy, 7);
  const [cartera, solicitudes, clientesTotal, pagosHoy, noLeidas, ...porDia] = (await batchGetAll([
    aggKeys.cartera(),
    aggKeys.solicitudes(),
    aggKeys.clientesTotal(),
    aggKeys.pagosDia(hoy),
    aggKeys.notificacionesNoLeidas(userId),
    ...dias.map((d) => aggKeys.clientesNuevosDia(d)),
  ])) as [Agg, Agg, Agg, Agg, Agg, ...Agg[]];
  return {
    fecha_negocio: hoy,
    alertas: Math.max(0, campo(noLeidas, 'no_leidas')),
    clientes_activos: campo(clientesTotal, 'total'),
    solicitudes_pendientes: PENDIENTES.reduce((s, e) => s + campo(solicitudes, `solicitudes_${e}`), 0),
    prestamos_vigentes: campo(cartera, 'creditos_vigente'),
    pagos_recibidos_hoy_centimos: campo(pagosHoy, 'recibidos_centimos'),
    pagos_recibidos_hoy: campo(pagosHoy, 'recibidos'),
    mora_total_centimos: campo(cartera, 'mora_centimos'),
    creditos_con_mora: campo(cartera, 'creditos_con_mora'),
    clientes_nuevos_7_dias: porDia.reduce((s, d) => s + campo(d, 'nuevos'), 0),
  };
}

// ---------------------------------------------------------------- activity views of older entries

/** What one run of 'indexar-actividad' did; `nextCursor` (null at the end) continues it. */
export interface IndexadoActividad {
  revisadas: number;
  indexadas: number;
  nextCursor: string | null;
}

/** Entries 'indexar-actividad' reads per query; the time budget is checked between them. */
const PAGINA_INDEXADO = 100;

/**
 * Gives the entries written before the feed's filtered views existed their index attributes
 * (entities/actividad.ts): pages through the activity partition newest first (a Query, never a
 * scan), from `cursor`, up to `limit` entries or until `presupuestoMs` has passed (checked
 * between pages of `pagina` entries). Idempotent: an entry that has them is only read.
 */
export async function indexarActividad(
  opts: { limit: number; cursor?: string | null; presupuestoMs?: number; pagina?: number },
  ahora: () => number = Date.now,
): Promise<IndexadoActividad> {
  const fin = opts.presupuestoMs === undefined ? Infinity : ahora() + opts.presupuestoMs;
  const r: IndexadoActividad = { revisadas: 0, indexadas: 0, nextCursor: opts.cursor ?? null };
  do {
    const limit = Math.min(opts.pagina ?? PAGINA_INDEXADO, opts.limit - r.revisadas);
    const pagina = await paginaReciente({ pk: ACTIVIDAD_PK }, { limit, cursor: r.nextCursor ?? undefined }, (i) => i);
    for (const item of pagina.items) {
      if (item.gsi1pk) continue;
      const vistas = vistasDeActividad(item);
      const nombres = Object.keys(vistas);
      await ddb.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: `SET ${nombres.map((n) => `${n} = :${n}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: Object.fromEntries(Object.entries(vistas).map(([n, v]) => [`:${n}`, v])),
        }),
      );
      r.indexadas++;
    }
    r.revisadas += pagina.items.length;
    r.nextCursor = pagina.nextCursor;
  } while (r.nextCursor && r.revisadas < opts.limit && ahora() < fin);
  return r;
}
