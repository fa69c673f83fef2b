import type { StaffRole } from '@cuota/shared';
import { ROUTES, type RouteDef, type RouteId } from '@cuota/functions/manifest';
import type { z } from 'zod/mini';

/**
 * The authorization matrix, generated from the route manifest: every route × every caller ×
 * every owner of the ids it names, with the answer api.md documents for it.
 */

/** Callers without a valid ID token: no header, and tokens that differ from a real one in one way. */
export const ANONIMOS = [
  'sin-token',
  'token-basura',
  'token-expirado',
  'emisor-ajeno',
  'audiencia-ajena',
  'firma-ajena',
  'sin-firma',
  'token-de-acceso',
] as const;
export const PERSONAL = ['cobrador', 'analista', 'admin'] as const satisfies readonly StaffRole[];
/** Signed-in callers: customers A and B (each with a client record and data), a user with no client record, staff. */
export const FIRMADOS = ['cliente-a', 'cliente-b', 'sin-cliente', ...PERSONAL] as const;
export const ROLES = [...ANONIMOS, ...FIRMADOS] as const;

export type Anonimo = (typeof ANONIMOS)[number];
export type Firmado = (typeof FIRMADOS)[number];
export type Rol = (typeof ROLES)[number];

/** Whose resource an id names: customer A's, B's, nobody's (random id), or an existing global one. */
export type Dueno = 'a' | 'b' | 'ninguno' | 'existente' | '-';

/** Resources that belong to one customer, and global ones (staff-managed). */
export type TipoPropio = 'cliente' | 'solicitud' | 'credito' | 'pago' | 'notificacion';
export type TipoGlobal = 'producto' | 'metodo-pago' | 'campana' | 'usuario' | 'clave' | 'extracto' | 'banco';
export type TipoId = TipoPropio | TipoGlobal;

const PROPIOS: readonly TipoId[] = ['cliente', 'solicitud', 'credito', 'pago', 'notificacion'];

/** What the path parameter of each route names; a route with a parameter not listed here fails the suite. */
const TIPO_EN_RUTA: ReadonlyArray<readonly [RegExp, TipoId]> = [
  [/^\/api\/(portal\/)?creditos\/\{id\}/, 'credito'],
  [/^\/api\/clientes\/\{id\}/, 'cliente'],
  [/^\/api\/solicitudes\/\{id\}/, 'solicitud'],
  [/^\/api\/(portal\/)?pagos\/\{id\}/, 'pago'],
  [/^\/api\/notificaciones\/\{id\}/, 'notificacion'],
  [/^\/api\/productos\/\{id\}/, 'producto'],
  [/^\/api\/metodos-pago\/\{id\}/, 'metodo-pago'],
  [/^\/api\/campanas\/\{id\}/, 'campana'],
  [/^\/api\/usuarios\/\{id\}/, 'usuario'],
  [/^\/api\/configuracion\/\{clave\}/, 'clave'],
  [/^\/api\/conciliacion\/extractos\/\{id\}/, 'extracto'],
  [/^\/api\/conciliacion\/mapeos\/\{banco\}/, 'banco'],
];

/** Body fields that reference a customer's resource (the id a caller could swap for another's). */
const TIPO_EN_CUERPO: Readonly<Record<string, TipoPropio>> = {
  cliente_id: 'cliente',
  credito_id: 'credito',
  solicitud_id: 'solicitud',
  pago_id: 'pago',
};

export interface Referencia {
  tipo: TipoId;
  donde: 'ruta' | 'cuerpo';
  campo: string;
}

/** The id the route names (path parameter, or a body field that references a customer's resource). */
export function referencia(route: RouteDef): Referencia | null {
  const param = /\{(\w+)\}/.exec(route.path)?.[1];
  if (param) {
    const tipo = TIPO_EN_RUTA.find(([re]) => re.test(route.path))?.[1];
    if (!tipo) throw new Error(`${route.id}: el parámetro {${param}} no está clasificado en TIPO_EN_RUTA`);
    return { tipo, donde: 'ruta', campo: param };
  }
  const shape = (route.body as z.ZodMiniObject | undefined)?.shape as Record<string, unknown> | undefined;
  for (const campo of Object.keys(shape ?? {})) {
    const tipo = TIPO_EN_CUERPO[campo];
    if (tipo) return { tipo, donde: 'cuerpo', campo };
  }
  return null;
}

export function duenosDe(route: RouteDef): Dueno[] {
  const ref = referencia(route);
  if (!ref) return ['-'];
  return PROPIOS.includes(ref.tipo) ? ['a', 'b', 'ninguno'] : ['existente', 'ninguno'];
}

const esAnonimo = (rol: Rol): rol is Anonimo => (ANONIMOS as readonly string[]).includes(rol);
export const esPersonal = (rol: Rol): rol is (typeof PERSONAL)[number] => (PERSONAL as readonly string[]).includes(rol);
/** The customer whose resources `dueno` are, seen from the caller: A's ids belong to cliente-a only. */
const esPropio = (rol: Rol, dueno: Dueno) => (rol === 'cliente-a' && dueno === 'a') || (rol === 'cliente-b' && dueno === 'b');

const exito = (route: RouteDef) => route.successStatus ?? 200;

/**
 * Routes open to any signed-in user whose answer depends on who calls (api.md "Any signed-in
 * user" and the customer routes): everything else there answers its success status.
 */
const SEGUN_QUIEN: Partial<Record<RouteId, (rol: Firmado, dueno: Dueno) => number>> = {
  // own only: another user's notification is answered like a missing one
  'marcar-notificacion-leida': (rol, dueno) => (esPropio(rol, dueno) ? 200 : 404),
  // a customer's profile is their client record: none linked → 404
  'obtener-perfil': (rol) => (rol === 'sin-cliente' ? 404 : 200),
  'actualizar-perfil': (rol) => (rol === 'sin-cliente' ? 404 : 200),
  // only a user without a client record registers one: staff may not (403), a registered customer gets 409
  'registrar-cliente-portal': (rol) => (rol === 'sin-cliente' ? 201 : esPersonal(rol) ? 403 : 409),
};

/** A staff route whose reference to nobody's resource is invalid input (400 with the field), not a missing path. */
const AUSENTE_ES_400: readonly RouteId[] = ['crear-solicitud'];

/**
 * Staff routes the fixtures' credits (current, not in arrears) are not in a state for: an allowed
 * caller gets the state conflict (409), which proves the call got past authorization.
 */
const CONFLICTO_DE_ESTADO: readonly RouteId[] = ['castigar-credito'];

/** The documented answer (api.md) for one route called by `rol` with an id owned by `dueno`. */
export function esperado(route: RouteDef, rol: Rol, dueno: Dueno): number {
  if (route.access === 'public') return exito(route);
  if (esAnonimo(rol)) return 401;
  if (route.access === 'staff') {
    if (!esPersonal(rol)) return 403;
    if (route.roles && !route.roles.includes(rol)) return 403;
    if (dueno === 'ninguno') return AUSENTE_ES_400.includes(route.id as RouteId) ? 400 : 404;
    return CONFLICTO_DE_ESTADO.includes(route.id as RouteId) ? 409 : exito(route);
  }
  if (route.access === 'cliente') {
    // staff have no client record to act on; a user without one does not meet the access level
    if (esPersonal(rol) || rol === 'sin-cliente') return 403;
    if (dueno === '-') return exito(route);
    return esPropio(rol, dueno) ? exito(route) : 404;
  }
  return SEGUN_QUIEN[route.id as RouteId]?.(rol, dueno) ?? exito(route);
}

export interface Caso {
  route: RouteDef;
  rol: Rol;
  dueno: Dueno;
  esperado: number;
  /** Refusals and reads must leave the table exactly as it was. */
  escribe: boolean;
}

export function casos(): Caso[] {
  const out: Caso[] = [];
  for (const route of ROUTES as readonly RouteDef[]) {
    for (const rol of ROLES) {
      for (const dueno of duenosDe(route)) {
        const status = esperado(route, rol, dueno);
        out.push({ route, rol, dueno, esperado: status, escribe: status < 400 && route.method !== 'GET' });
      }
    }
  }
  return out;
}
