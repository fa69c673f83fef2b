import {
  clienteActualizarSchema,
  clienteCrearSchema,
  clienteDetalleSchema,
  clienteSchema,
  clientesQuery,
  creditoSchema,
  idParam,
  meSchema,
  page,
  paginationQuery,
  pagoSchema,
  portalRegistroSchema,
  solicitudSchema,
  type StaffRole,
} from '@cuota/shared';
import { z } from 'zod';

/**
 * The route manifest: every HTTP operation declared once. The CDK API stack, the local gateway,
 * the OpenAPI document and the authorization tests are generated from it.
 *
 * access:
 * - public: no token.
 * - user: any signed-in user.
 * - staff: a user with at least one role; `roles` narrows it further.
 * - cliente: a signed-in user with a linked client record (portal routes; the client is the caller's own).
 */
export type Access = 'public' | 'user' | 'staff' | 'cliente';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: `/api${string}`;
  /** Module under functions/src/features, exporting `handler`. */
  readonly handler: string;
  readonly access: Access;
  readonly roles?: readonly StaffRole[];
  /** Least-privilege table grant for the function. */
  readonly table: 'none' | 'read' | 'write';
  /** Needs Cognito admin calls (user management). */
  readonly cognito?: boolean;
  readonly summary: string;
  readonly tag: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly response?: z.ZodType;
  /** Accepts an Idempotency-Key header. */
  readonly idempotent?: boolean;
}

const STAFF_WRITE: readonly StaffRole[] = ['admin', 'analista'];

export const ROUTES = [
  {
    id: 'obtener-openapi',
    method: 'GET',
    path: '/api/openapi.json',
    handler: 'openapi/obtener-openapi',
    access: 'public',
    table: 'none',
    summary: 'Documento OpenAPI 3.1 generado desde el manifiesto',
    tag: 'sistema',
  },
  {
    id: 'obtener-me',
    method: 'GET',
    path: '/api/me',
    handler: 'identidad/obtener-me',
    access: 'user',
    table: 'read',
    summary: 'Identidad del usuario: roles y cliente vinculado',
    tag: 'identidad',
    response: meSchema,
  },
  {
    id: 'listar-clientes',
    method: 'GET',
    path: '/api/clientes',
    handler: 'clientes/listar-clientes',
    access: 'staff',
    table: 'read',
    summary: 'Clientes, más recientes primero; ?q= busca por nombre, apellido, email o cédula',
    tag: 'clientes',
    query: paginationQuery.extend(clientesQuery.shape),
    response: page(clienteSchema),
  },
  {
    id: 'crear-cliente',
    method: 'POST',
    path: '/api/clientes',
    handler: 'clientes/crear-cliente',
    access: 'staff',
    roles: STAFF_WRITE,
    table: 'write',
    summary: 'Crear un cliente',
    tag: 'clientes',
    body: clienteCrearSchema,
    response: clienteSchema,
  },
  {
    id: 'obtener-cliente',
    method: 'GET',
    path: '/api/clientes/{id}',
    handler: 'clientes/obtener-cliente',
    access: 'staff',
    table: 'read',
    summary: 'Perfil de un cliente con línea de crédito y contadores',
    tag: 'clientes',
    params: idParam,
    response: clienteDetalleSchema,
  },
  {
    id: 'actualizar-cliente',
    method: 'PATCH',
    path: '/api/clientes/{id}',
    handler: 'clientes/actualizar-cliente',
    access: 'staff',
    roles: STAFF_WRITE,
    table: 'write',
    summary: 'Actualizar datos de contacto o KYC de un cliente',
    tag: 'clientes',
    params: idParam,
    body: clienteActualizarSchema,
    response: clienteSchema,
  },
  {
    id: 'listar-solicitudes-cliente',
    method: 'GET',
    path: '/api/clientes/{id}/solicitudes',
    handler: 'clientes/listar-solicitudes-cliente',
    access: 'staff',
    table: 'read',
    summary: 'Solicitudes de un cliente, más recientes primero',
    tag: 'clientes',
    params: idParam,
    query: paginationQuery,
    response: page(solicitudSchema),
  },
  {
    id: 'listar-creditos-cliente',
    method: 'GET',
    path: '/api/clientes/{id}/creditos',
    handler: 'clientes/listar-creditos-cliente',
    access: 'staff',
    table: 'read',
    summary: 'Créditos de un cliente, más recientes primero',
    tag: 'clientes',
    params: idParam,
    query: paginationQuery,
    response: page(creditoSchema),
  },
  {
    id: 'listar-pagos-cliente',
    method: 'GET',
    path: '/api/clientes/{id}/pagos',
    handler: 'clientes/listar-pagos-cliente',
    access: 'staff',
    table: 'read',
    summary: 'Pagos de un cliente, más recientes primero',
    tag: 'clientes',
    params: idParam,
    query: paginationQuery,
    response: page(pagoSchema),
  },
  {
    id: 'registrar-cliente-portal',
    method: 'POST',
    path: '/api/portal/registro',
    handler: 'portal/registrar-cliente-portal',
    access: 'user',
    table: 'write',
    summary: 'Crear el registro de cliente propio tras el alta en Cognito',
    tag: 'portal',
    body: portalRegistroSchema,
    response: clienteSchema,
  },
] as const satisfies readonly RouteDef[];

export type Route = (typeof ROUTES)[number];
export type RouteId = Route["id"];

const byId = new Map<string, RouteDef>(ROUTES.map((r) => [r.id, r]));

export function routeById(id: RouteId): RouteDef {
  const route = byId.get(id);
  if (!route) throw new Error(`unknown route ${id}`);
  return route;
}

/** Non-HTTP functions: Cognito triggers, stream consumers and scheduled jobs. */
export interface TriggerDef {
  readonly id: string;
  readonly handler: string;
  readonly kind: 'cognito-pre-sign-up';
}
export const TRIGGERS = [
  { id: 'pre-sign-up', handler: 'identidad/pre-sign-up', kind: 'cognito-pre-sign-up' },
] as const satisfies readonly TriggerDef[];

/** WebSocket API routes (API Gateway WebSocket on AWS, the local `/ws` adapter locally). */
export const WEBSOCKET_ROUTES = [
  { routeKey: '$connect', handler: 'realtime/conectar', table: 'write' },
  { routeKey: '$disconnect', handler: 'realtime/desconectar', table: 'write' },
  { routeKey: '$default', handler: 'realtime/mensaje', table: 'none' },
] as const;

/** DynamoDB Streams consumers: invoked with batches of table changes after commit. */
export const STREAM_CONSUMERS = [
  { id: 'push-notificaciones', handler: 'realtime/push-notificaciones', table: 'write', websocket: true },
] as const;

/**
 * Timed jobs: EventBridge schedules on AWS, the local scheduler locally.
 * `everyMinutes` is the period; both runners use it.
 */
export const JOBS = [
  { id: 'limpiar-conexiones', handler: 'realtime/limpiar-conexiones', everyMinutes: 60, table: 'write' },
] as const;
