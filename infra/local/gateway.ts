import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { ROUTES, type RouteDef } from '@cuota/functions/manifest';
import { verifyIdToken } from '@cuota/functions/commons/jwt';
import { lambdaContext, loadHandler } from './handlers';

/** Max body the local gateway accepts (API Gateway's HTTP API limit is 10 MB). */
const MAX_BODY = 10 * 1024 * 1024;

interface CompiledRoute {
  route: RouteDef;
  regex: RegExp;
  names: string[];
}

const compiled: CompiledRoute[] = ROUTES.map((route) => {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        names.push(param[1]!);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, regex: new RegExp(`^${source}$`), names };
});

export function matchRoute(method: string, path: string) {
  let pathMatched = false;
  for (const c of compiled) {
    const m = c.regex.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (c.route.method !== method) continue;
    const params: Record<string, string> = {};
    c.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1] ?? '')));
    return { route: c.route, params, pathMatched };
  }
  return { route: null, params: {}, pathMatched };
}

/** API Gateway's JWT authorizer hands claims over as strings; arrays become "[a b]". */
export function flattenClaims(payload: Record<string, unknown>): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [k, v] of Object.entries(payload)) {
    claims[k] = Array.isArray(v) ? `[${v.join(' ')}]` : typeof v === 'string' ? v : JSON.stringify(v);
  }
  return claims;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Plays API Gateway (HTTP API, payload 2.0) for one request: matches the manifest route,
 * runs the JWT authorizer for non-public routes, builds the event and invokes the same
 * handler module a Lambda runs.
 */
export async function handleApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const method = (req.method ?? 'GET').toUpperCase();
  const { route, params, pathMatched } = matchRoute(method, url.pathname);
  if (!route) {
    send(res, pathMatched ? 405 : 404, { code: 'NOT_FOUND', message: 'Ruta no encontrada' });
    return;
  }
  const requestId = randomUUID();
  let claims: Record<string, string> | undefined;
  if (route.access !== 'public') {
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    const payload = token ? await verifyIdToken(token) : null;
    if (!payload) {
      send(res, 401, { code: 'UNAUTHORIZED', message: 'Debes iniciar sesión para continuar' }, { 'www-authenticate': 'Bearer' });
      return;
    }
    claims = flattenClaims(payload as Record<string, unknown>);
  }
  const body = await readBody(req);
  if (body === null) {
    send(res, 413, { code: 'PAYLOAD_TOO_LARGE', message: 'La solicitud es demasiado grande' });
    return;
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
  const query: Record<string, string> = {};
  for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key).join(',');
  const event = {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: body.length ? body.toString('utf8') : undefined,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: req.headers.host ?? 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
    },
  };
  try {
    const handler = await loadHandler(route.handler);
    const result = (await handler(event, lambdaContext(route.id))) as {
      statusCode?: number;
      headers?: Record<string, string>;
      body?: string;
    };
    res.writeHead(result.statusCode ?? 200, { 'x-request-id': requestId, ...result.headers });
    res.end(result.body ?? '');
  } catch (error) {
    console.error(`[api] ${route.id} falló`, error);
    send(res, 500, { code: 'INTERNAL_ERROR', message: 'Ocurrió un error inesperado. Intenta de nuevo en unos minutos.' });
  }
}
