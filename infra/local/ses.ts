/**
 * aws-ses-v2-local with its mail kept on disk: `node ses.ts <file> <host> <port>`.
 *
 * The emulator keeps accepted mail in memory only, but locally its store (GET /store) is the
 * campaign sender's delivery ledger (functions/src/features/comunicacion/correo.ts): after a
 * restart an empty store would say "never sent" about a message that was, and a claim left
 * unsettled by a killed sender would be sent twice. So every accepted message is appended to a
 * JSON-lines file (fsync'd) BEFORE SES answers with its MessageId, and the file is loaded back at
 * start: whatever the sender was told was sent is in the ledger after any crash. A line torn by a
 * kill is skipped (that message was never answered, so the sender treats it as unsent or uncertain).
 *
 * CUOTA_SES_LATENCIA_MS delays each SendEmail answer after the message is stored, like a slow
 * network: the crash-safety test uses it to kill the stack while a sent message is unrecorded.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asegurarServidor, registrarError } from './http-seguro';

const require = createRequire(import.meta.url);

interface Correo {
  messageId: string;
  at: number;
}
interface StoreModule {
  saveEmail: (email: Correo) => void;
  clearStore: () => void;
  getStoreReadonly: () => { emails: Correo[] };
}

/** Messages stored by previous runs, in order; a torn or corrupt line is left out. */
export function leerCorreos(archivo: string): Correo[] {
  if (!existsSync(archivo)) return [];
  const out: Correo[] = [];
  for (const linea of readFileSync(archivo, 'utf8').split('\n')) {
    if (!linea.trim()) continue;
    try {
      const correo = JSON.parse(linea) as Correo;
      if (typeof correo.messageId === 'string') out.push(correo);
    } catch {
      /* the last line of a killed run */
    }
  }
  return out;
}

function anexar(archivo: string, correo: Correo): void {
  const fd = openSync(archivo, 'a');
  try {
    writeSync(fd, `${JSON.stringify(correo)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Starts the emulator with a persistent store; resolves with its HTTP server. */
export async function iniciarSesPersistente(opts: {
  archivo: string;
  host: string;
  port: number;
  latenciaMs?: number;
}): Promise<Server> {
  mkdirSync(dirname(opts.archivo), { recursive: true });
  const store = require('aws-ses-v2-local/dist/store.js') as StoreModule;
  const server = (
    require('aws-ses-v2-local/dist/index.js') as { default: (c: { host: string; port: number }) => Promise<Server> }
  ).default;

  store.getStoreReadonly().emails.push(...leerCorreos(opts.archivo));
  // a line torn by a kill must not swallow the next message appended after it
  if (existsSync(opts.archivo)) {
    const previo = readFileSync(opts.archivo);
    if (previo.length > 0 && previo[previo.length - 1] !== 0x0a) writeFileSync(opts.archivo, '\n', { flag: 'a' });
  }
  // the handlers call store.saveEmail through the module's exports, so replacing it here is enough
  const guardar = store.saveEmail;
  store.saveEmail = (correo) => {
    anexar(opts.archivo, correo);
    guardar(correo);
  };
  const vaciar = store.clearStore;
  store.clearStore = () => {
    writeFileSync(opts.archivo, '');
    vaciar();
  };

  const s = await server({ host: opts.host, port: opts.port });
  // the emulator answers twice (then throws) for a missing or bad query parameter: refused here first
  const [emulador] = s.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  s.removeAllListeners('request');
  s.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (consultaInvalida(req.url ?? '/')) {
      res.writeHead(400, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ message: 'Bad query parameter' }));
    }
    emulador!(req, res);
  });
  const latencia = opts.latenciaMs ?? 0;
  if (latencia > 0) {
    const [app] = s.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    s.removeAllListeners('request');
    s.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.method === 'POST' && (req.url ?? '').startsWith('/v2/email/outbound-emails')) {
        const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
        res.end = ((...a: unknown[]) => {
          setTimeout(() => end(...a), latencia);
          return res;
        }) as ServerResponse['end'];
      }
      app!(req, res);
    });
  }
  return asegurarServidor('ses', s);
}

/** `/store?since=` not an integer, `/get-emlContent` without a known messageId: what the emulator would answer twice. */
function consultaInvalida(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url, 'http://localhost');
  } catch {
    return true;
  }
  // express matches paths case-insensitively and with a trailing slash
  const ruta = u.pathname.toLowerCase().replace(/\/+$/, '');
  const since = u.searchParams.getAll('since');
  if (ruta === '/store' && since.length > 0) return since.length > 1 || !/^\d+$/.test(since[0]!);
  if (ruta === '/get-emlcontent') {
    const id = u.searchParams.getAll('messageId');
    const { emails } = (require('aws-ses-v2-local/dist/store.js') as StoreModule).getStoreReadonly();
    return id.length !== 1 || !emails.some((e) => e.messageId === id[0]);
  }
  return false;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const [archivo, host, port] = process.argv.slice(2);
  if (!archivo || !host || !port) {
    console.error('uso: ses.ts <archivo.jsonl> <host> <puerto>');
    process.exit(2);
  }
  // a rejection inside the emulator (a handler answering twice) is logged; the emulator keeps serving
  process.on('unhandledRejection', (error) => registrarError('ses', undefined, error));
  iniciarSesPersistente({ archivo, host, port: Number(port), latenciaMs: Number(process.env.CUOTA_SES_LATENCIA_MS ?? 0) })
    .then(() => console.log(`aws-ses-v2-local (persistente en ${archivo}) en http://${host}:${port}`))
    .catch((error: unknown) => {
      console.error('aws-ses-v2-local no pudo iniciar', error);
      process.exit(1);
    });
}
