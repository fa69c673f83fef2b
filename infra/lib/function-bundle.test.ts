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
/** The target for the largest bundle; the median is measured in bench section 6. */
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

  /** The handler's bundle, written beside the layer: its file URL, and what esbuild says it imports. */
  async function escribirBundle(handler: string): Promise<{ url: string; output: Output }> {
    const { code, output } = await bundle(handler);
    const file = join(dir, `${handler.replace('/', '-')}.mjs`);
    writeFileSync(file, code);
    return { url: `file://${file}`, output };
  }

  /**
   * Runs `script` as an ES module in the layer's directory, with nothing in its environment but PATH,
   * the region and `env`; it must write nothing on stderr and exit 0. Its stdout.
   */
  function ejecutar(script: string, env: Record<string, string>): string {
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', ...env },
    });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    return out.stdout;
  }

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
    const { url, output } = await escribirBundle(handler);
    const script = [
      `const m = await import(${JSON.stringify(url)});`,
      "if (typeof m.handler !== 'function') throw new Error('no handler');",
      `process.stdout.write(JSON.stringify(${JSON.stringify(externos(output))}.map((p) => import.meta.resolve(p))));`,
    ].join(' ');
    const stdout = ejecutar(script, {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      TABLE_NAME: 'cuota',
      USER_POOL_ID: 'us-east-1_test',
    });
    const resueltos = JSON.parse(stdout) as string[];
    expect(resueltos.filter((url) => !url.startsWith(`file://${join(dir, 'node_modules')}/`))).toEqual([]);
  });

  it('with the layer, an invocation as on Lambda sends its X-Ray subsegment and writes its EMF metrics', async () => {
    // the WebSocket $default route calls no AWS service: what is sent is the handler's own subsegment
    const { url } = await escribirBundle('realtime/mensaje');
    // a UDP socket standing in for the X-Ray daemon, and the trace header Lambda sets for a sampled request
    const script = `
      import dgram from 'node:dgram';
      const sock = dgram.createSocket('udp4');
      const segmentos = [];
      sock.on('message', (m) => segmentos.push(JSON.parse(m.toString().split('\\n')[1])));
      await new Promise((r) => sock.bind(0, '127.0.0.1', r));
      process.env.AWS_XRAY_DAEMON_ADDRESS = '127.0.0.1:' + sock.address().port;
      const m = await import(${JSON.stringify(url)});
      const res = await m.handler({ body: 'ping', requestContext: { connectionId: 'c-1' } }, { functionName: 'ws-default', awsRequestId: 'r-1' });
      await new Promise((r) => setTimeout(r, 500));
      sock.close();
      process.stdout.write(JSON.stringify({ res, segmentos }) + '\\n');`;
    const stdout = ejecutar(script, {
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
      AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
      LAMBDA_TASK_ROOT: dir,
      _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
      POWERTOOLS_SERVICE_NAME: 'cuota-api',
      POWERTOOLS_METRICS_NAMESPACE: 'Cuota',
    });
    const lineas = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const { res, segmentos } = lineas.at(-1) as { res: unknown; segmentos: Record<string, unknown>[] };
    expect(res).toEqual({ statusCode: 200, body: JSON.stringify({ type: 'pong' }) });
    expect(segmentos).toEqual([
      expect.objectContaining({
        type: 'subsegment',
        name: '## ws-default',
        trace_id: '1-5759e988-bd862e3fe1be46a994272793',
        parent_id: '53995c3f42cd8ad8',
        annotations: { ColdStart: true, Service: 'cuota-api' },
      }),
    ]);
    // the cold start, in EMF on stdout (CloudWatch Logs turns it into the metric)
    expect(lineas.slice(0, -1)).toEqual([
      expect.objectContaining({ service: 'cuota-api', function_name: 'ws-default', ColdStart: 1, _aws: expect.anything() }),
    ]);
  });
});
