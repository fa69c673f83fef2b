import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, expectAccessible, expectPath, idToken, signIn } from './support';

/** es-CR amounts use no-break spaces; compare them as the screen shows them, spaces normalised. */
const crc = (centimos: number) =>
  new Intl.NumberFormat('es-CR', { style: 'currency', currency: 'CRC', minimumFractionDigits: 2 })
    .format(centimos / 100)
    .replace(/\s/g, ' ');

async function abrirDesdeMenu(page: Page, item: 'Monitoreo Operativo' | 'Comunicación Masiva', path: string) {
  await page.getByRole('button', { name: /^Menú de usuario/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await expectPath(page, path);
  await expect(page.getByRole('heading', { level: 1, name: item })).toBeVisible();
}

/** Both widths the product is checked at; nothing may widen the page at 390 px. */
async function capturas(page: Page, nombre: string) {
  // From the top: a full-page capture of a scrolled page repeats the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: test.info().outputPath(`${nombre}-1366.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath(`${nombre}-390.png`), fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('admin: Monitoreo Operativo desde el menú de usuario, siete tarjetas y Actividad Reciente', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  await abrirDesdeMenu(page, 'Monitoreo Operativo', '/monitoreo');

  const { token } = await idToken(DEMO.admin);
  const metricas = await api('/api/monitoreo', token);
  expect(metricas.status).toBe(200);
  const cards = page.getByRole('region', { name: 'Indicadores operativos' });
  await expect(cards.getByRole('listitem')).toHaveCount(7);
  const card = (label: string) => cards.getByRole('listitem').filter({ hasText: label });
  for (const label of [
    'Alertas',
    'Clientes Activos',
    'Solicitudes Pendientes',
    'Préstamos Vigentes',
    'Pagos Recibidos Hoy',
    'Mora Total',
    'Clientes Nuevos',
  ]) {
    await expect(card(label)).toBeVisible();
  }
  const m = metricas.body as Record<string, number>;
  // Figures others' tests do not move while this one runs.
  await expect(card('Préstamos Vigentes').getByText(String(m.prestamos_vigentes), { exact: true })).toBeVisible();
  await expect(card('Clientes Activos').getByText(String(m.clientes_activos), { exact: true })).toBeVisible();
  await expect(card('Mora Total').getByText(crc(m.mora_total_centimos!), { exact: true })).toBeVisible();
  await expect(page.getByText(/^Actualizado a las \d{1,2}:\d{2}:\d{2}/)).toBeVisible();

  const actividad = await api('/api/actividad?limit=10&tipo=operaciones', token);
  const feed = page.getByRole('region', { name: 'Actividad Reciente' });
  const items = (actividad.body as { items: { descripcion: string }[] }).items;
  if (items.length === 0) await expect(feed.getByText('No hay actividad reciente')).toBeVisible();
  else {
    // At most 10 entries; sign-ins (the admin's own just now among them) are left out by default.
    await expect(feed.getByRole('listitem').first()).toBeVisible();
    expect(await feed.getByRole('listitem').count()).toBeLessThanOrEqual(10);
    await expect(feed.locator('li[data-tipo="login"]')).toHaveCount(0);
  }

  await expectAccessible(page);
  await capturas(page, 'monitoreo');
});

test('admin: Comunicación Masiva — push a un segmento, campaña creada y enviada hasta Completado', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', DEMO.admin);
  await abrirDesdeMenu(page, 'Comunicación Masiva', '/comunicacion');

  const { token } = await idToken(DEMO.admin);
  const resumen = await api('/api/comunicacion/resumen', token);
  expect(resumen.status).toBe(200);
  const r = resumen.body as { total_clientes: number; clientes_activos: number; clientes_morosos: number };
  // The demo data has clients, some with active loans and some in arrears.
  expect(r.total_clientes).toBeGreaterThan(0);
  expect(r.clientes_activos).toBeGreaterThan(0);
  expect(r.clientes_morosos).toBeGreaterThan(0);
  const stats = page.getByRole('region', { name: 'Clientes por segmento' });
  await expect(stats.getByRole('listitem')).toHaveCount(3);
  const stat = (label: string) => stats.getByRole('listitem').filter({ hasText: label });
  await expect(stat('Total Clientes').getByText(String(r.total_clientes), { exact: true })).toBeVisible();
  await expect(stat('Con Créditos Activos').getByText(String(r.clientes_activos), { exact: true })).toBeVisible();
  await expect(stat('Con Mora').getByText(String(r.clientes_morosos), { exact: true })).toBeVisible();
  await expectAccessible(page);
  await capturas(page, 'comunicacion-push');

  // Push to 'todos': the demo customer (who has a portal user) receives it.
  const titulo = `Aviso e2e ${Date.now().toString(36)}`;
  const push = page.getByRole('form', { name: 'Notificaciones Push' });
  await push.getByLabel('Título').fill(titulo);
  await push.getByLabel('Mensaje').fill('Mensaje de prueba para todos los clientes.');
  await push.getByLabel('Tipo').selectOption('info');
  await push.getByLabel('Segmento').selectOption('todos');
  const peticion = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/notificaciones/masivas'));
  const respuesta = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/notificaciones/masivas'),
  );
  await push.getByRole('button', { name: 'Enviar Notificación' }).click();
  await expect(page.getByText('Notificaciones enviadas', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Se (enviaron \d+ notificaciones|envió 1 notificación)$/)).toBeVisible();
  await expect(push.getByLabel('Título')).toHaveValue('');
  const cliente = await idToken(DEMO.cliente);
  const titulos = async () =>
    ((await api('/api/notificaciones', cliente.token)).body as { items: { titulo: string }[] }).items.map((n) => n.titulo);
  await expect.poll(titulos).toContain(titulo);

  // The browser sent an Idempotency-Key: the same request again (a retry after a lost answer)
  // gets the same count and notifies no one a second time.
  const clave = (await peticion).headers()['idempotency-key'];
  expect(clave).toMatch(/^[0-9a-f-]{36}$/);
  const primera = (await (await respuesta).json()) as { enviadas: number };
  const repetida = await api('/api/notificaciones/masivas', token, {
    method: 'POST',
    body: (await peticion).postData()!,
    headers: { 'idempotency-key': clave! },
  });
  expect(repetida).toEqual({ status: 200, body: primera });
  expect((await titulos()).filter((t) => t === titulo)).toHaveLength(1);

  // A campaign to 'morosos' (small), created as borrador, then sent.
  await page.getByRole('tab', { name: 'Campañas de Email' }).click();
  const nombre = `Campaña e2e ${Date.now().toString(36)}`;
  const form = page.getByRole('form', { name: 'Nueva Campaña' });
  await form.getByLabel('Nombre de la campaña').fill(nombre);
  await form.getByLabel('Asunto').fill('Ponte al día con tu crédito');
  await form.getByLabel('Mensaje HTML').fill('<p>Hola, te recordamos tu cuota pendiente.</p>');
  await form.getByLabel('Mensaje en texto plano').fill('Hola, te recordamos tu cuota pendiente.');
  await form.getByLabel('Segmento').selectOption('morosos');
  await form.getByRole('button', { name: 'Crear Campaña' }).click();
  await expect(page.getByText('Campaña creada', { exact: true })).toBeVisible();

  const recientes = page.getByRole('region', { name: 'Campañas Recientes' });
  const item = recientes.getByRole('listitem').filter({ hasText: nombre });
  await expect(item.getByText('Borrador', { exact: true })).toBeVisible();
  await expect(item.getByText(/^\d+ destinatarios?$/)).toBeVisible();
  await expectAccessible(page);
  await capturas(page, 'comunicacion-email');

  await item.getByRole('button', { name: `Enviar: ${nombre}` }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Enviar esta campaña?' });
  await dialog.getByRole('button', { name: 'Confirmar Envío' }).click();
  await expect(page.getByText('Envío iniciado', { exact: true })).toBeVisible();
  await expect(item.getByRole('progressbar', { name: `Progreso del envío de ${nombre}` })).toBeVisible();
  // The list polls while the campaign is 'enviando'; the sender finishes without a reload.
  await expect(item.getByText('Completado', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(item.getByText(/^\d+\/\d+ enviados$/)).toBeVisible();
  await expect(item.getByRole('button', { name: /^Enviar:/ })).toHaveCount(0);
  await expectAccessible(page);
  await capturas(page, 'comunicacion-completado');
});

test('analista: ve las cifras de Comunicación Masiva pero no puede enviar', async ({ page }) => {
  await signIn(page, 'admin', DEMO.analista);
  await abrirDesdeMenu(page, 'Comunicación Masiva', '/comunicacion');
  await expect(page.getByRole('region', { name: 'Clientes por segmento' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('Solo los administradores pueden enviar notificaciones masivas.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar Notificación' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Campañas de Email' }).click();
  await expect(page.getByText('Solo los administradores pueden crear, ver y enviar campañas de email.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Nueva Campaña' })).toHaveCount(0);
});
