import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { pipeline } from 'node:stream';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { RuntimeConfig } from '@cuota/shared';
import { esRutaDeLaShell } from '@cuota/shared/rutas';
import { securityHeaderValues } from '../lib/security-headers';
import { PAGINA_DE_SESION } from '@cuota/shared/rutas';
import { htmlConConfig } from '../lib/pagina';
import { responderInvalida, type Oyente, type OyenteUpgrade } from './http-seguro';
import { destinoAws, HOST, ROOT, type DestinoAws, type Ports } from './settings';

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

/**
 * `/config.json` locally. The API and the WebSocket are always this origin's built-in gateways
 * (LocalStack's API Gateway v2 is a paid feature); Cognito is the emulator behind `/cognito` on
 * this origin, or LocalStack's endpoint itself with CUOTA_COGNITO=localstack (settings.ts destinoAws).
 */
export function runtimeConfig(
  ports: Ports,
  pool: { userPoolId: string; clientId: string },
  host = `${HOST}:${ports.web}`,
  destino: DestinoAws = destinoAws(ports),
): RuntimeConfig {
  const cognitoPropio = destino.cognito === `http://${HOST}:${ports.cognito}`;
  return {
    stage: 'local',
    apiUrl: '/api',
    wsUrl: `ws://${host}/ws`,
    auth: {
      region: 'us-east-1',
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.clientId,
      userPoolEndpoint: cognitoPropio ? `http://${host}/cognito` : destino.cognito,
      authFlowType: 'USER_PASSWORD_AUTH',
    },
    remotes: { admin: '/apps/admin/remoteEntry.js', portal: '/apps/portal/remoteEntry.js' },
  };
}

/**
 * The same security headers CloudFront sends (infra/lib/security-headers.ts). Only two things
 * differ, because this origin is plain http: the WebSocket is `ws://` on this origin, and there
 * is no upgrade-insecure-requests. HSTS is sent too; browsers ignore it over http. With
 * CUOTA_COGNITO=localstack the browser signs in against LocalStack, whose origin connect-src adds.
 */
export function securityHeaders(ports: Ports, destino: DestinoAws = destinoAws(ports)): Record<string, string> {
  // a Cognito outside this origin (LocalStack's) is called by the browser: the CSP must allow it
  const cognitoAjeno = destino.cognito === `http://${HOST}:${ports.cognito}` ? [] : [new URL(destino.cognito).origin];
  return securityHeaderValues({
    connectSrc: [`ws://${HOST}:${ports.web}`, `ws://localhost:${ports.web}`, ...cognitoAjeno],
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
    serveStatic(req, res, headers, APPS, { config: handlers.config });
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

/** Types CloudFront compresses (text); images and fonts are already compressed. */
const COMPRIMIBLE = /^(text\/|application\/json|image\/svg\+xml)/;
/** CloudFront compresses objects from 1 000 bytes on; smaller ones are not worth a header. */
const MINIMO_COMPRIMIR = 1000;

export type Codificacion = 'br' | 'gzip';

/**
 * The encoding to answer with for an Accept-Encoding header, as CloudFront picks it: brotli when
 * the browser accepts it, else gzip, else none. A coding listed with q=0 is refused.
 */
export function elegirCodificacion(acceptEncoding: string | undefined): Codificacion | null {
  if (!acceptEncoding) return null;
  const aceptadas = new Map<string, number>();
  for (const parte of acceptEncoding.split(',')) {
    const [nombre, ...params] = parte.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (nombre) aceptadas.set(nombre, q === undefined ? 1 : Number(q));
  }
  const acepta = (c: string) => (aceptadas.get(c) ?? aceptadas.get('*') ?? 0) > 0;
  return acepta('br') ? 'br' : acepta('gzip') ? 'gzip' : null;
}

/**
 * Compressed bodies, keyed by file and validator: a built file is compressed once (brotli at
 * quality 5, about CloudFront's level on the fly) and served from memory until it changes.
 */
const comprimidos = new Map<string, Buffer>();
const MAX_COMPRIMIDOS = 2000;

export function comprimir(cuerpo: Buffer, codificacion: Codificacion, clave?: string): Buffer {
  const k = clave && `${codificacion}:${clave}`;
  const hecho = k ? comprimidos.get(k) : undefined;
  if (hecho) return hecho;
  const salida =
    codificacion === 'br'
      ? brotliCompressSync(cuerpo, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: cuerpo.length },
        })
      : gzipSync(cuerpo, { level: 6 });
  if (k) {
    if (comprimidos.size >= MAX_COMPRIMIDOS) comprimidos.delete(comprimidos.keys().next().value!);
    comprimidos.set(k, salida);
  }
  return salida;
}

export interface OpcionesEstaticas {
  /** The config to inline into the shell's index.html for the request's Host (the origin's /config.json). */
  config?: (host: string | undefined) => RuntimeConfig;
}

/**
 * Serves a built file as CloudFront does: hashed assets immutable, the rest (index.html,
 * remoteEntry.js) `no-cache` with an ETag validator; text compressed with brotli or gzip by
 * Accept-Encoding (with `Vary: Accept-Encoding`). A path of the shell's pages (RUTAS_SHELL) gets
 * its index.html (sesion.html, with the session chunks preloaded, for all but the landing); any other path without a file gets the same index.html, whose router shows the
 * 404 screen, with status 404; an unknown asset or remote path a plain 404; 400 for an unreadable address.
 */
export function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string>,
  apps: ReadonlyArray<{ prefix: string; dir: string }> = APPS,
  opciones: OpcionesEstaticas = {},
): void {
  const path = rutaDecodificada(req.url);
  if (path === null) return void responderInvalida(res);
  const app = apps.find((a) => path.startsWith(a.prefix))!;
  const relative = normalize(path.slice(app.prefix.length)).replace(/^(\.\.[/\\])+/, '');
  let file = join(app.dir, relative);
  const isFile = (f: string) => f.startsWith(app.dir) && existsSync(f) && statSync(f).isFile();
  let fallback = false;
  let status = 200;
  if (!isFile(file)) {
    const looksLikeAsset = extname(path) !== '' && !path.endsWith('.html');
    if (looksLikeAsset || app.prefix !== '/') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...headers });
      res.end('No encontrado');
      return;
    }
    file = join(app.dir, 'index.html');
    fallback = true;
    if (!esRutaDeLaShell(path)) status = 404;
    // every page but the landing gets sesion.html: index.html plus preloads of the session chunks
    else if (path !== '/' && isFile(join(app.dir, PAGINA_DE_SESION))) file = join(app.dir, PAGINA_DE_SESION);
    if (!existsSync(file)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('La aplicación web no está compilada: ejecuta `npm run build`.');
      return;
    }
  }
  const immutable = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.\w+$/.test(file);
  const tipo = TYPES[extname(file)] ?? 'application/octet-stream';
  const esPagina = fallback || file.endsWith('.html');
  // A validator, as CloudFront sends S3's ETag: a file served `no-cache` (index.html, remoteEntry.js)
  // is revalidated with a 304 and no body instead of downloaded again on every load.
  const info = statSync(file);
  let version = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
  let cuerpo: Buffer | null = null;
  const config =
    esPagina && [join(app.dir, 'index.html'), join(app.dir, PAGINA_DE_SESION)].includes(file)
      ? opciones.config?.(req.headers.host)
      : undefined;
  if (config) {
    cuerpo = Buffer.from(htmlConConfig(readFileSync(file, 'utf8'), config));
    version = createHash('sha1').update(cuerpo).digest('hex').slice(0, 16);
  }
  const comprimible = COMPRIMIBLE.test(tipo) && info.size >= MINIMO_COMPRIMIR;
  const codificacion = comprimible ? elegirCodificacion(req.headers['accept-encoding']) : null;
  // each representation has its own tag, so a cache never answers a gzip request with brotli
  const etag = `W/"${version}${codificacion ? `-${codificacion}` : ''}"`;
  const cabeceras: Record<string, string> = {
    'content-type': tipo,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag,
    'last-modified': info.mtime.toUTCString(),
    ...(comprimible ? { vary: 'Accept-Encoding' } : {}),
    ...(esPagina ? headers : { 'x-content-type-options': 'nosniff' }),
  };
  if (status === 200 && coincide(req.headers['if-none-match'], etag)) {
    const { 'content-type': _tipo, ...sinCuerpo } = cabeceras;
    res.writeHead(304, sinCuerpo);
    return void res.end();
  }
  if (!codificacion && !cuerpo) {
    res.writeHead(status, cabeceras);
    if (req.method === 'HEAD') return void res.end();
    // a read that fails mid-way (a file replaced by a rebuild, EACCES) ends this answer, not the process
    // (pipeline destroys the answer on error, so the client sees a cut transfer, never a whole file)
    pipeline(createReadStream(file), res, () => undefined);
    return;
  }
  let datos: Buffer;
  try {
    const original = cuerpo ?? readFileSync(file);
    datos = codificacion ? comprimir(original, codificacion, cuerpo ? undefined : `${file}:${version}`) : original;
  } catch {
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    return void res.end('No se pudo leer el archivo');
  }
  res.writeHead(status, {
    ...cabeceras,
    ...(codificacion ? { 'content-encoding': codificacion } : {}),
    'content-length': String(datos.length),
  });
  res.end(req.method === 'HEAD' ? undefined : datos);
}
