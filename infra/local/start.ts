/**
 * `npm start`: the whole product on one origin (http://127.0.0.1:3000, PORT overrides) with
 * DynamoDB Local, cognito-local, aws-ses-v2-local, the API and WebSocket gateways, the stream
 * poller and the scheduler, running the same handler modules as the Lambdas.
 * `npm run start:localstack` (CUOTA_LOCALSTACK=1): the same, with DynamoDB and its stream (and,
 * when switched on, SESv2 and Cognito) in LocalStack instead of the emulators (settings.ts destinoAws).
 */
import './quiet';
import type { Server } from 'node:http';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApps, staleApps } from './build';
import { firmarClienteDeLasFunciones } from './cognito-firmante';
import { proxyCognito } from './cognito-proxy';
import { controlHandler } from './control';
import { guardarClaveDeControl } from './control-clave';
import { ensureDemoUsers, ensureTable, ensureUserPool } from './bootstrap';
import { handleApi } from './gateway';
import { crearServidor, registrarError, seguroUpgrade } from './http-seguro';
import { Scheduler } from './scheduler';
import {
  esperarEndpoint,
  FalloDeArranque,
  portInUse,
  sesMailFile,
  startCognito,
  startDynamo,
  startSes,
  waitForPort,
  type Service,
} from './services';
import {
  aplicarHandlerEnv,
  CLAVE_DE_CONTROL,
  crearCarpetaLocal,
  DEMO_PASSWORD,
  destinoAws,
  emuladoresPropios,
  HOST,
  LOCAL_DIR,
  handlerEnv,
  portsFrom,
} from './settings';
import { StreamPoller } from './streams';
import { runtimeConfig, securityHeaders, webOrigin, webOriginUpgrade } from './web';
import { LocalWebSocketApi } from './websocket';
import { ensureStaffProfiles, precargarSemilla, seedIfEmpty } from './seed';

const started = Date.now();
/** How long each phase of the start took, shown with the ready message. */
const fases: Array<[string, number]> = [];
let finDeFase = started;
function fase(nombre: string): void {
  const ahora = Date.now();
  fases.push([nombre, ahora - finDeFase]);
  finDeFase = ahora;
}
const segundos = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ports = portsFrom();
// read once, before handlerEnv writes the per-service endpoints into this process's environment
const destino = destinoAws(ports);
const propios = emuladoresPropios(ports, destino);
const verbose = process.env.CUOTA_VERBOSE === '1';
const lockFile = join(LOCAL_DIR, 'stack.lock');
const services: Service[] = [];

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function acquireLock(): void {
  crearCarpetaLocal();
  if (existsSync(lockFile)) {
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number; port: number };
    if (isAlive(lock.pid) && lock.pid !== process.pid) {
      console.error(
        `✗ Cuota ya está corriendo (pid ${lock.pid}) en http://${HOST}:${lock.port} con los datos de ${LOCAL_DIR}.\n` +
          '  Detén esa instancia con Ctrl-C, o usa otra carpeta de datos (CUOTA_LOCAL_DIR) y otro PORT.',
      );
      process.exit(1);
    }
  }
  writeFileSync(lockFile, JSON.stringify({ pid: process.pid, port: ports.web }));
}

let stopping = false;
async function stop(code = 0): Promise<never> {
  if (!stopping) {
    stopping = true;
    console.log('\nDeteniendo Cuota…');
    for (const s of services) s.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    for (const s of services) if (s.process.exitCode === null) s.process.kill('SIGKILL');
    rmSync(lockFile, { force: true });
  }
  process.exit(code);
}

const puertoOcupado = (port: number, name: string) =>
  new FalloDeArranque(
    `el puerto ${port} (${name}) ya está en uso: detén lo que lo usa o elige otro con PORT=…`,
    `port ${port} (${name}) is already in use: stop whatever uses it or choose another with PORT=…`,
  );

/** Listens on the port, or rejects with the port-in-use message. */
function escuchar(server: Server, port: number, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? puertoOcupado(port, name) : error),
    );
    server.listen(port, HOST, () => resolve());
  });
}

/** A failure nobody awaited must neither crash the stack nor leave the emulators orphaned. */
function vigilarProceso(): void {
  process.on('unhandledRejection', (error) => registrarError('cuota', undefined, error));
  process.on('uncaughtException', (error) => {
    if (stopping) return;
    console.error('✗ Cuota se detuvo por un error inesperado / Cuota stopped on an unexpected error:', error.message);
    if (verbose) console.error(error);
    void stop(1);
  });
}

async function main(): Promise<void> {
  acquireLock();
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  vigilarProceso();
  for (const [name, port] of Object.entries(ports)) {
    if (await portInUse(port)) throw puertoOcupado(port, name);
  }

  const stale = process.env.CUOTA_BUILD === '0' ? [] : staleApps();
  if (stale.length > 0) {
    console.log(`Compilando aplicaciones web: ${stale.join(', ')}`);
    buildApps(stale);
    fase('compilación');
  }

  // one at a time, so that a throw while starting the second still stops the first;
  // none for a service LocalStack serves
  if (propios.dynamodb) services.push(startDynamo(ports, verbose));
  if (propios.cognito) services.push(startCognito(ports, verbose, true));
  if (propios.ses) services.push(startSes(ports, verbose, sesMailFile()));
  // While the emulators start (Java's start is most of it), load the lending engine the demo seed
  // drives: the functions' modules read no setting at load but the ports', which are known now.
  aplicarHandlerEnv(handlerEnv(ports, { userPoolId: '', clientId: '' }, destino));
  const engine = precargarSemilla();
  // cognito-local answers only the stack's key: the functions' Cognito client names it on every call
  const firmado = firmarClienteDeLasFunciones();
  for (const s of services) s.process.once('exit', (code) => !stopping && console.error(`✗ ${s.name} se detuvo (${code})`));
  // a program missing (Java) or an emulator that exits (its port taken) stops the start at once
  await Promise.race([
    Promise.all([
      propios.dynamodb
        ? waitForPort(ports.dynamodb, 60_000, 'DynamoDB Local')
        : esperarEndpoint(destino.dynamodb, 30_000, 'DynamoDB'),
      propios.cognito ? waitForPort(ports.cognito, 30_000, 'cognito-local') : esperarEndpoint(destino.cognito, 30_000, 'Cognito'),
      propios.ses ? waitForPort(ports.ses, 30_000, 'aws-ses-v2-local') : esperarEndpoint(destino.sesv2, 30_000, 'SES'),
    ]),
    ...services.map((s) => s.fallo),
  ]);
  fase('emuladores');

  await firmado;
  const env0 = handlerEnv(ports, { userPoolId: '', clientId: '' }, destino);
  // the table (DynamoDB Local or LocalStack) and the user pool (cognito-local) do not depend on each other
  const [table, pool] = await Promise.all([
    ensureTable(destino.dynamodb, env0.TABLE_NAME!),
    ensureUserPool(ports, destino.cognito),
  ]);
  aplicarHandlerEnv(handlerEnv(ports, pool, destino));

  const ws = new LocalWebSocketApi();
  const scheduler = new Scheduler();
  const headers = securityHeaders(ports, destino);

  // The origin listens from the start so that /healthz can say 'starting', but until `ready` every
  // /api request and /ws upgrade gets 503 SERVICE_STARTING, and the scheduler and the control
  // port's job endpoint run no job: nothing reads or writes the demo data while it is written.
  // The control port's Lambda-invoke endpoint works from the start (seeding the demo users runs
  // the Cognito triggers through it).
  let ready = false;
  const web = crearServidor(
    'origen',
    webOrigin(headers, {
      api: handleApi,
      ready: () => ready,
      config: (host) => runtimeConfig(ports, pool, host, destino),
      cognito: proxyCognito({
        upstream: `${destino.cognito}/`,
        clientId: pool.clientId,
        userPoolId: pool.userPoolId,
      }),
    }),
    headers,
  );
  web.on(
    'upgrade',
    seguroUpgrade(
      'origen',
      webOriginUpgrade(headers, { ready: () => ready, ws: (req, socket, head) => ws.upgrade(req, socket, head) }),
    ),
  );

  /** Internal control port (loopback): Lambda Invoke for Cognito triggers, @connections, jobs. */
  const control = crearServidor(
    'control',
    controlHandler({ ws, runJob: (name, input) => scheduler.run(name, input), ready: () => ready }),
  );

  await escuchar(web, ports.web, 'web');
  await escuchar(control, ports.control, 'control');
  // for the callers outside this process that run a job through the control port (tests, benchmark)
  guardarClaveDeControl(LOCAL_DIR, CLAVE_DE_CONTROL);

  const users = await ensureDemoUsers(ports, pool, destino.cognito);
  await ensureStaffProfiles(users);
  fase('tabla y usuarios');
  await engine;
  const seed = await seedIfEmpty(users);
  // data from before segments existed feeds them once, before the first request (the job, run now)
  await scheduler.runAtStartup('reindexar-segmentos');
  fase('datos de demostración');

  const poller = new StreamPoller(destino.dynamodb, table.streamArn);
  await poller.catchUp();
  fase('streams');
  poller.start();
  scheduler.start();
  ready = true;

  const detalle = fases.map(([nombre, ms]) => `${nombre} ${segundos(ms)}`).join(', ');
  console.log(`
Cuota está lista en http://${HOST}:${ports.web}  (arranque: ${segundos(Date.now() - started)}: ${detalle})

  Usuarios de demostración (contraseña ${DEMO_PASSWORD}):
${users.map((u) => `    ${u.email.padEnd(20)} ${u.roles.length ? u.roles.join(', ') : 'cliente'}`).join('\n')}
  ${seed}

  DynamoDB        ${destino.dynamodb}   Cognito  ${destino.cognito}
  Correo (SES)    ${destino.sesv2}   (correo enviado en ${destino.sesLibro})${destino.localstack ? `\n  LocalStack      ${destino.localstack}` : ''}
  API             http://${HOST}:${ports.web}/api/openapi.json
  Datos en ${LOCAL_DIR} (npm run reset los borra). Ctrl-C para detener.
`);
}

main().catch(async (error) => {
  const es = error instanceof Error ? error.message : String(error);
  const en =
    error instanceof FalloDeArranque ? error.en : 'see the message above (CUOTA_VERBOSE=1 shows the details of every service)';
  console.error(`✗ No se pudo iniciar Cuota: ${es}\n  Cuota could not start: ${en}`);
  if (verbose) console.error(error);
  await stop(1);
});
