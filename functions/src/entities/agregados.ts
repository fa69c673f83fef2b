/** Per-client segment aggregates (see aggKeys.segmentosCliente); their stream records drive segment membership. */
export const SEGMENTOS_CLIENTE_PREFIX = 'AGG#SEGCLI#';

/**
 * Aggregates kept by the stream consumer (features/dashboard/agregados-stream.ts) and read with
 * GetItem/BatchGet; each entity's current contribution lives in its AGGC item so that a
 * redelivered or reordered stream record applies nothing twice.
 */
export const aggKeys = {
  cartera: () => ({ pk: 'AGG#CARTERA', sk: 'RESUMEN' }),
  solicitudes: () => ({ pk: 'AGG#SOLICITUDES', sk: 'RESUMEN' }),
  pagos: () => ({ pk: 'AGG#PAGOS', sk: 'RESUMEN' }),
  /** Per business date: conciliado pagos by fecha_pago (recibidos) and by conciliation date (conciliados). */
  pagosDia: (fecha: string) => ({ pk: `AGG#PAGOS_DIA#${fecha}`, sk: 'RESUMEN' }),
  /** Per month (YYYY-MM): disbursements by fecha_desembolso, collections by fecha_pago. */
  mes: (mes: string) => ({ pk: `AGG#MES#${mes}`, sk: 'RESUMEN' }),
  /** Written by crearCliente in its own transaction (total and per UTC day of created_at). */
  clientesTotal: () => ({ pk: 'AGG#CLIENTES', sk: 'TOTAL' }),
  clientesDia: (fechaUtc: string) => ({ pk: 'AGG#CLIENTES', sk: `DIA#${fechaUtc}` }),
  clientesPerfil: () => ({ pk: 'AGG#CLIENTES', sk: 'PERFIL' }),
  /** New clients per business date (lender's time zone) of created_at: the monitoring window. */
  clientesNuevosDia: (fecha: string) => ({ pk: 'AGG#CLIENTES', sk: `NUEVOS#${fecha}` }),
  notificacionesNoLeidas: (userId: string) => ({ pk: `USUARIO#${userId}`, sk: 'NOTIF_NO_LEIDAS' }),
  contribucion: (entidad: string, id: string) => ({ pk: `AGGC#${entidad}#${id}`, sk: 'AGGC' }),
  /** Per client: cliente (1 while it exists), creditos_activos, creditos_morosos — what its segments follow. */
  segmentosCliente: (clienteId: string) => ({ pk: `${SEGMENTOS_CLIENTE_PREFIX}${clienteId}`, sk: 'RESUMEN' }),
  /** Members per segment (todos, activos, morosos), moved with each membership change. */
  segmentos: () => ({ pk: 'AGG#SEGMENTOS', sk: 'RESUMEN' }),
  /** Active credits per días de mora (0…366) and restructured flag, castigados and recoveries (docs/riesgo.md). */
  riesgo: () => ({ pk: 'AGG#RIESGO', sk: 'RESUMEN' }),
};

/** The provisions report of a month (YYYY-MM), written once by the first close after its end. */
export const PARTICION_PROVISIONES = 'RIESGO#PROVISIONES';
export const claveProvisionesMes = (mes: string) => ({ pk: PARTICION_PROVISIONES, sk: `MES#${mes}` });

/** Marks that every client and credit has fed the per-client segment aggregates (comunicacion reindexarSegmentos). */
export const claveMarcaSegmentos = () => ({ pk: 'SISTEMA', sk: 'SEGMENTOS_V1' });
