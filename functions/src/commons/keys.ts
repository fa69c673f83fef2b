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
  pago: 'pago',
  notificacion: 'notificacion',
  conexion: 'conexion',
  actividad: 'actividad',
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
  solicitud: (id: string) => ({ pk: `SOLICITUD#${id}`, sk: 'SOLICITUD' }),
  credito: (id: string) => ({ pk: `CREDITO#${id}`, sk: 'CREDITO' }),
  cuota: (creditoId: string, numero: number) => ({ pk: `CREDITO#${creditoId}`, sk: `CUOTA#${String(numero).padStart(3, '0')}` }),
  pago: (id: string) => ({ pk: `PAGO#${id}`, sk: 'PAGO' }),
  notificacion: (userId: string, createdAt: string, id: string) => ({ pk: `USUARIO#${userId}`, sk: `NOTIFICACION#${byDate(createdAt, id)}` }),
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
