/**
 * Key builders for the single table: every entity's pk/sk/GSI values are written here and
 * nowhere else. Access patterns:
 * - gsi1: children of a client (CLIENTE#id → SOLICITUD#/CREDITO#/PAGO# by date), and global lists.
 * - gsi2: global lists newest first (SOLICITUDES, CREDITOS, PAGOS…) and pagos by credit.
 * - gsi3: lists by estado (SOLICITUDES#enviado…).
 */
export const ENTITY = {
  cliente: 'cliente',
  usuarioCliente: 'usuario-cliente',
  perfil: 'perfil',
  unico: 'unico',
  busqueda: 'busqueda',
  producto: 'producto',
  solicitud: 'solicitud',
  credito: 'credito',
  cuota: 'cuota',
  movimiento: 'movimiento',
  pago: 'pago',
  notificacion: 'notificacion',
  conexion: 'conexion',
  actividad: 'actividad',
  configuracion: 'configuracion',
  metodoPago: 'metodo-pago',
  cuentaBancaria: 'cuenta-bancaria',
  lineaCredito: 'linea-credito',
  secuencia: 'secuencia',
  idempotencia: 'idempotencia',
  cierre: 'cierre',
  aviso: 'aviso',
  campana: 'campana',
  campanaDestinatario: 'campana-destinatario',
  campanaEntrega: 'campana-entrega',
  segmentoMiembro: 'segmento-miembro',
} as const;

/** Sortable, unique suffix for "newest first" lists. */
export const byDate = (createdAt: string, id: string) => `${createdAt}#${id}`;

export const keys = {
  cliente: (id: string) => ({ pk: `CLIENTE#${id}`, sk: 'PERFIL' }),
  clientesList: () => 'CLIENTES',
  clienteChildren: (clienteId: string) => `CLIENTE#${clienteId}`,
  usuarioCliente: (userId: string) => ({ pk: `USUARIO#${userId}`, sk: 'CLIENTE' }),
  perfil: (userId: string) => ({ pk: `USUARIO#${userId}`, sk: 'PERFIL' }),
  unicoEmail: (email: string) => ({ pk: `UNICO#CLIENTE_EMAIL#${email}`, sk: 'UNICO' }),
  unicoIdentidad: (tipo: string, numero: string) => ({ pk: `UNICO#CLIENTE_IDENTIDAD#${tipo}#${numero}`, sk: 'UNICO' }),
  busqueda: (term: string, clienteId: string) => ({ pk: busquedaPartition(term), sk: `${term}#${clienteId}` }),
  producto: (id: string) => ({ pk: `PRODUCTO#${id}`, sk: 'PRODUCTO' }),
  productosList: () => 'PRODUCTOS',
  /** Active products only (sparse gsi2), ordered by normalized name: the selects' source. */
  productosActivos: () => 'PRODUCTOS#ACTIVOS',
  unicoProductoCodigo: (codigo: string) => ({ pk: `UNICO#PRODUCTO_CODIGO#${codigo}`, sk: 'UNICO' }),
  /** Settings, payment methods and bank accounts: one small partition each, read whole or by key. */
  configuracion: (clave: string) => ({ pk: 'CONFIG', sk: clave }),
  metodoPago: (codigo: string) => ({ pk: 'METODOS_PAGO', sk: codigo }),
  cuentaBancaria: (id: string) => ({ pk: 'CUENTAS_BANCARIAS', sk: id }),
  solicitud: (id: string) => ({ pk: `SOLICITUD#${id}`, sk: 'SOLICITUD' }),
  credito: (id: string) => ({ pk: `CREDITO#${id}`, sk: 'CREDITO' }),
  cuota: (creditoId: string, numero: number) => ({ pk: `CREDITO#${creditoId}`, sk: `CUOTA#${String(numero).padStart(3, '0')}` }),
  /**
   * A credit's ledger, in its own partition (read with the credit in one consistent query): each
   * applied payment at its value date, and the audited adjustments its application caused.
   */
  movimiento: (creditoId: string, fechaValor: string, id: string) => ({
    pk: `CREDITO#${creditoId}`,
    sk: `MOV#${fechaValor}#${id}`,
  }),
  pago: (id: string) => ({ pk: `PAGO#${id}`, sk: 'PAGO' }),
  /** Per caller and Idempotency-Key: a payment's first result, or a mass push's claim and result (TTL expira_en). */
  idempotencia: (userId: string, clave: string) => ({ pk: `IDEMPOTENCIA#${userId}#${clave}`, sk: 'IDEMPOTENCIA' }),
  /** Daily close: one marker per business date (lock, then result) and the last date fully closed. */
  cierre: (fecha: string) => ({ pk: `CIERRE#${fecha}`, sk: 'CIERRE' }),
  cierreUltimo: () => ({ pk: 'CIERRE', sk: 'ULTIMO' }),
  /** Guard so a reminder for one cuota is sent once (TTL expira_en). */
  aviso: (creditoId: string, numeroCuota: number, motivo: string) => ({
    pk: `AVISO#${creditoId}#${numeroCuota}#${motivo}`,
    sk: 'AVISO',
  }),
  /** Credits listed newest first, one gsi2 partition per estado (so `?estado=` reads only its own). */
  creditosList: (estado: string) => `CREDITOS#${estado}`,
  /** Per-client credit-line usage (Σ saldo_capital), changed in the same transaction as the capital. */
  lineaCredito: (clienteId: string) => ({ pk: `CLIENTE#${clienteId}`, sk: 'LINEA' }),
  /** The last numero_credito sequence value handed out (one global sequence). */
  secuenciaCredito: () => ({ pk: 'SECUENCIA#CREDITO', sk: 'SECUENCIA' }),
  unicoNumeroSolicitud: (numero: string) => ({ pk: `UNICO#SOLICITUD_NUMERO#${numero}`, sk: 'UNICO' }),
  unicoNumeroCredito: (numero: string) => ({ pk: `UNICO#CREDITO_NUMERO#${numero}`, sk: 'UNICO' }),
  busquedaCredito: (term: string, creditoId: string) => ({
    pk: `BUSQUEDA#CREDITO#${term.slice(0, 1)}`,
    sk: `${term}#${creditoId}`,
  }),
  notificacion: (userId: string, createdAt: string, id: string) => ({
    pk: `USUARIO#${userId}`,
    sk: `NOTIFICACION#${byDate(createdAt, id)}`,
  }),
  /** A notification found by id alone (sparse gsi1 partition of one item). */
  notificacionPorId: (id: string) => `NOTIFICACION#${id}`,
  /** Email campaigns: listed newest first on gsi1; while enviando, on gsi3 by lease expiry (stale ones are resumed). */
  campana: (id: string) => ({ pk: `CAMPANA#${id}`, sk: 'CAMPANA' }),
  campanasList: () => 'CAMPANAS',
  campanasEnviando: () => 'CAMPANAS#ENVIANDO',
  /** Mass pushes still being written: their key records, on gsi3 by lease expiry (stale ones are continued by a job). */
  enviosMasivosEnCurso: () => 'ENVIOS_MASIVOS#EN_CURSO',
  /** One per recipient of a campaign: the claim before sending and its result (exactly once per client). */
  campanaDestinatario: (campanaId: string, clienteId: string) => ({ pk: `CAMPANA#${campanaId}`, sk: `DEST#${clienteId}` }),
  /** Delivery ledger on AWS: SES SEND events (message tags campana/destinatario) recorded by registrar-entrega. */
  campanaEntrega: (campanaId: string, clienteId: string) => ({ pk: `CAMPANA#${campanaId}`, sk: `ENTREGA#${clienteId}` }),
  /** Segment membership (todos, activos, morosos), kept by comunicacion/segmentos-stream: paged by key, never scanned. */
  segmentoMiembro: (segmento: string, clienteId: string) => ({ pk: `SEGMENTO#${segmento}`, sk: `CLIENTE#${clienteId}` }),
  segmento: (segmento: string) => `SEGMENTO#${segmento}`,
};

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
  /** Written by createCliente in its own transaction (total and per UTC day of created_at). */
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
};

/** Search index partitions: one per first character of the normalized term. */
export function busquedaPartition(term: string): string {
  return `BUSQUEDA#CLIENTE#${term.slice(0, 1)}`;
}

/** Lowercase, accents removed, single spaces: what search terms and queries are compared as. */
export function normalizeTerm(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Strip key attributes before an item leaves the API. */
export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'pk' | 'sk' | 'tipo'> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) {
    if (k === 'pk' || k === 'sk' || k === 'tipo' || k.startsWith('gsi') || k === 'expira_en') continue;
    out[k] = v;
  }
  return out as Omit<T, 'pk' | 'sk' | 'tipo'>;
}
