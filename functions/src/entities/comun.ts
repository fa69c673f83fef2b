/**
 * What every entity module shares. The single table (design: architecture.md) holds every item
 * type; each has a module here that owns its keys, the shape of its stored item and its mapping
 * to and from the domain record. Nothing outside entities/ writes a key literal.
 * Access patterns:
 * - gsi1: children of a client (CLIENTE#id → SOLICITUD#/CREDITO#/PAGO# by date), and global lists.
 * - gsi2: global lists newest first (SOLICITUDES, CREDITOS, PAGOS…) and pagos by credit.
 * - gsi3: lists by estado (SOLICITUDES#enviado…).
 * - gsi4/gsi5: the collections worklist, credits in arrears by due date / by monto vencido (cobranza.ts).
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
  gestion: 'gestion',
  promesa: 'promesa',
  /** The worklist's registry of cobradores (entities/cobranza.ts). */
  cobranza: 'cobranza',
  extracto: 'extracto',
  lineaExtracto: 'linea-extracto',
  mapeoExtracto: 'mapeo-extracto',
  reestructuracion: 'reestructuracion',
  provisionesMes: 'provisiones-mes',
  /** A staff user's current roles and session revocation (entities/acceso.ts). */
  acceso: 'acceso',
  /** Attempt counters of our own routes (limite.ts). */
  limite: 'limite',
  /** One-time registration tickets (alta.ts). */
  alta: 'alta',
} as const;
export type TipoEntidad = (typeof ENTITY)[keyof typeof ENTITY];

/** The primary key of an item. */
export interface Clave {
  pk: string;
  sk: string;
}

/** Any stored item: its key, its entity type and (per entity) its index attributes. */
export type TableItem = Record<string, unknown> & Clave & { tipo: string };

/** The index attributes an item may carry. */
export interface Indices {
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
  gsi3pk?: string;
  gsi3sk?: string;
  gsi4pk?: string;
  gsi4sk?: string;
  gsi5pk?: string;
  gsi5sk?: string;
}

/** A stored item of one entity: its record, its key, its type and its index attributes. */
export type Guardado<T, Tipo extends string = string> = T & Clave & Indices & { tipo: Tipo };

/** A domain record that has an id and a creation time (most entities). */
export type Entity = Record<string, unknown> & { id: string; created_at: string };

/** Sortable, unique suffix for "newest first" lists. */
export const byDate = (createdAt: string, id: string) => `${createdAt}#${id}`;

/** Lowercase, accents removed, single spaces: what search terms and queries are compared as. */
export function normalizeTerm(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The API shape of any item: its key, type, index and expiry attributes removed. */
export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'pk' | 'sk' | 'tipo'> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) {
    if (k === 'pk' || k === 'sk' || k === 'tipo' || k.startsWith('gsi') || k === 'expira_en') continue;
    out[k] = v;
  }
  return out as Omit<T, 'pk' | 'sk' | 'tipo'>;
}
