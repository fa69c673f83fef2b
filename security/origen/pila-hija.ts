import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `npm start` (infra/local/start.ts) as a child process on its own ports and data folder, without
 * demo data or a web build: every port the stack opens, each in the process that serves it, so a
 * request that crashes one shows as a port that no longer answers.
 */
const require = createRequire(import.meta.url);
export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const TSX = pathToFileURL(require.resolve('tsx')).href;
export const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Hija {
  child: ChildProcess;
  dir: string;
  /** The env marker every process of this stack inherits (see `procesosConMarca`). */
  marca: string;
  salida(): string;
  terminada: Promise<number | null>;
}

export function lanzarPila(port: number, env: Record<string, string> = {}): Hija {
  const dir = mkdtempSync(join(tmpdir(), 'cuota-origen-'));
  const marca = `CUOTA_PRUEBA_ORIGEN=${process.pid}-${port}`;
  let salida = '';
  const child = spawn(process.execPath, ['--import', TSX, join(ROOT, 'infra/local/start.ts')], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      CUOTA_LOCAL_DIR: dir,
      CUOTA_SEED: '0',
      CUOTA_BUILD: '0',
      LOG_LEVEL: 'ERROR',
      CUOTA_PRUEBA_ORIGEN: marca.split('=')[1]!,
      ...env,
    },
  });
  child.stdout!.on('data', (d: Buffer) => (salida = (salida + d.toString()).slice(-20_000)));
  child.stderr!.on('data', (d: Buffer) => (salida = (salida + d.toString()).slice(-20_000)));
  const terminada = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, dir, marca, salida: () => salida, terminada };
}

/** Resolves when /healthz says ready; throws with the stack's output if it exits or takes too long. */
export async function esperarLista(h: Hija, port: number, limiteMs = 90_000): Promise<void> {
  const limite = Date.now() + limiteMs;
  for (;;) {
    if (h.child.exitCode !== null) throw new Error(`la pila terminó al iniciar:\n${h.salida()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > limite) throw new Error(`la pila no estuvo lista:\n${h.salida()}`);
    await esperar(200);
  }
}

/** Ctrl-C, then SIGKILL to the whole group if anything is left; the data folder is removed. */
export async function detenerPila(h: Hija): Promise<void> {
  if (h.child.exitCode === null) h.child.kill('SIGTERM');
  await Promise.race([h.terminada, esperar(5_000)]);
  try {
    process.kill(-h.child.pid!, 'SIGKILL');
  } catch {
    /* already gone */
  }
  rmSync(h.dir, { recursive: true, force: true });
}

/** Pids of live processes whose environment holds the marker (Linux /proc; empty elsewhere). */
export function procesosConMarca(marca: string): number[] {
  const pids: number[] = [];
  let entradas: string[];
  try {
    entradas = readdirSync('/proc');
  } catch {
    return pids;
  }
  for (const e of entradas) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const env = readFileSync(`/proc/${e}/environ`, 'latin1').split('\0');
      const estado = readFileSync(`/proc/${e}/stat`, 'latin1');
      if (env.includes(marca) && !/^\d+ \(.*\) Z/.test(estado)) pids.push(Number(e));
    } catch {
      /* gone, or not ours */
    }
  }
  return pids;
}

/** A free block of consecutive loopback ports, as the other throw-away stacks take theirs. */
export { puertosLibres } from '../../infra/local/puertos';
