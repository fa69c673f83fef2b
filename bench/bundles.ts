/**
 * Lambda bundles as CDK builds them (infra/lib/function.ts → NodejsFunction → local esbuild):
 * size on disk, gzip, source map, and the cold import time of each bundle in a fresh Node process,
 * three ways, alternating: with the AWS SDK layer as deployed (infra/lib/sdk-layer.ts: the pinned SDK
 * pre-bundled, found before anything else as on Lambda), with the SDK external and loaded package by
 * package from node_modules (as the runtime's own copy would be), and with the SDK bundled into each
 * function (a second build, which also gives the size it would add).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, version as esbuildVersion, type Metafile } from 'esbuild';
import { LAMBDA_EXTERNALS, LAYER_PACKAGES } from '../infra/lib/externals';
import { construirCapaSdk } from '../infra/lib/sdk-layer';
import { EVENT_RULES, JOBS, ROUTES, STREAM_CONSUMERS, TRIGGERS, WEBSOCKET_ROUTES } from '@cuota/functions/manifest';
import { fmt, kb, median, ms, type Log } from './stats';

const ROOT = join(import.meta.dirname, '..');
/** What NodejsFunction passes to esbuild for every ApiFunction (bundling props in infra/lib/function.ts). */
const BANNER =
  "import { createRequire as __cuotaCreateRequire } from 'node:module'; const require = __cuotaCreateRequire(import.meta.url);";
/** The Lambda runtime of FUNCTION_DEFAULTS (NODEJS_24_X): NodejsFunction derives the esbuild target from it. */
const TARGET = 'node24';
const RUNS = 5;

interface Funcion {
  id: string;
  kind: string;
  handler: string;
}

/** Every function the CDK app creates, with the same ids (api, auth, realtime and jobs stacks). */
export function funciones(): Funcion[] {
  return [
    ...ROUTES.map((r) => ({ id: r.id, kind: `${r.method} ${r.path}`, handler: r.handler })),
    ...TRIGGERS.map((t) => ({ id: t.id, kind: `Cognito ${t.kind.replace('cognito-', '')}`, handler: t.handler })),
    ...WEBSOCKET_ROUTES.map((w) => ({ id: `ws-${w.routeKey.slice(1)}`, kind: `WebSocket ${w.routeKey}`, handler: w.handler })),
    ...STREAM_CONSUMERS.map((s) => ({ id: s.id, kind: 'DynamoDB stream', handler: s.handler })),
    ...JOBS.map((j) => ({ id: j.id, kind: j.everyMinutes ? `every ${j.everyMinutes} min` : 'on demand', handler: j.handler })),
    ...EVENT_RULES.map((e) => ({ id: e.id, kind: 'EventBridge rule', handler: e.handler })),
  ];
}

/** The environment a deployed function has at init (values are placeholders: nothing is called at import). */
function lambdaEnv(id: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    AWS_LAMBDA_FUNCTION_NAME: id,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    // as infra/lib/function.ts sets them: the source map is read at start, Powertools (tracer on) as deployed
    NODE_OPTIONS: '--enable-source-maps',
    POWERTOOLS_SERVICE_NAME: 'cuota-api',
    POWERTOOLS_METRICS_NAMESPACE: 'Cuota',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    LOG_LEVEL: 'INFO',
    TABLE_NAME: 'cuota',
    USER_POOL_ID: 'us-east-1_bench',
    COGNITO_CLIENT_ID: 'bench',
    COGNITO_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_bench',
    WS_CALLBACK_URL: 'https://bench.execute-api.us-east-1.amazonaws.com/prod',
    SES_FROM: 'no-responder@cuota.cr',
  };
}

/**
 * `await import(bundle)` in a new Node process (module evaluation included): wall milliseconds, and
 * CPU milliseconds of the process meanwhile (user + system), which other load on the machine
 * barely moves.
 */
function importarEnFrio(file: string | null, id: string): Tiempo {
  const importar = file
    ? `const m = await import(${JSON.stringify(pathToFileURL(file).href)}); if (typeof m.handler !== 'function') throw new Error('sin handler');`
    : '';
  const script =
    `const c0 = process.cpuUsage(); const t0 = performance.now(); ${importar} ` +
    'const c = process.cpuUsage(c0); process.stdout.write(JSON.stringify({ wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 }));';
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: lambdaEnv(id), encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`import de ${id} falló: ${out.stderr.slice(0, 500)}`);
  return JSON.parse(out.stdout) as Tiempo;
}

interface Tiempo {
  wall: number;
  cpu: number;
}

/** Bytes a cold import of each layer package loads: its entry and every chunk it imports statically (not the lazy `import()`s). */
function cierreEstatico(meta: Metafile, nodeModules: string): Map<string, number> {
  const outputs = meta.outputs;
  const porRuta = new Map(Object.keys(outputs).map((k) => [join(ROOT, 'functions', k), k]));
  const cierre = new Map<string, number>();
  for (const pkg of LAYER_PACKAGES) {
    const vistos = new Set<string>();
    const pendientes = [porRuta.get(join(nodeModules, pkg, 'index.mjs'))!];
    while (pendientes.length > 0) {
      const k = pendientes.pop()!;
      if (vistos.has(k)) continue;
      vistos.add(k);
      for (const i of outputs[k]!.imports)
        if (!i.external && i.kind === 'import-statement') pendientes.push(porRuta.get(join(ROOT, 'functions', i.path)) ?? i.path);
    }
    cierre.set(
      pkg,
      [...vistos].reduce((a, k) => a + outputs[k]!.bytes, 0),
    );
  }
  return cierre;
}

interface Medida {
  fn: Funcion;
  bytes: number;
  gzip: number;
  mapBytes: number;
  /** The same bundle with the AWS SDK inside instead of external. */
  bytesConSdk: number;
  importMs: number;
  cpuMs: number;
  /** The same, for the bundle with the SDK inside (measured alternately, so load on the machine hits all three alike). */
  importMsConSdk: number;
  cpuMsConSdk: number;
  /** The same bundle as `bytes`, with the SDK layer where Lambda puts it first (its `@aws-sdk/*` imports load the layer). */
  importMsCapa: number;
  cpuMsCapa: number;
}

/** Top packages by bytes in one output (node_modules/<pkg> or the repo's workspaces). */
function composicion(meta: Metafile, output: string): Array<[string, number]> {
  const por = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[output]?.inputs ?? {})) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
    const key = m ? m[1]! : input.split('/').slice(0, 2).join('/');
    por.set(key, (por.get(key) ?? 0) + bytesInOutput);
  }
  return [...por.entries()].sort((a, b) => b[1] - a[1]);
}

export async function bundles(log: Log): Promise<string[]> {
  const lista = funciones();
  // inside functions/ (gitignored): the external SDK resolves from functions/node_modules and the
  // root node_modules (some clients are installed only in the former), as on Lambda from the runtime
  const outdir = join(ROOT, 'functions', '.bench-out', `bundles-${process.pid}`);
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  try {
    const t0 = performance.now();
    const entryPoints = Object.fromEntries(lista.map((f) => [f.id, join(ROOT, 'functions/src/features', `${f.handler}.ts`)]));
    // One esbuild call with one entry per function and no code splitting: each output is a
    // self-contained bundle, byte for byte what a separate NodejsFunction build writes.
    const construir = (dir: string, external: string[]) =>
      build({
        entryPoints,
        absWorkingDir: ROOT,
        outdir: dir,
        outExtension: { '.js': '.mjs' },
        bundle: true,
        target: TARGET,
        platform: 'node',
        format: 'esm',
        minify: true,
        sourcemap: true,
        sourcesContent: false,
        mainFields: ['module', 'main'],
        external,
        banner: { js: BANNER },
        logLevel: 'warning',
        metafile: true,
      });
    const result = await construir(outdir, [...LAMBDA_EXTERNALS]);
    const segundos = ((performance.now() - t0) / 1000).toFixed(1);
    log(`  esbuild: ${lista.length} bundles en ${segundos} s`);
    // the same bundles with the SDK inside (what they weighed when it was bundled), for the size only
    const conSdk = await construir(join(outdir, 'con-sdk'), []);
    const bytesConSdk = new Map(
      Object.entries(conSdk.metafile.outputs)
        .filter(([k]) => k.endsWith('.mjs'))
        .map(([k, v]) => [
          k
            .split('/')
            .pop()!
            .replace(/\.mjs$/, ''),
          v.bytes,
        ]),
    );

    // The SDK layer as deployed, in node_modules beside a copy of each (identical) bundle: the first
    // place their bare `@aws-sdk/*` imports are looked up, as /opt/nodejs/node_modules is on Lambda.
    const dirCapa = join(outdir, 'con-capa');
    const t1 = performance.now();
    const metaCapa = await construirCapaSdk(join(dirCapa, 'node_modules'));
    const capaMjs = Object.entries(metaCapa.outputs).filter(([k]) => k.endsWith('.mjs'));
    const capaBytes = capaMjs.reduce((a, [, v]) => a + v.bytes, 0);
    const cierre = cierreEstatico(metaCapa, join(dirCapa, 'node_modules'));
    log(`  capa del SDK: ${capaMjs.length} archivos, ${kb(capaBytes)} kB, en ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    for (const fn of lista) copyFileSync(join(outdir, `${fn.id}.mjs`), join(dirCapa, `${fn.id}.mjs`));
    // each package must resolve to the layer, not fall through to the installed SDK
    const resueltos = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `process.stdout.write(JSON.stringify(${JSON.stringify(LAYER_PACKAGES)}.map((p) => import.meta.resolve(p))))`,
      ],
      { cwd: dirCapa, encoding: 'utf8' },
    );
    for (const url of JSON.parse(resueltos.stdout) as string[])
      if (!url.startsWith(pathToFileURL(join(dirCapa, 'node_modules')).href))
        throw new Error(`el SDK no se resuelve a la capa: ${url}`);

    // Node's own start, which a cold start pays before any import: an empty process, spawn to exit
    const base = median(
      Array.from({ length: RUNS }, () => {
        const t = performance.now();
        importarEnFrio(null, 'node');
        return performance.now() - t;
      }),
    );
    const medidas: Medida[] = [];
    for (const fn of lista) {
      const file = join(outdir, `${fn.id}.mjs`);
      const code = readFileSync(file);
      const fileConSdk = join(outdir, 'con-sdk', `${fn.id}.mjs`);
      const fileCapa = join(dirCapa, `${fn.id}.mjs`);
      const ternas = Array.from(
        { length: RUNS },
        () => [importarEnFrio(file, fn.id), importarEnFrio(fileCapa, fn.id), importarEnFrio(fileConSdk, fn.id)] as const,
      );
      const tiempos = ternas.map((p) => p[0]);
      const capaT = ternas.map((p) => p[1]);
      const conSdkT = ternas.map((p) => p[2]);
      medidas.push({
        fn,
        bytes: code.length,
        gzip: gzipSync(code, { level: 9 }).length,
        mapBytes: statSync(`${file}.map`).size,
        bytesConSdk: bytesConSdk.get(fn.id) ?? Number.NaN,
        importMs: median(tiempos.map((t) => t.wall)),
        cpuMs: median(tiempos.map((t) => t.cpu)),
        importMsConSdk: median(conSdkT.map((t) => t.wall)),
        cpuMsConSdk: median(conSdkT.map((t) => t.cpu)),
        importMsCapa: median(capaT.map((t) => t.wall)),
        cpuMsCapa: median(capaT.map((t) => t.cpu)),
      });
    }
    log(`  importación en frío: ${medidas.length} × ${RUNS} × 3 procesos`);

    const porTamano = [...medidas].sort((a, b) => b.bytes - a.bytes);
    const tamanos = medidas.map((m) => m.bytes);
    const tamanosConSdk = medidas.map((m) => m.bytesConSdk);
    const imports = medidas.map((m) => m.importMs);
    const cpus = medidas.map((m) => m.cpuMs);
    const importsConSdk = medidas.map((m) => m.importMsConSdk);
    const cpusConSdk = medidas.map((m) => m.cpuMsConSdk);
    const importsCapa = medidas.map((m) => m.importMsCapa);
    const cpusCapa = medidas.map((m) => m.cpuMsCapa);
    const fila = (titulo: string, v: number[], f: (x: number) => string) =>
      `| ${titulo} | ${f(Math.min(...v))} | ${f(median(v))} | ${f(Math.max(...v))} | — |`;
    const mayor = porTamano[0]!;
    const outputKey = relative(ROOT, join(outdir, `${mayor.fn.id}.mjs`));
    const partes = composicion(
      result.metafile,
      Object.keys(result.metafile.outputs).find((k) => k.endsWith(`/${mayor.fn.id}.mjs`)) ?? outputKey,
    );

    return [
      `${medidas.length} functions (every HTTP route, Cognito trigger, WebSocket route, stream consumer, job and event rule the CDK app`,
      `creates), bundled with the settings of \`infra/lib/function.ts\` (NodejsFunction → local esbuild ${esbuildVersion}:`,
      `ESM, \`--target=${TARGET}\` from the nodejs24.x runtime, minified, external source map without sources, \`mainFields\``,
      `\`module,main\`, the \`createRequire\` banner, the ${LAMBDA_EXTERNALS.length} AWS SDK packages the functions import external:`,
      `${LAMBDA_EXTERNALS.map((e) => `\`${e}\``).join(', ')}; every function gets the SDK layer that provides them, see`,
      'docs/lambda-bundles.md). The deployment zip holds `index.mjs` and `index.mjs.map`; the functions run with',
      '`NODE_OPTIONS=--enable-source-maps`, so the map is read at start, and so do the imports below. "With the SDK bundled" is the same build with nothing external',
      '(what every bundle weighed before), for comparison.',
      '',
      `The SDK layer (\`infra/lib/sdk-layer.ts\`): the pinned SDK pre-bundled by the same esbuild, one minified ESM entry per package`,
      `with code splitting: ${capaMjs.length} files, ${kb(capaBytes)} kB in all (the SDK's lazy credential-provider chunks included). What a cold`,
      `import of each package loads (its entry and the chunks it imports statically): ${LAYER_PACKAGES.map((p) => `\`${p.replace('@aws-sdk/', '')}\` ${kb(cierre.get(p)!)} kB`).join(', ')}.`,
      '',
      `Cold import: \`await import(bundle)\` (module evaluation included: SDK clients and the logger are built at module scope) in a`,
      `new \`node\` process, three ways, alternating (so load on the machine hits them alike): **with the layer** (as deployed: the`,
      `bundle beside the layer's \`node_modules\`, the first place its \`@aws-sdk/*\` imports are looked up, as \`/opt/nodejs/node_modules\``,
      `is on Lambda; checked before measuring), **external** (the same bundle under \`functions/.bench-out\`, its SDK imports loading the`,
      `installed SDK package by package from \`node_modules\`, as the runtime's own copy would load without the layer) and **bundled**.`,
      `In a Lambda-like environment, median of ${RUNS} processes per bundle and way, on this machine's Node ${process.version}`,
      `(Lambda runs nodejs24.x on arm64; Lambda's own init adds its runtime start). Wall time is what a cold start waits; CPU time`,
      `(user + system of the process during the import) is the part other load on this shared machine inflates least.`,
      `Not included: Node's own start, ${ms(base)} ms here for a process that imports nothing (spawn to exit).`,
      '',
      `| Summary | min | median | max | total |`,
      '|---|---:|---:|---:|---:|',
      `| Bundle \`index.mjs\` (kB) | ${kb(Math.min(...tamanos))} | ${kb(median(tamanos))} | ${kb(Math.max(...tamanos))} | ${fmt(tamanos.reduce((a, b) => a + b, 0) / 1024 / 1024, 1)} MB |`,
      `| Bundle with the SDK bundled (kB) | ${kb(Math.min(...tamanosConSdk))} | ${kb(median(tamanosConSdk))} | ${kb(Math.max(...tamanosConSdk))} | ${fmt(tamanosConSdk.reduce((a, b) => a + b, 0) / 1024 / 1024, 1)} MB |`,
      `| Bundle gzip -9 (kB) | ${kb(Math.min(...medidas.map((m) => m.gzip)))} | ${kb(median(medidas.map((m) => m.gzip)))} | ${kb(Math.max(...medidas.map((m) => m.gzip)))} | — |`,
      fila('**Cold import with the SDK layer (as deployed), CPU (ms)**', cpusCapa, ms),
      fila('Cold import with the SDK layer (as deployed), wall (ms)', importsCapa, ms),
      fila('Cold import, SDK external from node_modules, CPU (ms)', cpus, ms),
      fila('Cold import, SDK external from node_modules, wall (ms)', imports, ms),
      fila('Cold import with the SDK bundled, CPU (ms)', cpusConSdk, ms),
      fila('Cold import with the SDK bundled, wall (ms)', importsConSdk, ms),
      '',
      `What the largest bundle (\`${mayor.fn.id}\`, ${kb(mayor.bytes)} kB) is made of (bytes in the minified output):`,
      '',
      '| Package or folder | kB |',
      '|---|---:|',
      ...partes.slice(0, 8).map(([k, v]) => `| \`${k}\` | ${kb(v)} |`),
      '',
      '<details><summary>Every function (largest first)</summary>',
      '',
      '| Function | Trigger | Handler | index.mjs (kB) | with the SDK bundled (kB) | gzip -9 (kB) | index.mjs.map (kB) | Cold import with the layer: wall (ms) | CPU (ms) | CPU, SDK external (ms) | CPU, SDK bundled (ms) |',
      '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...porTamano.map(
        (m) =>
          `| ${m.fn.id} | ${m.fn.kind.replace(/\|/g, '\\|')} | \`${m.fn.handler}\` | ${kb(m.bytes)} | ${kb(m.bytesConSdk)} | ${kb(m.gzip)} | ${kb(m.mapBytes)} | ${ms(m.importMsCapa)} | ${ms(m.cpuMsCapa)} | ${ms(m.cpuMs)} | ${ms(m.cpuMsConSdk)} |`,
      ),
      '',
      '</details>',
    ];
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
