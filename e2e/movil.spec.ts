import { expect, test, type Page } from '@playwright/test';
import { crc, hoyCR, masDias, sinScrollHorizontal } from './pantalla';
import { api, cerrarAvisos, creditoDesembolsado, DEMO, expectPath, idToken, signIn } from './support';

/**
 * The main journeys on a 360 × 740 phone (the 'movil' project of playwright.config.ts): a new
 * customer signs up, gets a credit, sees her summary and next cuotas, reports a payment, signs out
 * and in again, and finds her notifications and the credit's documents; a cobrador goes from the
 * arrears list to a credit and records a contact, a promise and a payment at the counter. No screen
 * scrolls sideways at any step.
 */

const stamp = Date.now().toString(36);
const clienta = {
  nombre: 'Lucía',
  apellido: `Brenes ${stamp}`,
  email: `lucia.${stamp}@correo.cr`,
  password: 'Ruta-Movil-2026!x',
};

test.beforeEach(({ page }) => {
  expect(page.viewportSize()).toEqual({ width: 360, height: 740 });
});

/** Opens the portal tab: its panel shows, and nothing on the page is wider than the phone. */
async function pestana(page: Page, nombre: string): Promise<void> {
  await page.getByRole('tab', { name: nombre }).click();
  await expect(page.getByRole('tab', { name: nombre, selected: true })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await sinScrollHorizontal(page);
}

test('clienta: se registra, ve su resumen y próximas cuotas, reporta un pago, sale y vuelve a entrar', async ({ page }) => {
  await page.goto('/auth?tab=registro');
  await sinScrollHorizontal(page);
  await page.locator('input[name="nombre"]').fill(clienta.nombre);
  await page.locator('input[name="apellido"]').fill(clienta.apellido);
  await page.locator('input[name="telefono"]').fill('+506 8800-2233');
  await page.locator('input[name="email"]').fill(clienta.email);
  await page.locator('input[name="password"]').fill(clienta.password);
  await page.getByRole('button', { name: 'Registrarse como Cliente' }).click();
  await expectPath(page, '/portal');
  await expect(page.getByRole('heading', { name: `${clienta.nombre} ${clienta.apellido}` })).toBeVisible();

  // an analyst approves her application and an administrator disburses it
  const { token } = await idToken(clienta.email, clienta.password);
  const credito = await creditoDesembolsado(token, 30_000_000, 6);
  await page.reload();

  // the header in one row: its four actions in sight, by name
  const cabecera = page.getByRole('banner');
  for (const nombre of ['Mi Perfil', 'Nueva Solicitud'])
    await expect(cabecera.getByRole('link', { name: nombre })).toBeInViewport();
  await expect(cabecera.getByRole('button', { name: 'Cerrar Sesión' })).toBeInViewport();
  const { height } = (await cabecera.boundingBox())!;
  expect(height).toBeLessThan(80);

  // summary and next cuotas
  await expect(page.getByText('Línea de Crédito')).toBeVisible();
  const proximas = page.getByRole('listitem').filter({ hasText: `${credito.numero_credito} · Cuota` });
  await expect(proximas.first()).toBeVisible();
  await sinScrollHorizontal(page);

  // the five tabs are all in sight at once (none clipped out of the row), and each opens
  await page.getByRole('tablist').scrollIntoViewIfNeeded();
  await expect(page.getByRole('tab')).toHaveCount(5);
  for (const tab of await page.getByRole('tab').all()) await expect(tab).toBeInViewport({ ratio: 1 });
  for (const tab of ['Mis Solicitudes', 'Mis Pagos', 'Notificaciones', 'Documentos', 'Mis Créditos']) await pestana(page, tab);

  // the schedule scrolls inside its card, not the page
  await page.getByRole('button', { name: 'Ver Cuotas' }).click();
  await expect(page.getByRole('table', { name: new RegExp(credito.numero_credito) })).toBeVisible();
  await sinScrollHorizontal(page);

  // report a payment
  await page.getByRole('button', { name: 'Realizar Pago' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Realizar Pago' });
  await expect(dialogo).toBeVisible();
  const referencia = `MOVIL-${stamp.toUpperCase()}`;
  await dialogo.getByLabel('Monto (₡)').fill('20.000');
  await dialogo.getByLabel('Canal de pago').selectOption({ index: 1 });
  await dialogo.getByLabel('Referencia del comprobante').fill(referencia);
  const caja = (await dialogo.boundingBox())!;
  expect(caja.x).toBeGreaterThanOrEqual(0);
  expect(caja.x + caja.width).toBeLessThanOrEqual(360);
  await sinScrollHorizontal(page);
  await dialogo.getByRole('button', { name: 'Reportar Pago' }).click();
  await expect(page.getByText('Pago reportado exitosamente')).toBeVisible();
  await pestana(page, 'Mis Pagos');
  await expect(page.getByRole('row').filter({ hasText: referencia })).toContainText('Pendiente');

  // sign out from the header (after closing the toast that covers it), and in again
  await cerrarAvisos(page);
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).not.toHaveURL(/\/portal/);
  await signIn(page, 'login', clienta.email, clienta.password);
  await expect(page.getByRole('heading', { name: `${clienta.nombre} ${clienta.apellido}` })).toBeVisible();
  await sinScrollHorizontal(page);

  // her notifications (newest first, as the API lists them) and the credit's documents
  const avisos = await api('/api/notificaciones?limit=5', token);
  expect(avisos.body.items.length).toBeGreaterThan(0);
  await pestana(page, 'Notificaciones');
  await expect(
    page
      .getByRole('tabpanel')
      .getByRole('button', { name: new RegExp(avisos.body.items[0].titulo) })
      .first(),
  ).toBeVisible();
  await pestana(page, 'Documentos');
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: credito.numero_credito })).toBeVisible();
});

test('cobrador: de la lista de cobranza a un crédito en mora: gestión, promesa y pago en ventanilla', async ({ page }) => {
  await signIn(page, 'admin', DEMO.cobrador);
  await page.goto('/cobranza');
  await expect(page.getByRole('heading', { level: 1, name: 'Cobranza' })).toBeVisible();
  const tarjeta = page.getByRole('article').first();
  await expect(tarjeta).toBeVisible();
  await sinScrollHorizontal(page);
  // the staff navigation row shows the current page's link
  await expect(
    page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Cobranza' }),
  ).toBeInViewport();

  // the card opens its credit
  const numero = (await tarjeta.getAttribute('aria-label'))!;
  await tarjeta.getByRole('link', { name: numero }).click();
  await expect(page.getByRole('heading', { level: 1, name: numero })).toBeVisible();
  const card = page.getByRole('region', { name: 'Gestión de cobro' });
  await expect(card).toBeVisible();
  await sinScrollHorizontal(page);

  // a contact and a promise
  const gestion = card.getByRole('form', { name: 'Registrar gestión' });
  await gestion.getByLabel('Tipo', { exact: true }).selectOption('llamada');
  await gestion.getByLabel('Resultado', { exact: true }).selectOption('promesa');
  await gestion.getByLabel('Nota', { exact: true }).fill(`Atiende desde el teléfono ${stamp}`);
  const guardada = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/gestiones'));
  await gestion.getByRole('button', { name: 'Guardar gestión' }).click();
  expect((await guardada).status()).toBe(201);
  await expect(card.getByRole('list', { name: 'Historial de gestiones' }).getByRole('listitem').first()).toContainText(stamp);
  const promesa = card.getByRole('form', { name: 'Registrar promesa' });
  await promesa.getByLabel('Fecha prometida').fill(masDias(hoyCR(), 3));
  await promesa.getByLabel('Monto prometido').fill('40.000');
  const prometida = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/promesas'));
  await promesa.getByRole('button', { name: 'Registrar promesa' }).click();
  const respuesta = await prometida;
  expect(respuesta.status(), await respuesta.text()).toBe(201);
  await expect(card.getByTestId('promesa-actual')).toContainText(crc(4_000_000));
  await sinScrollHorizontal(page);

  // a cash payment at the counter, with its receipt
  await page.getByRole('button', { name: 'Registrar pago' }).click();
  const pago = page.getByRole('form', { name: 'Registrar pago' });
  await pago.getByLabel('Monto').fill('25.000');
  await expect(pago.getByLabel('Canal')).toHaveValue('efectivo');
  await sinScrollHorizontal(page);
  const registrado = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/creditos\/[^/]+\/pagos$/.test(r.url()),
  );
  await pago.getByRole('button', { name: 'Registrar y emitir recibo' }).click();
  const recibo = (await (await registrado).json()) as { numero_recibo: string };
  await expect(page.getByRole('status').filter({ hasText: recibo.numero_recibo })).toBeVisible();
  await expect(page.getByTestId(`pago-${recibo.numero_recibo}`)).toBeVisible();
  await sinScrollHorizontal(page);
});
