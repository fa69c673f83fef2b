import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { TEXTS } from '@cuota/shared';
import { MAX_BODY_BYTES } from '@cuota/functions/commons/http';
import { ROUTES, type RouteDef } from '@cuota/functions/manifest';
import { verifyIdToken } from '@cuota/functions/commons/jwt';
import { lambdaContext, loadHandler } from './handlers';
import { SOLICITUD_INVALIDA } from './http-seguro';

/**
 * Largest body accepted: the Lambda wrapper's limit (README "Request limits"), refused here too
 * before the body is buffered or parsed (API Gateway's own limit, 10 MB, is far above it).
 */
export const MAX_BODY = MAX_BODY_BYTES;
/** An oversized body is drained (so the client reads the 413) up to this much, then the connection is cut. */
const MAX_DRENAJE = 8 * MAX_BODY;

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

/**
 * The routes by their number of path segments, in manifest order: a path can only match a route
 * with as many segments (a parameter matches exactly one non-empty segment), so a request tries
 * a handful of patterns instead of the whole manifest, and the first match is the same one.
 */
const porSegmentos = new Map<number, CompiledRoute[]>();
for (const c of compiled) {
  const n = c.route.path.split('/').length;
  porSegmentos.set(n, [...(porSegmentos.get(n) ?? []), c]);
}

const contarSegmentos = (path: string) => {
  let n = 1;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) n++;
  return n;
};

const decodificar = (valor: string): string | null => {
  try {
    return decodeURIComponent(valor);
  } catch {
    return null;
  }
};

/**
 * The route for a method and path, with its decoded path parameters; `invalida` when the route
 * matched but a parameter's %-encoding does not decode (e.g. `%ff`): a bad request, not a miss.
 */
export function matchRoute(method: string, path: string) {
  let pathMatched = false;
  for (const c of porSegmentos.get(contarSegmentos(path)) ?? []) {
    const m = c.regex.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (c.route.method !== method) continue;
    const params: Record<string, string> = {};
    for (const [i, n] of c.names.entries()) {
      const valor = decodificar(m[i + 1] ?? '');
      if (valor === null) return { route: null, params: {}, pathMatched, invalida: true };
      params[n] = valor;
    }
    return { route: c.route, params, pathMatched, invalida: false };
  }
  return { route: null, params: {}, pathMatched, invalida: false };
}

interface TokenVerificado {
  claims: Record<string, string>;
  /** ms: one second before the token's exp, so a remembered token is never taken past its expiry. */
  vence: number;
}
/** Tokens verified (signature, issuer, audience, expiry, token_use) by issuer, audience and token. */
const verificados = new Map<string, TokenVerificado>();
const MAX_VERIFICADOS = 5_000;

/**
 * The authorizer's claims for a bearer token, or null when it does not verify. A token that
 * verified is remembered until one second before its `exp` (a client sends the same ID token for
 * up to an hour), as API Gateway's JWT authorizer may cache its answer: the signature, issuer,
 * audience and token_use are checked once per token, the expiry on every request. Only tokens that
 * verified are remembered, keyed by the exact token string with the issuer and audience it was
 * checked against; a token without `exp` is verified every time.
 */
export async function verificarToken(token: string): Promise<Record<string, string> | null> {
  const clave = `${process.env.COGNITO_ISSUER ?? ''}\n${process.env.COGNITO_CLIENT_ID ?? ''}\n${token}`;
  const recordado = verificados.get(clave);
  if (recordado) {
    if (Date.now() < recordado.vence) return { ...recordado.claims };
    verificados.delete(clave);
  }
  const payload = await verifyIdToken(token);
  if (!payload) return null;
  const claims = flattenClaims(payload as Record<string, unknown>);
  if (typeof payload.exp === 'number') {
    if (verificados.size >= MAX_VERIFICADOS) verificados.clear();
    verificados.set(clave, { claims, vence: payload.exp * 1000 - 1000 });
  }
  return { ...claims };
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

/** Reads and drops the rest of a refused body, so the client gets to read the 413; past MAX_DRENAJE the connection is cut. */
function drain(req: IncomingMessage, alreadyRead = 0): void {
  let size = alreadyRead;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_DRENAJE) req.destroy();
  });
  req.resume();
}

/** The body, or null as soon as it passes MAX_BODY (e.g. a chunked upload without Content-Length); nothing past it is kept. */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) return void chunks.push(chunk);
      req.off('data', onData);
      chunks.length = 0;
      drain(req, size);
      resolve(null);
    };
    req.on('data', onData);
    req.once('end', () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

function tooLarge(res: ServerResponse): void {
  send(res, 413, { code: 'PAYLOAD_TOO_LARGE', message: TEXTS.errors.payloadTooLarge }, { connection: 'close' });
}

function urlDe(url: string | undefined): URL | null {
  try {
    return new URL(url ?? '/', 'http://localhost');
  } catch {
    return null;
  }
}

/**
 * Plays API Gateway (HTTP API, payload 2.0) for one request: matches the manifest route,
 * runs the JWT authorizer for non-public routes, builds the event and invokes the same
 * handler module a Lambda runs.
 */
export async function handleApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = urlDe(req.url);
  const method = (req.method ?? 'GET').toUpperCase();
  const { route, params, pathMatched, invalida } = url
    ? matchRoute(method, url.pathname)
    : { route: null, params: {}, pathMatched: false, invalida: true };
  if (invalida || !url) {
    req.resume();
    send(res, 400, SOLICITUD_INVALIDA);
    return;
  }
  if (!route) {
    send(res, pathMatched ? 405 : 404, { code: 'NOT_FOUND', message: 'Ruta no encontrada' });
    return;
  }
  // a declared oversized body is refused before any work (token check, buffering, parsing)
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) {
    tooLarge(res);
    drain(req);
    return;
  }
  const requestId = randomUUID();
  let claims: Record<string, string> | undefined;
  if (route.access !== 'public') {
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    claims = (token ? await verificarToken(token) : null) ?? undefined;
    if (!claims) {
      send(res, 401, { code: 'UNAUTHORIZED', message: 'Debes iniciar sesión para continuar' }, { 'www-authenticate': 'Bearer' });
      return;
    }
  }
  const body = await readBody(req);
  if (body === null) {
    tooLarge(res);
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
