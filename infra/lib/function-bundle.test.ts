import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LAMBDA_EXTERNALS } from './externals';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Small Lambdas (issue 14): a handler bundles its own route, schemas and texts, never the whole API
 * contract. Built as NodejsFunction builds it (infra/lib/function.ts: ESM, minified, the runtime's
 * AWS SDK external) for a few representative handlers: an HTTP route, one with Cognito admin calls,
 * and the campaign sender (the largest).
 */
const HANDLERS = ['pagos/aprobar-pago', 'usuarios/crear-usuario', 'comunicacion/despachar-campanas'];
/** The target for the largest bundle; the median is measured in bench section 6. */
const MAX_BYTES = 300 * 1024;

async function bundle(handler: string): Promise<{ bytes: number; inputs: Metafile['outputs'][string]['inputs'] }> {
  const result = await build({
    entryPoints: [join(ROOT, 'functions/src/features', `${handler}.ts`)],
    absWorkingDir: ROOT,
    outfile: 'index.mjs',
    write: false,
    bundle: true,
    target: 'node24',
    platform: 'node',
    format: 'esm',
    minify: true,
    mainFields: ['module', 'main'],
    external: [...LAMBDA_EXTERNALS],
    metafile: true,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  return { bytes: output.bytes, inputs: output.inputs };
}

/** Inputs that put code in the bundle (a module esbuild only passed through weighs 0 bytes). */
const used = (inputs: Metafile['outputs'][string]['inputs']) =>
  Object.entries(inputs)
    .filter(([, v]) => v.bytesInOutput > 0)
    .map(([k]) => k);

describe('bundle of a handler', () => {
  it.each(HANDLERS)('%s: no manifest, no whole TEXTS, no AWS SDK, under 300 kB', async (handler) => {
    const { bytes, inputs } = await bundle(handler);
    const files = used(inputs);
    expect(files.filter((f) => f.endsWith('functions/src/manifest.ts'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('shared/src/texts.ts') || f.endsWith('shared/src/index.ts'))).toEqual([]);
    // only the route modules of the handler's own feature (the manifest would bring every one)
    const feature = handler.split('/')[0]!;
    expect(files.filter((f) => /features\/[^/]+\/(portal-)?routes\.ts$/.test(f) && !f.includes(`features/${feature}/`))).toEqual(
      [],
    );
    expect(files.filter((f) => /node_modules\/@(aws-sdk|smithy)\//.test(f))).toEqual([]);
    expect(bytes).toBeLessThanOrEqual(MAX_BYTES);
  });
});
