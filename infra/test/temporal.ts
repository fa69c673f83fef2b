import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type AppProps } from 'aws-cdk-lib';

const carpetas: string[] = [];

/** A new folder under the system's temp folder, removed when the test file ends (infra/test/setup.ts). */
export function carpetaTemporal(prefijo: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefijo));
  carpetas.push(dir);
  return dir;
}

/** Removes every folder {@link carpetaTemporal} made in this test file. */
export function borrarCarpetasTemporales(): void {
  for (const dir of carpetas.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A CDK App whose cloud assembly goes to a temp folder removed after the test file (an App without
 * `outdir` makes a `cdk.out*` folder in the temp folder on every synthesis, and leaves it there).
 */
export function appTemporal(props: AppProps = {}): App {
  return new App({ ...props, outdir: carpetaTemporal('cuota-cdk-out-') });
}
