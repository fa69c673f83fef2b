import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildCuota, type CuotaStacks } from '../lib/app';
import { REPO_ROOT } from '../lib/function';
import { appTemporal, carpetaTemporal } from './temporal';

/** The context `cdk synth` gets from cdk.json (feature flags, defaults). */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  return cdkJson.context;
}

/**
 * A new App with cdk.json's context and bundling skipped for every stack
 * (`aws:cdk:bundling-stacks` = []), so tests never run esbuild; its cloud assembly is removed
 * after the test file.
 */
export function testApp(extraContext: Record<string, unknown> = {}): App {
  return appTemporal({ context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], ...extraContext } });
}

/** A fake repository root with only the shell and admin builds: portal-app/dist is missing. */
export function fakeWebRoot(): string {
  const root = carpetaTemporal('cuota-web-');
  for (const app of ['shell-app', 'admin-app']) {
    mkdirSync(join(root, app, 'dist', 'assets'), { recursive: true });
    writeFileSync(join(root, app, 'dist', 'index.html'), '<!doctype html><script type="module" src="/assets/index.js"></script>');
    writeFileSync(join(root, app, 'dist', 'assets', 'index-abc123.js'), 'export {};');
  }
  writeFileSync(join(root, 'admin-app', 'dist', 'remoteEntry.js'), 'export {};');
  return root;
}

export interface Synthesized {
  app: App;
  stacks: CuotaStacks;
  /** The seven deployed stacks. */
  templates: Record<keyof CuotaStacks, Template>;
  /** The API's nested route stack of each feature (infra/lib/api.ts routeGroups). */
  routeTemplates: Record<string, Template>;
  /** Every template of the app, nested stacks included, by construct path (e.g. `CuotaApi/RutasPagos`). */
  allTemplates: Record<string, Template>;
}

/** Every stack under `app`, nested stacks included, by construct path. */
export function allStacks(app: App): Record<string, Stack> {
  return Object.fromEntries(
    app.node
      .findAll()
      .filter((c): c is Stack => Stack.isStack(c))
      .map((s) => [s.node.path, s]),
  );
}

let cached: Synthesized | undefined;

/** The whole Cuota app synthesized once per test file (cdk-nag runs during this synth). */
export function cuota(): Synthesized {
  if (cached) return cached;
  const app = testApp();
  const stacks = buildCuota(app, { webRoot: fakeWebRoot() });
  const templates = Object.fromEntries(Object.entries(stacks).map(([key, stack]) => [key, Template.fromStack(stack)])) as Record<
    keyof CuotaStacks,
    Template
  >;
  const routeTemplates = Object.fromEntries(
    [...stacks.api.routeStacks].map(([feature, stack]) => [feature, Template.fromStack(stack)]),
  );
  const allTemplates = Object.fromEntries(
    Object.entries(allStacks(app)).map(([path, stack]) => [path, Template.fromStack(stack)]),
  );
  cached = { app, stacks, templates, routeTemplates, allTemplates };
  return cached;
}

/** Joins an Fn::Join (or plain string) into text, with tokens shown as `${…}`. */
export function joined(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'Fn::Join' in value) {
    const [sep, parts] = (value as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
    return parts.map((p) => (typeof p === 'string' ? p : '${…}')).join(sep);
  }
  return JSON.stringify(value);
}

// CloudFormation JSON is untyped; the tests walk it freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Resources = Record<string, { Type: string; Properties?: Record<string, any>; [k: string]: unknown }>;

export function resources(template: Template, type?: string): Resources {
  const all = template.toJSON().Resources as Resources;
  if (!type) return all;
  return Object.fromEntries(Object.entries(all).filter(([, r]) => r.Type === type));
}
