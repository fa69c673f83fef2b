import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build, buildSync, type BuildOptions, type Metafile } from 'esbuild';
import { LAYER_PACKAGES } from './externals';

/**
 * The Lambda layer with the pinned AWS SDK and Powertools (logger, tracer with the X-Ray SDK,
 * metrics; the versions in package-lock.json that every test ran), pre-bundled by esbuild: one
 * minified ESM entry per package in {@link LAYER_PACKAGES}, with
 * code splitting, so what the packages share (the Smithy core, the credential chain, lib-dynamodb's
 * use of client-dynamodb) is one set of chunks and a cold start loads a few files instead of dozens
 * of CommonJS packages. The SDK's own lazy `import()`s (SSO, STS, … credential providers) stay
 * separate chunks, loaded only if used.
 *
 * Layout (the root of the layer zip, extracted to /opt):
 *   nodejs/node_modules/<package>/package.json  name, pinned version, exports ./index.mjs
 *   nodejs/node_modules/<package>/index.mjs     the package's entry (`@aws-sdk/…`, `@aws-lambda-powertools/…`)
 *   nodejs/node_modules/cuota-sdk-chunks/*.mjs  shared chunks (relative imports; not a
 *                                               dot-directory, which an archiver may leave out)
 *
 * How a handler finds it: the bundles keep the bare `@aws-sdk/<package>` imports. The Node.js
 * runtimes from nodejs18.x on resolve ES module imports through NODE_PATH, which the nodejs24.x
 * runtime sets to /opt/nodejs/node24/node_modules:/opt/nodejs/node_modules:/var/runtime/node_modules:…;
 * the layer's directory comes before the runtime's own SDK, so the layer's copy is the one loaded.
 * No CDK import here: bench/bundles.ts and the bundle test build the same layer.
 */

const ROOT = join(import.meta.dirname, '..', '..');
/** Resolved from functions/, as the handlers' own imports are (two clients are installed only there). */
const FROM = join(ROOT, 'functions');

/** CommonJS code inside an ESM bundle still calls require() for Node built-ins. */
const BANNER =
  "import { createRequire as __cuotaCreateRequire } from 'node:module'; const require = __cuotaCreateRequire(import.meta.url);";

/** esbuild options writing the layer's packages into `nodeModules` (the layer's nodejs/node_modules). */
export function opcionesCapaSdk(nodeModules: string): BuildOptions & { metafile: true } {
  return {
    entryPoints: Object.fromEntries(LAYER_PACKAGES.map((p) => [`${p}/index`, p])),
    absWorkingDir: FROM,
    outdir: nodeModules,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'cuota-sdk-chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    // the runtime of FUNCTION_DEFAULTS (nodejs24.x), as for the handler bundles
    target: 'node24',
    platform: 'node',
    format: 'esm',
    minify: true,
    mainFields: ['module', 'main'],
    banner: { js: BANNER },
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  };
}

/** Version of an installed package, as `FROM` resolves it (the pinned one in package-lock.json). */
function versionInstalada(pkg: string): string {
  const require = createRequire(join(FROM, 'package.json'));
  let dir = dirname(require.resolve(pkg));
  for (;;) {
    try {
      const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version: string };
      if (json.name === pkg) return json.version;
    } catch {
      // no package.json at this level
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json for ${pkg}`);
    dir = parent;
  }
}

function escribirPackageJson(nodeModules: string): void {
  for (const pkg of LAYER_PACKAGES) {
    const json = { name: pkg, version: versionInstalada(pkg), type: 'module', exports: { '.': './index.mjs' } };
    writeFileSync(join(nodeModules, pkg, 'package.json'), `${JSON.stringify(json, null, 2)}\n`);
  }
}

/** Builds the layer's packages into `nodeModules` (synchronously: CDK's local bundling is synchronous). */
export function construirCapaSdkSync(nodeModules: string): Metafile {
  const { metafile } = buildSync(opcionesCapaSdk(nodeModules));
  escribirPackageJson(nodeModules);
  return metafile;
}

/** The same, asynchronously (bench, tests). */
export async function construirCapaSdk(nodeModules: string): Promise<Metafile> {
  const { metafile } = await build(opcionesCapaSdk(nodeModules));
  escribirPackageJson(nodeModules);
  return metafile;
}
