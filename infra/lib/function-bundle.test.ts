import { spawnSync } from 'node:child_process';
import { isBuiltin } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMBDA_EXTERNALS, LAYER_PACKAGES } from './externals';
import { construirCapaSdk } from './sdk-layer';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Small Lambdas (issue 14): a handler bundles its own route, schemas and texts, never the whole API
 * contract, and never the AWS SDK or Powertools (with the X-Ray SDK), which the layer provides. Built as NodejsFunction builds it
 * (infra/lib/function.ts: ESM, minified, the layer's packages external) for a few representative
 * handlers: an HTTP route, one with Cognito admin calls, the campaign sender (the largest) and the
 * WebSocket push.
 */
const HANDLERS = [
  'pagos/aprobar-pago',
  'usuarios/crear-usuario',
  'comunicacion/despachar-campanas',
  'realtime/push-notificaciones',
];
/** The issue's target for the largest bundle; the median is measured in bench section 6. */
const MAX_BYTES = 300 * 1024;

type Output = Metafile['outputs'][string];

async function bundle(handler: string): Promise<{ bytes: number; code: string; output: Output }> {
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
  return { bytes: output.bytes, code: result.outputFiles[0]!.text, output };
}

/** Inputs that put code in the bundle (a module esbuild only passed through weighs 0 bytes). */
const used = (inputs: Output['inputs']) =>
  Object.entries(inputs)
    .filter(([, v]) => v.bytesInOutput > 0)
    .map(([k]) => k);

/** What an output imports from outside itself, Node built-ins aside. */
const externos = (output: Output) => [
  ...new Set(output.imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => i.path)),
];

describe('bundle of a handler', () => {
  it.each(HANDLERS)('%s: no manifest, no whole TEXTS, no AWS SDK or Powertools, under 300 kB', async (handler) => {
    const { bytes, output } = await bundle(handler);
    const files = used(output.inputs);
    expect(files.filter((f) => f.endsWith('functions/src/manifest.ts'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('shared/src/texts.ts') || f.endsWith('shared/src/index.ts'))).toEqual([]);
    // only the route modules of the handler's own feature (the manifest would bring every one)
    const feature = handler.split('/')[0]!;
    expect(files.filter((f) => /features\/[^/]+\/(portal-)?routes\.ts$/.test(f) && !f.includes(`features/${feature}/`))).toEqual(
      [],
    );
    expect(files.filter((f) => /node_modules\/(@aws-sdk|@smithy|@aws-lambda-powertools|aws-xray-sdk-core)\//.test(f))).toEqual(
      [],
    );
    expect(bytes).toBeLessThanOrEqual(MAX_BYTES);
  });

  it.each(HANDLERS)('%s: imports nothing but the SDK layer and Node built-ins', async (handler) => {
    const { output } = await bundle(handler);
    const fuera = externos(output);
    expect(fuera.length).toBeGreaterThan(0);
    expect(fuera.filter((p) => !(LAYER_PACKAGES as readonly string[]).includes(p))).toEqual([]);
  });
});

describe('the AWS SDK layer', () => {
  // A temporary directory outside the repository: nothing but the layer can answer an `@aws-sdk/*` import there.
  let dir: string;
  let meta: Metafile;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cuota-capa-sdk-'));
    meta = await construirCapaSdk(join(dir, 'node_modules'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds one package per SDK package the functions import, at the pinned version, self-contained', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version: string }>;
    };
    for (const pkg of LAYER_PACKAGES) {
      const json = JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string };
      const pinned = lock.packages[`functions/node_modules/${pkg}`] ?? lock.packages[`node_modules/${pkg}`];
      expect(json.version, pkg).toBe(pinned?.version);
    }
    // no file of the layer imports a package: the SDK and everything it uses are inside
    for (const [file, output] of Object.entries(meta.outputs)) expect(externos(output), file).toEqual([]);
  });

  it.each(HANDLERS)('%s loads with the layer alone, and the SDK it gets is the layer', async (handler) => {
    const { code, output } = await bundle(handler);
    const file = join(dir, `${handler.replace('/', '-')}.mjs`);
    writeFileSync(file, code);
    const script = [
      `const m = await import(${JSON.stringify(`file://${file}`)});`,
      "if (typeof m.handler !== 'function') throw new Error('no handler');",
      `process.stdout.write(JSON.stringify(${JSON.stringify(externos(output))}.map((p) => import.meta.resolve(p))));`,
    ].join(' ');
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: dir,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        AWS_REGION: 'us-east-1',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        TABLE_NAME: 'cuota',
        USER_POOL_ID: 'us-east-1_test',
      },
    });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const resueltos = JSON.parse(out.stdout) as string[];
    expect(resueltos.filter((url) => !url.startsWith(`file://${join(dir, 'node_modules')}/`))).toEqual([]);
  });
});
