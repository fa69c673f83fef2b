/**
 * The route manifest: every HTTP operation declared once, in its feature's `routes.ts`. The CDK
 * API stack, the local gateway, the OpenAPI document and the authorization tests are generated
 * from it. Access levels and fields are documented on RouteDef (commons/route-def.ts).
 */
import type { RouteDef } from '#commons/route-def';
import { busquedaRoutes } from '#features/busqueda/routes';
import { cierreRoutes } from '#features/cierre/routes';
import { clientesRoutes } from '#features/clientes/routes';
import { cobranzaRoutes } from '#features/cobranza/routes';
import { conciliacionRoutes } from '#features/conciliacion/routes';
import { comunicacionRoutes } from '#features/comunicacion/routes';
import { contrasenasRoutes } from '#features/contrasenas/routes';
import { configuracionRoutes } from '#features/configuracion/routes';
import { creditosRoutes } from '#features/creditos/routes';
import { dashboardRoutes } from '#features/dashboard/routes';
import { gestionesRoutes } from '#features/gestiones/routes';
import { identidadRoutes } from '#features/identidad/routes';
import { notificacionesRoutes } from '#features/notificaciones/routes';
import { openapiRoutes } from '#features/openapi/routes';
import { castigoRoutes, pagosRoutes } from '#features/pagos/routes';
import { perfilRoutes } from '#features/perfil/routes';
import { portalRoutes } from '#features/portal/routes';
import { productosRoutes } from '#features/productos/routes';
import { reportesRoutes } from '#features/reportes/routes';
import { reestructuracionRoutes } from '#features/reestructuracion/routes';
import { riesgoRoutes } from '#features/riesgo/routes';
import { solicitudesRoutes } from '#features/solicitudes/routes';
import { usuariosRoutes } from '#features/usuarios/routes';

export type { Access, HttpMethod, RouteDef } from '#commons/route-def';

export const ROUTES = [
  ...openapiRoutes,
  ...identidadRoutes,
  ...perfilRoutes,
  ...contrasenasRoutes,
  ...clientesRoutes,
  ...portalRoutes,
  ...productosRoutes,
  ...configuracionRoutes,
  ...solicitudesRoutes,
  ...creditosRoutes,
  ...pagosRoutes,
  ...conciliacionRoutes,
  ...cierreRoutes,
  ...dashboardRoutes,
  ...notificacionesRoutes,
  ...comunicacionRoutes,
  ...usuariosRoutes,
  ...gestionesRoutes,
  ...cobranzaRoutes,
  ...reportesRoutes,
  ...reestructuracionRoutes,
  ...castigoRoutes,
  ...riesgoRoutes,
  ...busquedaRoutes,
] as const;

export type Route = (typeof ROUTES)[number];
export type RouteId = Route['id'];

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
  readonly kind: 'cognito-pre-sign-up' | 'cognito-post-authentication' | 'cognito-pre-token-generation';
  readonly table: 'none' | 'write';
  /** Reads a user's MFA settings (cognito-idp:AdminGetUser on the pool). */
  readonly leeUsuarios?: boolean;
}
export const TRIGGERS = [
  { id: 'pre-sign-up', handler: 'identidad/pre-sign-up', kind: 'cognito-pre-sign-up', table: 'write' },
  { id: 'post-authentication', handler: 'identidad/post-authentication', kind: 'cognito-post-authentication', table: 'write' },
  // staff tokens say whether TOTP is enrolled (claim cuota_mfa); the API requires it for staff (MFA_PERSONAL)
  {
    id: 'pre-token-generation',
    handler: 'identidad/pre-token-generation',
    kind: 'cognito-pre-token-generation',
    table: 'none',
    leeUsuarios: true,
  },
] as const satisfies readonly TriggerDef[];

/** WebSocket API routes (API Gateway WebSocket on AWS, the local `/ws` adapter locally). */
export const WEBSOCKET_ROUTES = [
  { routeKey: '$connect', handler: 'realtime/conectar', table: 'write' },
  { routeKey: '$disconnect', handler: 'realtime/desconectar', table: 'write' },
  { routeKey: '$default', handler: 'realtime/mensaje', table: 'none' },
] as const;

/**
 * DynamoDB Streams consumers: invoked with batches of table changes after commit, each through its
 * own event source mapping on AWS (the local poller runs them in order; `background` ones on their
 * own queue so a long run does not hold the others back).
 * `filtro` is an event filter pattern (Lambda FilterCriteria syntax: value lists, `prefix`, `exists`)
 * applied by the event source on AWS and by the local poller; the handlers check it again.
 */
export interface StreamConsumerDef {
  readonly id: string;
  readonly handler: string;
  readonly table: 'none' | 'read' | 'write';
  readonly websocket: boolean;
  /** Sends email through SES (EmailStack.grantSend). */
  readonly email?: boolean;
  readonly filtro?: Record<string, unknown>;
  readonly batchSize?: number;
  /** Defaults to 30 s. */
  readonly timeoutSeconds?: number;
  readonly background?: boolean;
}
export const STREAM_CONSUMERS: readonly StreamConsumerDef[] = [
  // only new notifications reach the live push (most table changes are not one)
  {
    id: 'push-notificaciones',
    handler: 'realtime/push-notificaciones',
    table: 'write',
    websocket: true,
    filtro: { eventName: ['INSERT'], dynamodb: { NewImage: { tipo: { S: ['notificacion'] } } } },
  },
  // large batches: a catch-up close can write every credit once per closed date, and a batch applies
  // only each entity's newest change in ~100-action transactions (one batch at a time per shard:
  // every transaction moves the same AGG#CARTERA item)
  { id: 'agregados', handler: 'dashboard/agregados-stream', table: 'write', websocket: false, batchSize: 1000 },
  // segment membership follows the per-client segment aggregates the consumer above keeps
  {
    id: 'segmentos',
    handler: 'comunicacion/segmentos-stream',
    table: 'write',
    websocket: false,
    filtro: { dynamodb: { Keys: { pk: { S: [{ prefix: 'AGG#SEGCLI#' }] } } } },
  },
  // the campaign sender: one campaign per invocation, up to 15 minutes, then it yields
  {
    id: 'despachar-campanas',
    handler: 'comunicacion/despachar-campanas',
    table: 'write',
    websocket: false,
    email: true,
    batchSize: 1,
    timeoutSeconds: 900,
    background: true,
    filtro: {
      eventName: ['INSERT', 'MODIFY'],
      dynamodb: { NewImage: { tipo: { S: ['campana'] }, estado: { S: ['enviando'] }, despacho: { S: [{ exists: true }] } } },
    },
  },
];

/**
 * Jobs: EventBridge schedules on AWS, the local scheduler locally. `everyMinutes` is the period;
 * both runners use it. A job without it runs only on demand (its Lambda invoked on AWS, `POST
 * /jobs/<id>` on the local control port): a one-off such as a data migration.
 */
export interface JobDef {
  readonly id: string;
  readonly handler: string;
  readonly table: 'none' | 'read' | 'write';
  readonly everyMinutes?: number;
}
const JOBS_DEF = [
  { id: 'limpiar-conexiones', handler: 'realtime/limpiar-conexiones', everyMinutes: 60, table: 'write' },
  // closes every business date not closed yet (catch-up); idempotent per date and per credit
  { id: 'cierre-diario', handler: 'cierre/ejecutar-cierre-diario', everyMinutes: 60, table: 'write' },
  // campaigns whose sender died or yielded (lease expired) are dispatched again
  { id: 'reanudar-campanas', handler: 'comunicacion/reanudar-campanas', everyMinutes: 1, table: 'write' },
  // mass pushes whose request stopped before the end are written on from their cursor
  { id: 'continuar-envios-masivos', handler: 'comunicacion/continuar-envios-masivos', everyMinutes: 1, table: 'write' },
  // data from before segments existed feeds them once (a marker item keeps it to one run)
  { id: 'reindexar-segmentos', handler: 'comunicacion/reindexar-segmentos', everyMinutes: 10, table: 'write' },
  // on demand: stores the identification numbers of clients created before they were canonical
  { id: 'migrar-identidades', handler: 'clientes/migrar-identidades', table: 'write' },
  // on demand: gives activity entries from before the feed's filters their views (kind, user)
  { id: 'indexar-actividad', handler: 'dashboard/indexar-actividad', table: 'write' },
  // on demand: the token search index (any part of a name or e-mail) for clients written before it
  { id: 'reindexar-busqueda', handler: 'clientes/reindexar-busqueda', table: 'write' },
] as const satisfies readonly JobDef[];
export type JobId = (typeof JOBS_DEF)[number]['id'];
export const JOBS: readonly (JobDef & { readonly id: JobId })[] = JOBS_DEF;

/**
 * EventBridge rules on service events (AWS only; locally the ledger reads aws-ses-v2-local's store).
 * SES publishes the configuration set's SEND events; the campaign ones become delivery-ledger items.
 */
export const EVENT_RULES = [
  {
    id: 'registrar-entrega',
    handler: 'comunicacion/registrar-entrega',
    table: 'write',
    pattern: { source: ['aws.ses'], 'detail-type': ['Email Sent'], detail: { mail: { tags: { campana: [{ exists: true }] } } } },
  },
] as const;
