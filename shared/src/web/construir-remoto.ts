/**
 * Builds a federated remote (`vite build` in the app's folder), retrying the one failure that is
 * not ours: the federation plugin lists which names each `import: false` share must export from
 * the imports it has seen, and it decides it has seen them all when no module has been pending for
 * 10 ms. Under load a pause longer than that between two modules ends the analysis early; the
 * share's wrapper then lacks names later modules import, and rolldown stops with MISSING_EXPORT
 * against a `__loadShare__` module. The output of a build that succeeds is complete (rolldown
 * fails on any missing name), so running it again is safe; any other failure is reported at once.
 *
 * Run as `tsx ../shared/src/web/construir-remoto.ts` from admin-app or portal-app.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const INTENTOS_DE_CONSTRUCCION = 3;

/** The plugin's early end of analysis, as rolldown reports it; nothing else matches. */
export function esAnalisisIncompletoDeLaFederacion(salida: string): boolean {
  return /\[MISSING_EXPORT\][^\n]*__loadShare__/.test(salida);
}

export interface Intento {
  status: number | null;
  salida: string;
}

/** Runs `construir` until it succeeds or fails for another reason; at most `intentos` times. */
export function construirConReintentos(
  construir: () => Intento,
  avisar: (mensaje: string) => void,
  intentos = INTENTOS_DE_CONSTRUCCION,
): Intento {
  let ultimo: Intento = { status: null, salida: '' };
  for (let n = 1; n <= intentos; n++) {
    ultimo = construir();
    if (ultimo.status === 0 || !esAnalisisIncompletoDeLaFederacion(ultimo.salida)) return ultimo;
    if (n < intentos) {
      avisar(
        `La federación terminó su análisis de exportaciones antes de tiempo (intento ${n} de ${intentos}); compilando de nuevo.`,
      );
    }
  }
  return ultimo;
}

function main(): void {
  const paquete = createRequire(join(process.cwd(), 'package.json')).resolve('vite/package.json');
  const vite = join(dirname(paquete), 'bin', 'vite.js');
  const resultado = construirConReintentos(
    () => {
      const out = spawnSync(process.execPath, [vite, 'build', ...process.argv.slice(2)], {
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      });
      return { status: out.status, salida: `${out.stdout}${out.stderr}` };
    },
    (mensaje) => console.warn(mensaje),
  );
  process.stdout.write(resultado.salida);
  process.exitCode = resultado.status ?? 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
