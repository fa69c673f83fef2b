/**
 * First load of the web apps on an emulated mid-range Android phone on mobile data, measured in
 * Chromium (Playwright) against the running local stack: 1.6 Mbps down, 0.75 Mbps up, 150 ms
 * round trip (CDP Network.emulateNetworkConditions) and a 4× slower CPU
 * (Emulation.setCPUThrottlingRate), each load in a new browser context (cold HTTP cache).
 *
 * Per case: every JavaScript response of the load (entry, module preloads, lazy route chunks,
 * the federation runtime, the remotes' remoteEntry and exposed modules), its gzip -9 size (the
 * figure the targets are set in) and the bytes actually transferred (the origin compresses with
 * brotli, as CloudFront does); and the time until the case's screen is there, taken in the page
 * (performance.now() when a MutationObserver first sees its element). Timed cases run RONDAS
 * times; the median is reported.
 *
 * Throws, after printing its figures, when a load downloads a shared singleton twice
 * (singletons.ts): React, react-dom, the router, TanStack Query, zod, the federation runtime or
 * @cuota/shared in two files.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from '@playwright/test';
import e2e from '../e2e/playwright.config';
import { enviarAcceso } from '../e2e/acceso';
import { singletonsDuplicados, type Copia } from './singletons';
import type { Stack } from './stack';
import { kb, median, type Log } from './stats';

/** Chromium as the e2e suite launches it. */
const ARGS = e2e.use?.launchOptions?.args;

/** The phone: issue 18's mid-range Android on mobile data. */
export const TELEFONO = {
  latenciaMs: 150,
  bajadaBytesPorSegundo: (1.6 * 1_000_000) / 8,
  subidaBytesPorSegundo: (0.75 * 1_000_000) / 8,
  cpu: 4,
} as const;

/** Timed loads per case (the median is reported; the machine is shared and noisy). */
const RONDAS = Number(process.env.BENCH_WEB_RONDAS ?? 3);

/** What marks each screen as there: the element the MutationObserver waits for. */
const MARCAS = {
  landing: 'a[href="/auth?tab=login"]',
  auth: 'input[name="client_login_email"]',
  resumen: '[role="img"][aria-label^="Línea de Crédito"]',
  clientes: 'main table',
} as const;
type Marca = keyof typeof MARCAS;

interface Archivo {
  url: string;
  app: 'shell' | 'admin' | 'portal';
  bytes: number;
  gzip: number;
  /** Encoded body as transferred (brotli or gzip from the origin). */
  transferidos: number;
  cuerpo: string;
}

interface Carga {
  archivos: Archivo[];
  /** ms from navigation start to the case's mark. */
  ms: number;
}

interface Caso {
  caso: string;
  /** gzip kB target for the JavaScript of this load (issue 18), if any. */
  objetivoKb?: number;
  /** Target for the time, in seconds, if any. */
  objetivoS?: number;
  /** What the time measures. */
  tiempo: string;
  cargas: Carga[];
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

/** Throttles the page's network and CPU as the phone (CDP). */
async function emularTelefono(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: TELEFONO.latenciaMs,
    downloadThroughput: TELEFONO.bajadaBytesPorSegundo,
    uploadThroughput: TELEFONO.subidaBytesPorSegundo,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: TELEFONO.cpu });
}

/**
 * Page script: records when each mark's element first appears (performance.now(), from
 * navigation start) in `window.__marcas` (a string: this package is not compiled with the DOM types).
 */
const observarMarcas = `(() => {
  const selectores = ${JSON.stringify(MARCAS)};
  const marcas = (window.__marcas = {});
  const revisar = () => {
    for (const [k, s] of Object.entries(selectores))
      if (!(k in marcas) && document.querySelector(s)) marcas[k] = performance.now();
  };
  new MutationObserver(revisar).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

/**
 * A new context (empty HTTP cache) on the emulated phone runs `pasos` and waits for `marca`, then
 * for the network to be quiet; every JavaScript response is kept once.
 */
async function medir(
  browser: Browser,
  base: string,
  marca: Marca,
  pasos: (page: Page) => Promise<void>,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<Carga> {
  const context = await browser.newContext({ baseURL: base, locale: 'es-CR', timezoneId: 'America/Costa_Rica', storageState });
  const page = await context.newPage();
  await emularTelefono(page);
  await page.addInitScript({ content: observarMarcas });
  const pendientes: Promise<Archivo | null>[] = [];
  page.on('response', (res: Response) => {
    const type = res.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) || res.status() !== 200) return;
    const path = new URL(res.url()).pathname;
    pendientes.push(
      Promise.all([res.body(), res.request().sizes()]).then(
        ([body, sizes]) => ({
          url: path,
          app: appDe(path),
          bytes: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          transferidos: sizes.responseBodySize,
          cuerpo: body.toString('utf8'),
        }),
        () => null,
      ),
    );
  });
  await pasos(page);
  await page.locator(MARCAS[marca]).first().waitFor({ state: 'attached', timeout: 120_000 });
  const ms = await page.waitForFunction(`window.__marcas[${JSON.stringify(marca)}]`, undefined, { timeout: 10_000 });
  const tiempo = (await ms.jsonValue()) as number;
  await page.waitForLoadState('networkidle');
  const archivos = (await Promise.all(pendientes)).filter((a): a is Archivo => a !== null);
  await context.close();
  const unicos = new Map(archivos.map((a) => [a.url, a]));
  return { archivos: [...unicos.values()], ms: tiempo };
}

const suma = (xs: Archivo[], k: 'bytes' | 'gzip' | 'transferidos') => xs.reduce((s, a) => s + a[k], 0);
const seg = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const cumple = (ok: boolean) => (ok ? 'met' : '**missed**');

export async function web(stack: Stack, log: Log): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  try {
    const admin = await sesion(browser, stack.url, 'admin', 'admin@demo.cr', '/clientes');
    const cliente = await sesion(browser, stack.url, 'login', 'cliente@demo.cr', '/portal');
    const base = stack.url;
    const rondas = async (n: number, medirUna: () => Promise<Carga>) => {
      const cargas: Carga[] = [];
      for (let i = 0; i < n; i++) cargas.push(await medirUna());
      return cargas;
    };
    const casos: Caso[] = [
      {
        caso: 'landing `/` (anonymous)',
        objetivoKb: 150,
        objetivoS: 3,
        tiempo: 'interactive (its links mounted by React)',
        cargas: await rondas(RONDAS, () => medir(browser, base, 'landing', async (p) => void (await p.goto('/')))),
      },
      {
        caso: '`/auth` (anonymous)',
        tiempo: 'sign-in form ready',
        cargas: await rondas(RONDAS, () => medir(browser, base, 'auth', async (p) => void (await p.goto('/auth?tab=login')))),
      },
      {
        caso: '`/portal` summary (demo customer, signed in)',
        objetivoKb: 250,
        objetivoS: 4,
        tiempo: 'summary visible (credit-line gauge)',
        cargas: await rondas(RONDAS, () => medir(browser, base, 'resumen', async (p) => void (await p.goto('/portal')), cliente)),
      },
      {
        caso: '`/auth` → `/portal` summary (sign-in typed and sent)',
        objetivoS: 5,
        tiempo: 'from opening /auth to the summary visible',
        cargas: await rondas(RONDAS, () => medir(browser, base, 'resumen', (p) => enviarAcceso(p, 'login', 'cliente@demo.cr'))),
      },
      {
        caso: 'admin first screen `/clientes` (signed in as admin)',
        objetivoKb: 300,
        tiempo: 'client list visible',
        cargas: await rondas(1, () => medir(browser, base, 'clientes', async (p) => void (await p.goto('/clientes')), admin)),
      },
    ];

    const duplicados: Array<{ caso: string } & Copia> = [];
    const filas = casos.map((c) => {
      const primera = c.cargas[0]!;
      const js = primera.archivos;
      const gzipKb = suma(js, 'gzip') / 1024;
      const ms = median(c.cargas.map((x) => x.ms));
      for (const d of singletonsDuplicados(js)) duplicados.push({ caso: c.caso, ...d });
      const porApp = (app: Archivo['app']) => {
        const xs = js.filter((a) => a.app === app);
        return xs.length ? `${kb(suma(xs, 'gzip'))} (${xs.length})` : '—';
      };
      const objetivoKb = c.objetivoKb === undefined ? '' : ` ≤ ${c.objetivoKb}: ${cumple(gzipKb <= c.objetivoKb)}`;
      const objetivoS = c.objetivoS === undefined ? '' : ` ≤ ${c.objetivoS} s: ${cumple(ms <= c.objetivoS * 1000)}`;
      log(
        `  ${c.caso}: ${js.length} JS, ${kb(suma(js, 'gzip'))} kB gzip, ${seg(ms)} (${c.cargas.map((x) => seg(x.ms)).join(', ')})`,
      );
      return `| ${c.caso} | ${js.length} | **${kb(suma(js, 'gzip'))}**${objetivoKb} | ${kb(suma(js, 'transferidos'))} | ${porApp('shell')} | ${porApp('admin')} | ${porApp('portal')} | ${c.tiempo}: **${seg(ms)}**${objetivoS} (${c.cargas.map((x) => seg(x.ms)).join(', ')}) |`;
    });
    const detalle = casos.flatMap((c) => [
      `**${c.caso}**`,
      '',
      '| File | kB | gzip kB | transferred kB |',
      '|---|---:|---:|---:|',
      ...c.cargas[0]!.archivos.sort((a, b) => b.gzip - a.gzip).map(
        (a) => `| \`${a.url}\` | ${kb(a.bytes)} | ${kb(a.gzip)} | ${kb(a.transferidos)} |`,
      ),
      '',
    ]);
    const root = join(import.meta.dirname, '..');
    const compilado = ['shell-app', 'admin-app', 'portal-app']
      .map((app) => {
        const entrada = join(root, app, 'dist', app === 'shell-app' ? 'index.html' : 'remoteEntry.js');
        return `${app} ${statSync(entrada).mtime.toISOString().slice(0, 16)}Z`;
      })
      .join(', ');
    const filasReporte = [
      `Builds measured: ${compilado}${process.env.CUOTA_BUILD === '0' ? ' (as found: CUOTA_BUILD=0, no rebuild)' : ' (rebuilt by the stack when stale)'}.`,
      '',
      `Chromium (Playwright, \`/usr/bin/chromium\`) emulating a mid-range Android phone on mobile data: ${TELEFONO.bajadaBytesPorSegundo / 125_000} Mbps down,`,
      `${TELEFONO.latenciaMs} ms round trip (CDP \`Network.emulateNetworkConditions\`), ${TELEFONO.cpu}× CPU slowdown (\`Emulation.setCPUThrottlingRate\`); each load in a new`,
      "browser context (cold cache) against the stack's origin, which serves the built `dist/` of the three apps as CloudFront does",
      '(brotli/gzip, immutable hashed assets, validators). Signed-in cases reuse a session made through `/auth`. JavaScript: every',
      'script response of the load counted once, as gzip -9 of its body (the targets of issue 18) and as transferred (brotli from',
      `the origin). Times: from navigation start to the screen's element in the page, median of ${RONDAS} cold loads (each in brackets;`,
      'the admin screen once); measured on a shared 2-core machine, so expect noise of a few hundred ms.',
      '',
      '| First load | JS files | JS gzip kB (target) | JS transferred kB | from shell, gzip kB (files) | from admin remote | from portal remote | Time (target) |',
      '|---|---:|---:|---:|---:|---:|---:|---|',
      ...filas,
      '',
      duplicados.length
        ? `**Shared singletons downloaded twice:** ${duplicados.map((d) => `${d.nombre} in ${d.caso} (${d.urls.join(', ')})`).join('; ')}.`
        : 'Shared singletons (React, react-dom, the router, TanStack Query, zod, the federation runtime, @cuota/shared): one copy in every load (bench/singletons.ts).',
      '',
      '<details><summary>Every JavaScript file per load (largest gzip first)</summary>',
      '',
      ...detalle,
      '</details>',
    ];
    if (duplicados.length) {
      for (const linea of filasReporte) log(linea);
      throw new Error(
        `Singleton compartido descargado dos veces: ${duplicados.map((d) => `${d.nombre} en ${d.caso}: ${d.urls.join(', ')}`).join('; ')}`,
      );
    }
    return filasReporte;
  } finally {
    await browser.close();
  }
}
