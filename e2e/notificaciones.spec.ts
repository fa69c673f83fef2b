import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  api,
  creditoDesembolsado,
  DEMO,
  expectAccessible,
  expectPath,
  idToken,
  registerCustomer,
  reportarPrimeraCuota,
  signIn,
} from './support';

const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });
/** Spec issue 6: a push must reach the signed-in customer's bell within 2 s, without reload. */
const EN_VIVO_MS = 2_000;

/** A customer of their own with a disbursed credit; returns the credit. */
async function clienteConCredito(): Promise<{ email: string; password: string; token: string; creditoId: string }> {
  const cliente = await registerCustomer('Campana', 'Prueba');
  const credito = await creditoDesembolsado(cliente.token);
  return { ...cliente, creditoId: credito.id };
}

function campana(page: Page): Locator {
  return page.getByRole('button', { name: /^Notificaciones(: \d+ sin leer)?$/ });
}

/**
 * The unread counter is kept by a stream consumer and lags a write by a moment: wait until it
 * matches the caller's unread notifications, so the bell starts from a settled number.
 */
async function noLeidasAsentadas(token: string): Promise<number> {
  const hasta = Date.now() + 15_000;
  for (;;) {
    const lista = await api('/api/notificaciones?limit=100', token);
    const esperado = (lista.body.items as { leida: boolean }[]).filter((n) => !n.leida).length;
    const { count } = (await api('/api/notificaciones/no-leidas', token)).body as { count: number };
    if (count === esperado) return esperado;
    if (Date.now() > hasta) throw new Error(`el contador de no leídas (${count}) no llegó a ${esperado}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const nombreCampana = (n: number) => (n === 0 ? 'Notificaciones' : `Notificaciones: ${n} sin leer`);

/** The bell holds an open `/ws` connection (its $connect has registered it). */
async function conectada(page: Page): Promise<void> {
  await expect(campana(page)).toHaveAttribute('data-en-vivo', 'open');
}

/** A flag on `window` that a reload would drop. */
async function marcarSinRecarga(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __sinRecarga: boolean }).__sinRecarga = true));
}
async function expectSinRecarga(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __sinRecarga?: boolean }).__sinRecarga)).toBe(true);
}

async function nuevaPagina(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('cliente: el pago que aprueba el cobrador aparece en la campana en vivo; clic la marca leída y abre su enlace', async ({
  browser,
}) => {
  const cliente = await clienteConCredito();
  const referencia = await reportarPrimeraCuota(cliente.token, cliente.creditoId, 'CAMP');
  const antes = await noLeidasAsentadas(cliente.token);

  // Customer in one browser context, on the Notificaciones tab of the portal
  const portal = await nuevaPagina(browser);
  await portal.setViewportSize({ width: 1366, height: 768 });
  await signIn(portal, 'login', cliente.email, cliente.password);
  await portal.goto('/portal?tab=notificaciones');
  await conectada(portal);
  await expect(campana(portal)).toHaveAccessibleName(nombreCampana(antes));
  await marcarSinRecarga(portal);

  // Staff in another: the cobrador approves the reported payment in Conciliación
  const staff = await nuevaPagina(browser);
  await staff.setViewportSize({ width: 1366, height: 768 });
  await signIn(staff, 'admin', DEMO.cobrador);
  await staff.goto('/conciliacion');
  const row = staff.getByRole('row', { name: new RegExp(referencia) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: new RegExp(`^Aprobar: ${referencia}`) }).click();
  const dialog = staff.getByRole('alertdialog', { name: '¿Aprobar este pago?' });
  const aprobado = staff.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/pagos\/[^/]+\/aprobar$/.test(r.url()));
  await dialog.getByRole('button', { name: 'Confirmar Aprobación' }).click();
  expect((await aprobado).status()).toBe(200);

  // Within 2 s and without reload: the badge goes up, the tab and the bell list it first
  await expect(campana(portal)).toHaveAccessibleName(nombreCampana(antes + 1), { timeout: EN_VIVO_MS });
  await expect(
    portal
      .getByRole('tabpanel')
      .getByRole('button', { name: /Pago aprobado/ })
      .first(),
  ).toBeVisible({
    timeout: EN_VIVO_MS,
  });
  await expectSinRecarga(portal);
  await campana(portal).click();
  const panel = portal.getByRole('dialog', { name: 'Notificaciones' });
  await expect(panel).toBeVisible();
  const primera = panel.getByRole('listitem').first();
  await expect(primera).toContainText('Pago aprobado');
  await expect(primera).toContainText('Nueva');
  await expect(primera).toContainText(/fue aprobado y aplicado/);
  await expect(primera.locator('time')).toHaveText(/^\d{2}[ -]\w+\.?,? \d{1,2}:\d{2}/);
  // the panel fits the viewport and its list scrolls at 400 px
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1366);
  expect(await panel.locator('ul').evaluate((ul) => getComputedStyle(ul.parentElement!).maxHeight)).toBe('400px');
  await expectAccessible(portal);
  await portal.screenshot({ path: '../test-results/notificaciones-portal-1366.png' });

  await portal.setViewportSize({ width: 390, height: 844 });
  await expect(panel).toBeVisible();
  const angosto = (await panel.boundingBox())!;
  expect(angosto.x).toBeGreaterThanOrEqual(0);
  expect(angosto.x + angosto.width).toBeLessThanOrEqual(390);
  await expectAccessible(portal);
  await portal.screenshot({ path: '../test-results/notificaciones-portal-390.png' });

  // Clicking it marks it read (the badge goes down) and opens its accion_url (/portal)
  const marcada = portal.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/notificaciones\/[^/]+\/leer$/.test(r.url()),
  );
  await primera.getByRole('button').click();
  expect((await marcada).status()).toBe(200);
  await expectPath(portal, '/portal');
  await expect(panel).toBeHidden();
  await expect(campana(portal)).toHaveAccessibleName(nombreCampana(antes));
  await campana(portal).click();
  await expect(panel.getByRole('listitem').first()).not.toContainText('Nueva');
  // still read after a reload (leida, leida_en on the server)
  expect(await noLeidasAsentadas(cliente.token)).toBe(antes);
  await portal.reload();
  await expect(campana(portal)).toHaveAccessibleName(nombreCampana(antes));

  await staff.context().close();
  await portal.context().close();
});

test('staff: la campana del encabezado abre su panel, accesible, a 1366 y 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin', DEMO.admin);
  await conectada(page);
  await campana(page).click();
  const panel = page.getByRole('dialog', { name: 'Notificaciones' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Notificaciones' })).toBeVisible();
  await expect(panel.getByRole('list').or(panel.getByText('No tienes notificaciones'))).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '../test-results/notificaciones-admin-1366.png' });

  // keyboard: Escape closes and gives focus back to the bell; Enter opens it again
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(campana(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();

  // offline: the live connection pauses, and comes back as soon as the network does
  await page.context().setOffline(true);
  await expect(campana(page)).toHaveAttribute('data-en-vivo', 'offline');
  await page.context().setOffline(false);
  await conectada(page);

  await page.setViewportSize({ width: 390, height: 844 });
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.screenshot({ path: '../test-results/notificaciones-admin-390.png' });
});

test('staff envía una notificación push a todos y la campana del cliente la muestra en vivo', async ({ browser }) => {
  const antes = await noLeidasAsentadas((await idToken(DEMO.cliente)).token);
  const portal = await nuevaPagina(browser);
  await portal.setViewportSize({ width: 390, height: 844 });
  await signIn(portal, 'login', DEMO.cliente);
  await conectada(portal);
  await expect(campana(portal)).toHaveAccessibleName(nombreCampana(antes));
  await marcarSinRecarga(portal);

  const admin = await idToken(DEMO.admin);
  const titulo = `Aviso E2E ${Date.now().toString(36)}`;
  const envio = await api(
    '/api/notificaciones/masivas',
    admin.token,
    post({ titulo, mensaje: 'Mensaje para todos los clientes.', tipo: 'warning', segmento: 'todos' }),
  );
  expect(envio.status, JSON.stringify(envio.body)).toBe(200);
  expect(envio.body.enviadas).toBeGreaterThan(0);

  await expect(campana(portal)).toHaveAccessibleName(nombreCampana(antes + 1), { timeout: EN_VIVO_MS });
  await expectSinRecarga(portal);
  await campana(portal).click();
  const primera = portal.getByRole('dialog', { name: 'Notificaciones' }).getByRole('listitem').first();
  await expect(primera).toContainText(titulo);
  await expect(primera).toContainText('Mensaje para todos los clientes.');
  await portal.context().close();
});

test("más de 9 sin leer: la insignia dice '9+', el nombre accesible da la cantidad exacta y axe no objeta", async ({ page }) => {
  const admin = await idToken(DEMO.admin);
  const totalClientes = async () => (await api('/api/comunicacion/resumen', admin.token)).body.total_clientes as number;
  const antes = await totalClientes();
  const cliente = await registerCustomer('Insignia', 'Prueba');
  // Segment membership follows the client through the stream (two hops): wait until 'todos' has them.
  await expect.poll(totalClientes, { timeout: 15_000 }).toBeGreaterThan(antes);
  for (let i = 1; i <= 10; i++) {
    const envio = await api(
      '/api/notificaciones/masivas',
      admin.token,
      post({ titulo: `Aviso ${i}`, mensaje: 'Aviso de prueba.', tipo: 'info', segmento: 'todos' }),
    );
    expect(envio.status, JSON.stringify(envio.body)).toBe(200);
  }
  const total = await noLeidasAsentadas(cliente.token);
  expect(total).toBeGreaterThanOrEqual(10);
  await signIn(page, 'login', cliente.email, cliente.password);
  await expect(campana(page)).toHaveAccessibleName(nombreCampana(total));
  await expect(page.getByTestId('notificaciones-insignia')).toHaveText('9+');
  await expectAccessible(page);
});
