/**
 * JavaScript each web app downloads on the first load of its main route, measured in Chromium
 * (Playwright) against the running local stack: every script response of the page load (module
 * preloads, dynamic imports, the remotes' remoteEntry and exposed chunks), gzip -9 of each body.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Response } from '@playwright/test';
import e2e from '../e2e/playwright.config';
import { enviarAcceso } from '../e2e/acceso';
import type { Stack } from './stack';
import { kb, type Log } from './stats';

/** Chromium as the e2e suite launches it. */
const ARGS = e2e.use?.launchOptions?.args;
interface Archivo {
  url: string;
  app: 'shell' | 'admin' | 'portal';
  tipo: 'js' | 'css';
  bytes: number;
  gzip: number;
}

interface Carga {
  caso: string;
  archivos: Archivo[];
  ms: number;
}

const appDe = (path: string): Archivo['app'] =>
  path.startsWith('/apps/admin/') ? 'admin' : path.startsWith('/apps/portal/') ? 'portal' : 'shell';

/** Signs in through /auth as the staff or customer screen does and returns the session (Amplify keeps it in localStorage). */
async function sesion(browser: Browser, base: string, tab: 'admin' | 'login', email: string, destino: string) {
  const context = await browser.newContext({ baseURL: base, locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
  const page = await context.newPage();
  await enviarAcceso(page, tab, email);
  await page.waitForURL((u) => u.pathname === destino, { timeout: 30_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** A new context (empty HTTP cache) opens `path` and waits until the network is quiet; every JS and CSS response is kept. */
async function medir(
  browser: Browser,
  base: string,
  caso: string,
  path: string,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<Carga> {
  const context = await browser.newContext({ baseURL: base, locale: 'es-CR', timezoneId: 'America/Costa_Rica', storageState });
  const page = await context.newPage();
  const pendientes: Promise<Archivo | null>[] = [];
  page.on('response', (res: Response) => {
    const type = res.headers()['content-type'] ?? '';
    const tipo = /javascript/.test(type) ? 'js' : /text\/css/.test(type) ? 'css' : null;
    if (!tipo || res.status() !== 200) return;
    const url = new URL(res.url());
    pendientes.push(
      res.body().then(
        (body) => ({
          url: url.pathname,
          app: appDe(url.pathname),
          tipo,
          bytes: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        }),
        () => null,
      ),
    );
  });
  const t0 = performance.now();
  await page.goto(path, { waitUntil: 'networkidle' });
  const ms = performance.now() - t0;
  const final = new URL(page.url()).pathname;
  if (final !== path) throw new Error(`${caso}: ${path} terminó en ${final}`);
  const archivos = (await Promise.all(pendientes)).filter((a): a is Archivo => a !== null);
  await context.close();
  const unicos = new Map(archivos.map((a) => [a.url, a]));
  return { caso, archivos: [...unicos.values()], ms };
}

export async function web(stack: Stack, log: Log): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  try {
    const admin = await sesion(browser, stack.url, 'admin', 'admin@demo.cr', '/clientes');
    const cliente = await sesion(browser, stack.url, 'login', 'cliente@demo.cr', '/portal');
    const cargas = [
      await medir(browser, stack.url, 'shell `/` (anonymous landing)', '/'),
      await medir(browser, stack.url, 'admin `/clientes` (signed in as admin)', '/clientes', admin),
      await medir(browser, stack.url, 'portal `/portal` (signed in as the demo customer)', '/portal', cliente),
    ];
    const suma = (xs: Archivo[], k: 'bytes' | 'gzip') => xs.reduce((s, a) => s + a[k], 0);
    const filas = cargas.map((c) => {
      const js = c.archivos.filter((a) => a.tipo === 'js');
      const css = c.archivos.filter((a) => a.tipo === 'css');
      const porApp = (app: Archivo['app']) => {
        const xs = js.filter((a) => a.app === app);
        return xs.length ? `${kb(suma(xs, 'gzip'))} (${xs.length})` : '—';
      };
      log(`  ${c.caso}: ${js.length} JS, ${kb(suma(js, 'gzip'))} kB gzip`);
      return `| ${c.caso} | ${js.length} | ${kb(suma(js, 'bytes'))} | **${kb(suma(js, 'gzip'))}** | ${porApp('shell')} | ${porApp('admin')} | ${porApp('portal')} | ${kb(suma(css, 'gzip'))} | ${(c.ms / 1000).toFixed(1)} s |`;
    });
    const detalle = cargas.flatMap((c) => [
      `**${c.caso}**`,
      '',
      '| File | kB | gzip kB |',
      '|---|---:|---:|',
      ...c.archivos
        .filter((a) => a.tipo === 'js')
        .sort((a, b) => b.gzip - a.gzip)
        .map((a) => `| \`${a.url}\` | ${kb(a.bytes)} | ${kb(a.gzip)} |`),
      '',
    ]);
    const root = join(import.meta.dirname, '..');
    const compilado = ['shell-app', 'admin-app', 'portal-app']
      .map(
        (app) =>
          `${app} ${statSync(join(root, app, 'dist/index.html'))
            .mtime.toISOString()
            .slice(0, 16)}Z`,
      )
      .join(', ');
    return [
      `Builds measured: ${compilado}${process.env.CUOTA_BUILD === '0' ? ' (as found: CUOTA_BUILD=0, no rebuild)' : ' (rebuilt by the stack when stale)'}.`,
      '',
      'Chromium (Playwright, `/usr/bin/chromium`) opens each main route in a new browser context (empty cache) from the built',
      "`dist/` of the three apps, served by the stack's origin as CloudFront lays them out, and waits until the network is quiet.",
      'Signed-in routes reuse a session made through the `/auth` screen. Every JavaScript response of the load is counted once',
      "(entry, module preloads, lazy route chunks, federation runtime, the remote's `remoteEntry.js` and exposed modules); sizes",
      'are the bodies as served and their gzip at level 9 (CloudFront compresses on the fly; the local origin does not).',
      '',
      '| First load | JS files | JS kB | JS gzip kB | from shell, gzip kB (files) | from admin remote | from portal remote | CSS gzip kB | Load to network idle |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...filas,
      '',
      '<details><summary>Every JavaScript file per load (largest gzip first)</summary>',
      '',
      ...detalle,
      '</details>',
    ];
  } finally {
    await browser.close();
  }
}
