import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Every HTTP server of the local stack is created here: a bad request is answered 4xx and an
 * unexpected error (a throw, a rejected promise, a client that went away mid-body) is logged on
 * one line and answered 500, and the process keeps serving. Malformed request lines and headers
 * never reach a listener: Node's parser refuses them ('clientError'), answered 400 (431 for
 * oversized headers) and closed.
 */

/** A request listener that may be async: its rejection is caught, not left unhandled. */
export type Oyente = (req: IncomingMessage, res: ServerResponse) => unknown;
export type OyenteUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => unknown;

/** 400 in Spanish for a request whose address cannot be read (bad %-encoding, not a path). */
export const SOLICITUD_INVALIDA = {
  code: 'BAD_REQUEST',
  message: 'La dirección de la solicitud no es válida',
} as const;
const ERROR_INTERNO = { code: 'INTERNAL_ERROR', message: 'Ocurrió un error inesperado. Intenta de nuevo en unos minutos.' };

/** One JSON line on stderr: which server, which request, what failed. */
export function registrarError(servidor: string, req: IncomingMessage | undefined, error: unknown): void {
  const e = error instanceof Error ? error : new Error(String(error));
  console.error(
    JSON.stringify({
      nivel: 'error',
      servidor,
      metodo: req?.method,
      url: req?.url?.slice(0, 200),
      error: e.name,
      mensaje: e.message.slice(0, 500),
      pila: e.stack
        ?.split('\n')
        .slice(1, 4)
        .map((l) => l.trim()),
    }),
  );
}

export function responderJson(res: ServerResponse, status: number, body: unknown, cabeceras: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return void res.destroy();
  res.writeHead(status, { ...cabeceras, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** 400 SOLICITUD_INVALIDA. */
export const responderInvalida = (res: ServerResponse, cabeceras: Record<string, string> = {}) =>
  responderJson(res, 400, SOLICITUD_INVALIDA, cabeceras);

/**
 * Whether the request target can be read: a path (none of these servers is a proxy, so no
 * absolute-form `GET http://…`, no `*`) whose %-encoding decodes.
 */
export function direccionLegible(url: string | undefined): boolean {
  if (!url?.startsWith('/')) return false;
  try {
    decodeURIComponent(new URL(url, 'http://localhost').pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * The listener, behind two guards: a target that cannot be read is answered 400 before it runs;
 * any throw or rejection is logged and answered 500 (or the connection cut if the answer had started).
 */
export function seguro(servidor: string, oyente: Oyente, cabeceras: Record<string, string> = {}): RequestListener {
  const fallo = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    // a client that went away mid-body is not a server error: nothing to answer, nobody to tell
    if (req.destroyed && !req.complete) return void res.destroy();
    registrarError(servidor, req, error);
    responderJson(res, 500, ERROR_INTERNO, cabeceras);
  };
  return (req, res) => {
    if (!direccionLegible(req.url)) {
      req.resume();
      return responderInvalida(res, cabeceras);
    }
    try {
      const r = oyente(req, res);
      if (r instanceof Promise) r.catch((error: unknown) => fallo(req, res, error));
    } catch (error) {
      fallo(req, res, error);
    }
  };
}

/** The same for an `upgrade` listener: the socket gets an error listener (a reset while the handshake waits must not crash) and a 500 on failure. */
export function seguroUpgrade(servidor: string, oyente: OyenteUpgrade): OyenteUpgrade {
  const fallo = (req: IncomingMessage, socket: Duplex, error: unknown) => {
    if (socket.destroyed) return;
    registrarError(servidor, req, error);
    socket.end('HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
  return (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    try {
      const r = oyente(req, socket, head);
      if (r instanceof Promise) r.catch((error: unknown) => fallo(req, socket, error));
    } catch (error) {
      fallo(req, socket, error);
    }
  };
}

/** 'clientError': what Node's parser refused (bad request line, headers, chunked framing) gets 400 (431 for oversized headers) and the connection is closed. */
export function responderErrorDeCliente(error: Error & { code?: string }, socket: Duplex): void {
  const enCurso = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || enCurso?.headersSent) return void socket.destroy();
  const estado =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? '431 Request Header Fields Too Large'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? '408 Request Timeout'
        : '400 Bad Request';
  socket.end(`HTTP/1.1 ${estado}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Guards a server someone else created (a third-party emulator): its listeners wrapped, 'clientError' answered. */
export function asegurarServidor(servidor: string, server: Server): Server {
  const oyentes = server.listeners('request') as Oyente[];
  server.removeAllListeners('request');
  for (const oyente of oyentes) server.on('request', seguro(servidor, oyente));
  server.removeAllListeners('clientError');
  server.on('clientError', responderErrorDeCliente);
  return server;
}

/** `createServer` for the local stack: the listener wrapped by `seguro` (its own answers with `cabeceras`), 'clientError' answered 400. */
export function crearServidor(servidor: string, oyente: Oyente, cabeceras: Record<string, string> = {}): Server {
  const server = createServer(seguro(servidor, oyente, cabeceras));
  server.on('clientError', responderErrorDeCliente);
  return server;
}
