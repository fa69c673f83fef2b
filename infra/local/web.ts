import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { pipeline } from 'node:stream';
import type { RuntimeConfig } from '@cuota/shared';
import { securityHeaderValues } from '../lib/security-headers';
import { responderInvalida, type Oyente, type OyenteUpgrade } from './http-seguro';
import { HOST, ROOT, type Ports } from './settings';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The three web apps: shell at `/`, remotes under `/apps/…` (the same layout CloudFront serves). */
export const APPS = [
  { prefix: '/apps/admin/', dir: resolve(ROOT, 'admin-app/dist') },
  { prefix: '/apps/portal/', dir: resolve(ROOT, 'portal-app/dist') },
  { prefix: '/', dir: resolve(ROOT, 'shell-app/dist') },
] as const;

export function runtimeConfig(
  ports: Ports,
  pool: { userPoolId: string; clientId: string },
  host = `${HOST}:${ports.web}`,
): RuntimeConfig {
  return {
    stage: 'local',
    apiUrl: '/api',
    wsUrl: `ws://${host}/ws`,
    auth: {
      region: 'us-east-1',
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.clientId,
      userPoolEndpoint: `http://${host}/cognito`,
      authFlowType: 'USER_PASSWORD_AUTH',
    },
    remotes: { admin: '/apps/admin/remoteEntry.js', portal: '/apps/portal/remoteEntry.js' },
  };
}

/**
 * The same security headers CloudFront sends (infra/lib/security-headers.ts). Only two things
 * differ, because this origin is plain http: the WebSocket is `ws://` on this origin, and there
 * is no upgrade-insecure-requests. HSTS is sent too; browsers ignore it over http.
 */
export function securityHeaders(ports: Ports): Record<string, string> {
  return securityHeaderValues({
    connectSrc: [`ws://${HOST}:${ports.web}`, `ws://localhost:${ports.web}`],
    upgradeInsecureRequests: false,
  });
}

/**
 * What every `/api` request and WebSocket upgrade gets until the demo users and data are in and
 * the stream backlog is delivered: a request served earlier could read or write half-seeded data
 * (a daily close triggered then met half-written demo credits).
 */
export const SERVICIO_INICIANDO = {
  code: 'SERVICE_STARTING',
  message: 'Cuota se está iniciando; intente de nuevo en unos segundos',
} as const;
/** Seconds a client is asked to wait (Retry-After) before trying again. */
export const REINTENTAR_EN_SEGUNDOS = 2;

/** 503 SERVICE_STARTING with Retry-After, for an HTTP request that came before the stack was ready. */
export function responderIniciando(res: ServerResponse): void {
  res.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': String(REINTENTAR_EN_SEGUNDOS),
  });
  res.end(JSON.stringify(SERVICIO_INICIANDO));
}

export interface OriginHandlers {
  /** `/api/*`: the local HTTP API gateway. */
  api: Oyente;
  /** `/healthz` answers 200, and `/api` and `/ws` are served, once this is true. */
  ready: () => boolean;
  /** `/config.json` for the Host the browser used. */
  config: (host: string | undefined) => RuntimeConfig;
  /** `/cognito`: the Cognito emulator behind the same origin. */
  cognito: Oyente;
}

/**
 * The one local origin, as CloudFront lays it out: `/api`, `/config.json`, the apps, plus
 * `/healthz` and `/cognito`. Every answer carries the security headers, as CloudFront's
 * response-headers policy puts them on every behaviour (`/api/*` and `/config.json` included).
 * Until `ready()`, every `/api` request is answered 503 SERVICE_STARTING (the pages, the
 * configuration and sign-in do not depend on the data and are served). A request whose target
 * is not a path (absolute-form `GET http://…`, `*`) is answered 400; the handlers' promises are
 * returned, so that the server's guard (http-seguro.ts) catches their rejections.
 */
export function webOrigin(headers: Record<string, string>, handlers: OriginHandlers): Oyente {
  return (req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (!(req.url ?? '/').startsWith('/')) {
      req.resume();
      return void responderInvalida(res);
    }
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/api/') || path === '/api') {
      if (!handlers.ready()) {
        req.resume();
        return void responderIniciando(res);
      }
      return handlers.api(req, res);
    }
    if (path === '/healthz') {
      const ready = handlers.ready();
      res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end(JSON.stringify({ status: ready ? 'ok' : 'starting' }));
    }
    if (path === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end(JSON.stringify(handlers.config(req.headers.host)));
    }
    if (path === '/cognito' || path === '/cognito/') return handlers.cognito(req, res);
    serveStatic(req, res, headers);
  };
}

/**
 * The origin's `upgrade` listener: `/ws` goes to the WebSocket API once `ready()`, before that it
 * gets the same 503 SERVICE_STARTING as `/api` (with the security headers); any other path is cut.
 */
export function webOriginUpgrade(
  headers: Record<string, string>,
  opts: { ready: () => boolean; ws: OyenteUpgrade },
): OyenteUpgrade {
  return (req, socket, head) => {
    if ((req.url ?? '').split('?')[0] !== '/ws') return void socket.destroy();
    if (opts.ready()) return opts.ws(req, socket, head);
    const body = JSON.stringify(SERVICIO_INICIANDO);
    const lines = [
      'HTTP/1.1 503 Service Unavailable',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      'content-type: application/json; charset=utf-8',
      'cache-control: no-store',
      `retry-after: ${REINTENTAR_EN_SEGUNDOS}`,
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  };
}

/** The decoded path of a request, or null when its address cannot be read (bad %-encoding, not a URL). */
function rutaDecodificada(url: string | undefined): string | null {
  try {
    return decodeURIComponent(new URL(url ?? '/', 'http://localhost').pathname);
  } catch {
    return null;
  }
}

/** If-None-Match names `etag` (a list, weak or strong: GET revalidation compares weakly), or `*`. */
function coincide(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const debil = (e: string) => e.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((e) => e.trim() === '*' || debil(e) === debil(etag));
}

/** Serves a built file, with the shell's index.html as the SPA fallback for page routes; 400 for an unreadable address. */
export function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string>,
  apps: ReadonlyArray<{ prefix: string; dir: string }> = APPS,
): void {
  const path = rutaDecodificada(req.url);
  if (path === null) return void responderInvalida(res);
  const app = apps.find((a) => path.startsWith(a.prefix))!;
  const relative = normalize(path.slice(app.prefix.length)).replace(/^(\.\.[/\\])+/, '');
  let file = join(app.dir, relative);
  const isFile = (f: string) => f.startsWith(app.dir) && existsSync(f) && statSync(f).isFile();
  let fallback = false;
  if (!isFile(file)) {
    const looksLikeAsset = extname(path) !== '' && !path.endsWith('.html');
    if (looksLikeAsset || app.prefix !== '/') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...headers });
      res.end('No encontrado');
      return;
    }
    file = join(app.dir, 'index.html');
    fallback = true;
    if (!existsSync(file)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('La aplicación web no está compilada: ejecuta `npm run build`.');
      return;
    }
  }
  const immutable = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.\w+$/.test(file);
  // A validator, as CloudFront sends S3's ETag: a file served `no-cache` (index.html, remoteEntry.js)
  // is revalidated with a 304 and no body instead of downloaded again on every load.
  const info = statSync(file);
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const cabeceras = {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag,
    'last-modified': info.mtime.toUTCString(),
    ...(fallback || file.endsWith('.html') ? headers : { 'x-content-type-options': 'nosniff' }),
  };
  if (coincide(req.headers['if-none-match'], etag)) {
    const { 'content-type': _tipo, ...sinCuerpo } = cabeceras;
    res.writeHead(304, sinCuerpo);
    return void res.end();
  }
  res.writeHead(200, cabeceras);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  // a read that fails mid-way (a file replaced by a rebuild, EACCES) ends this answer, not the process
  // (pipeline destroys the answer on error, so the client sees a cut transfer, never a whole file)
  pipeline(createReadStream(file), res, () => undefined);
}
