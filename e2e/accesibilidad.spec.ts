import { expect, test, type Page } from '@playwright/test';
import { violacionesAxe } from './axe';
import { api, DEMO, idToken, signIn } from './support';

/**
 * Every screen at a 360 px phone and at a 1280 px desktop: nothing is wider than the screen, and
 * axe-core finds no violation of any impact (WCAG 2.2's target-size included, which axe leaves off
 * by default). One signed-in page per role visits its screens in turn; each screen is checked at
 * one width, then resized to the other (same data, no reload). Findings are gathered and reported
 * together, so one run lists every screen that fails.
 * axe runs inside the page (e2e/axe.ts).
 */

const ANCHOS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

let hallazgos: string[] = [];
test.beforeEach(() => {
  hallazgos = [];
});
test.afterEach(() => {
  expect(hallazgos, `\n${hallazgos.join('\n')}\n`).toEqual([]);
});

/** Nothing loading or fading: no skeleton, spinner, busy region or toast left. */
async function quieta(page: Page): Promise<void> {
  await expect(page.locator('.animate-pulse, .animate-spin, [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.mouse.move(0, 0); // a hovered toast pauses its timer
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

async function analizar(page: Page, pantalla: string, ancho: number): Promise<void> {
  if (process.env.CAPTURAS && ancho === 360)
    await page.screenshot({ path: test.info().outputPath(`${pantalla.replace(/[^a-z0-9]+/gi, '_')}-360.png`), fullPage: true });
  const { scroll, vista } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    vista: document.documentElement.clientWidth,
  }));
  if (scroll > vista) hallazgos.push(`${pantalla} @${ancho}: la página mide ${scroll} px de ancho`);
  const violaciones = await violacionesAxe(page);
  for (const v of violaciones) {
    const nodos = v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`);
    hallazgos.push(`${pantalla} @${ancho}: ${v.id}\n    ${nodos.join('\n    ')}`);
  }
}

/** The current screen at both widths, once `listo` (when given) finds it ready at each. */
async function revisar(page: Page, pantalla: string, listo: () => Promise<void> = async () => {}): Promise<void> {
  for (const tam of ANCHOS) {
    await page.setViewportSize(tam);
    await listo();
    await quieta(page);
    await analizar(page, pantalla, tam.width);
  }
}

async function visitar(page: Page, ruta: string, listo?: () => Promise<void>): Promise<void> {
  await page.goto(ruta);
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
  await revisar(page, ruta, listo);
}

/** A dialog opened by `abrir`, at both widths: inside the screen, and no violation with it open. */
async function dialogo(page: Page, pantalla: string, abrir: () => Promise<void>, nombre: string | RegExp): Promise<void> {
  for (const tam of ANCHOS) {
    await page.setViewportSize(tam);
    await abrir();
    const d = page.getByRole('dialog', { name: nombre });
    await expect(d).toBeVisible();
    await quieta(page);
    const caja = (await d.boundingBox())!;
    if (caja.x < 0 || caja.x + caja.width > tam.width)
      hallazgos.push(`${pantalla} @${tam.width}: el diálogo ocupa ${Math.round(caja.x)}–${Math.round(caja.x + caja.width)} px`);
    await analizar(page, pantalla, tam.width);
    await page.keyboard.press('Escape');
    await expect(d).toBeHidden();
  }
}

test('pantallas públicas: portada, acceso, restablecer contraseña y 404', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await revisar(page, '/');
  for (const tab of ['login', 'registro', 'admin']) {
    await page.goto(`/auth?tab=${tab}`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await revisar(page, `/auth?tab=${tab}`);
  }
  await visitar(page, '/restablecer-contrasena');
  await visitar(page, '/no-existe');
});

test('pantallas del personal, sus diálogos y documentos', async ({ page }) => {
  test.setTimeout(150_000);
  const { token } = await idToken(DEMO.admin);
  const primero = async (ruta: string) => (await api(ruta, token)).body.items[0].id as string;
  const [cliente, solicitud, credito] = await Promise.all([
    primero('/api/clientes?limit=1'),
    primero('/api/solicitudes?limit=1'),
    primero('/api/creditos?estado=vencido&limit=1'),
  ]);
  await signIn(page, 'admin', DEMO.admin);
  for (const ruta of [
    '/dashboard',
    '/clientes',
    `/clientes/${cliente}`,
    '/solicitudes',
    `/solicitudes/${solicitud}`,
    '/creditos',
    `/creditos/${credito}`,
    '/productos',
    '/usuarios',
    '/conciliacion',
    '/monitoreo',
    '/comunicacion',
    '/cobranza',
    '/reportes',
    '/riesgo',
    '/configuracion',
    '/configuracion?tab=seguridad',
    '/configuracion?tab=sistema',
    '/configuracion?tab=pagos',
    '/configuracion?tab=notificaciones',
  ])
    await visitar(page, ruta);

  await dialogo(page, 'notificaciones', () => page.getByRole('button', { name: /^Notificaciones/ }).click(), 'Notificaciones');
  await page.goto(`/creditos/${credito}`);
  await dialogo(page, 'registrar pago', () => page.getByRole('button', { name: 'Registrar pago' }).click(), 'Registrar pago');
  await page.goto('/productos');
  await dialogo(page, 'nuevo producto', () => page.getByRole('button', { name: /Nuevo Producto/ }).click(), /Producto/);
  await page.goto('/usuarios');
  await dialogo(
    page,
    'nuevo usuario',
    () => page.getByRole('button', { name: 'Nuevo Usuario Admin' }).click(),
    'Crear Usuario Administrativo',
  );

  for (const doc of ['contrato', 'comprobantes', 'liquidacion']) await visitar(page, `/creditos/${credito}/${doc}`);
});

test('portal de la clienta: sus cinco pestañas, el pago, la nueva solicitud, su perfil y documentos', async ({ page }) => {
  test.setTimeout(90_000);
  const { token } = await idToken(DEMO.cliente);
  const credito = (await api('/api/portal/creditos?limit=1', token)).body.items[0].id as string;
  await signIn(page, 'login', DEMO.cliente);
  for (const tab of ['creditos', 'solicitudes', 'pagos', 'notificaciones', 'documentos'])
    await visitar(page, tab === 'creditos' ? '/portal' : `/portal?tab=${tab}`, async () => {
      await expect(page.getByRole('tabpanel')).toBeVisible();
    });
  await page.goto('/portal');
  await page.getByRole('button', { name: 'Ver Cuotas' }).first().click();
  await revisar(page, '/portal (cuotas)', async () => {
    await expect(page.getByRole('tabpanel').getByRole('table').first()).toBeVisible();
  });
  await page.goto('/portal');
  await dialogo(
    page,
    'realizar pago',
    () => page.getByRole('button', { name: 'Realizar Pago' }).first().click(),
    'Realizar Pago',
  );
  await visitar(page, '/portal/nueva-solicitud');
  await visitar(page, '/configuracion');
  await visitar(page, '/configuracion?tab=seguridad');
  for (const doc of ['contrato', 'comprobantes']) await visitar(page, `/portal/creditos/${credito}/${doc}`);
});
