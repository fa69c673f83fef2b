import type { StaffRole } from '@cuota/shared';
import type { ApiEvent } from '../src/commons/http';
import { routeById, type RouteId } from '../src/manifest';

export interface TestCaller {
  sub: string;
  email?: string;
  groups?: StaffRole[];
}

let counter = 0;
export const uniqueEmail = (prefix = 'cliente') => `${prefix}.${Date.now().toString(36)}.${++counter}@prueba.cr`;

/** An API Gateway HTTP API (payload 2.0) event as the JWT authorizer hands it to the Lambda. */
export function apiEvent(
  id: RouteId,
  opts: {
    caller?: TestCaller;
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    rawBody?: string;
    /** Lower-cased, as API Gateway hands them over. */
    headers?: Record<string, string>;
    /** The request's Idempotency-Key header (money writes). */
    clave?: string;
  } = {},
): ApiEvent {
  const route = routeById(id);
  const claims = opts.caller
    ? {
        sub: opts.caller.sub,
        email: opts.caller.email ?? `${opts.caller.sub}@prueba.cr`,
        ...(opts.caller.groups?.length ? { 'cognito:groups': `[${opts.caller.groups.join(' ')}]` } : {}),
      }
    : undefined;
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: route.path,
    rawQueryString: '',
    headers: { ...opts.headers, ...(opts.clave !== undefined ? { 'idempotency-key': opts.clave } : {}) },
    queryStringParameters: opts.query,
    pathParameters: opts.params,
    body: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    isBase64Encoded: false,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'test',
      domainPrefix: 'test',
      http: { method: route.method, path: route.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: `req-${++counter}`,
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      authorizer: claims ? { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } } : undefined,
    },
  } as unknown as ApiEvent;
}

export async function call(
  handler: (e: ApiEvent) => Promise<{ statusCode?: number; body?: string }>,
  event: ApiEvent,
): Promise<{ status: number; body: any }> {
  const res = await handler(event);
  return { status: res.statusCode ?? 0, body: res.body ? JSON.parse(res.body) : undefined };
}

export const ADMIN: TestCaller = { sub: 'admin-1', groups: ['admin'] };
export const ANALISTA: TestCaller = { sub: 'analista-1', groups: ['analista'] };
export const COBRADOR: TestCaller = { sub: 'cobrador-1', groups: ['cobrador'] };

type Handler = (e: ApiEvent) => Promise<{ statusCode?: number; body?: string }>;

/**
 * A route whose path names one resource (`/…/{id}`), called as the app calls it: the caller, the
 * resource's id, the body, and the Idempotency-Key as `clave` (none when left out).
 */
export const rutaConId =
  (handler: Handler, id: RouteId) => (caller: TestCaller, recurso: string, body?: unknown, clave?: string) =>
    call(handler, apiEvent(id, { caller, params: { id: recurso }, body, clave }));

/** A route whose path names no resource, called as `(caller, body?)`. */
export const rutaSinId = (handler: Handler, id: RouteId) => (caller: TestCaller, body?: unknown) =>
  call(handler, apiEvent(id, { caller, body }));
