/**
 * The whole local stack (`npm start`: infra/local/start.ts — DynamoDB Local, cognito-local, SES,
 * the API gateway running the handler modules, the stream poller and the scheduler) in a child
 * process on its own port and a fresh data folder, for the load test and the web measurements.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuSeconds, descendants, type Log } from './stats';

const ROOT = join(import.meta.dirname, '..');

export interface Stack {
  port: number;
  url: string;
  /** The stack's data folder (its control port's key is there: infra/local/control-clave.ts). */
  dataDir: string;
  /** DynamoDB Local of the stack (PORT + 1). */
  dynamoUrl: string;
  /** The stack's Node process: the API gateway, handlers, stream poller and scheduler. */
  pid: number;
  startSeconds: number;
  /** CPU seconds used so far by the gateway process, DynamoDB Local and the emulators. */
  cpu(): { gateway: number; dynamo: number; emuladores: number };
  stop(): Promise<void>;
}

export async function startStack(opts: { port: number; env: NodeJS.ProcessEnv; log: Log }): Promise<Stack> {
  const { port, log } = opts;
  const dataDir = join('.local', `bench-${port}`);
  rmSync(join(ROOT, dataDir), { recursive: true, force: true });
  const logFile = join(tmpdir(), `cuota-bench-stack-${port}.log`);
  const out = createWriteStream(logFile);
  const started = Date.now();
  // node --import tsx runs start.ts in this one process (no npx/tsx wrapper), so its pid is the
  // gateway's and SIGTERM reaches start.ts's own shutdown, which stops the emulators it started.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: ROOT,
    env: {
      // the benchmark signs up many customers from 127.0.0.1: the local sign-up and sign-in limits are raised
      CUOTA_LIMITES_LOCALES: '1000',
      ...opts.env,
      PORT: String(port),
      CUOTA_LOCAL_DIR: dataDir,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => (exited = true));
  const pid = child.pid!;

  const stop = async () => {
    if (exited) return;
    const tree = descendants(pid).map((d) => d.pid);
    child.kill('SIGTERM');
    const deadline = Date.now() + 10_000;
    while (!exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (!exited) child.kill('SIGKILL');
    for (const p of tree) {
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  };

  const deadline = Date.now() + 300_000;
  for (;;) {
    if (exited)
      throw new Error(
        `la pila local terminó al arrancar; registro en ${logFile}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`,
      );
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`la pila local no estuvo lista en 300 s; registro en ${logFile}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const startSeconds = (Date.now() - started) / 1000;
  log(`  pila local lista en ${url} en ${startSeconds.toFixed(1)} s (registro: ${logFile})`);

  const procesos = descendants(pid);
  const java = procesos.filter((p) => /\bjava\b/.test(p.cmd)).map((p) => p.pid);
  const otros = procesos.filter((p) => !java.includes(p.pid)).map((p) => p.pid);
  return {
    port,
    url,
    dataDir: join(ROOT, dataDir),
    dynamoUrl: `http://127.0.0.1:${port + 1}`,
    pid,
    startSeconds,
    cpu: () => ({
      gateway: cpuSeconds(pid),
      dynamo: java.reduce((s, p) => s + cpuSeconds(p), 0),
      emuladores: otros.reduce((s, p) => s + cpuSeconds(p), 0),
    }),
    stop,
  };
}
