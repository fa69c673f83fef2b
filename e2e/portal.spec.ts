import { expect, test } from '@playwright/test';
import { api, DEMO, expectAccessible, expectPath, idToken, registerCustomer, signIn } from './support';

test('landing: el banner cambia cada 5000 ms, vuelve a la primera y se detiene con el puntero encima', async ({ page }) => {
  // Time stands still (paused before the page loads) and moves only when the test says so.
  const inicio = new Date('2026-03-02T15:00:00Z').getTime();
  await page.clock.install({ time: inicio });
  await page.clock.pauseAt(inicio + 1_000);
  await page.goto('/');
  const activa = page.locator('[aria-roledescription="slide"][aria-hidden="false"]');
  await expect(activa).toHaveAttribute('aria-label', '1 / 3');
  await page.clock.runFor(4_900);
  await expect(activa).toHaveAttribute('aria-label', '1 / 3');
  await page.clock.runFor(100);
  await expect(activa).toHaveAttribute('aria-label', '2 / 3');
  await page.clock.runFor(5_000);
  await expect(activa).toHaveAttribute('aria-label', '3 / 3');
  await page.clock.runFor(5_000);
  await expect(activa).toHaveAttribute('aria-label', '1 / 3');

  await page.getByRole('heading', { level: 2 }).first().hover();
  await page.clock.runFor(15_000);
  await expect(activa).toHaveAttribute('aria-label', '1 / 3');
  await page.mouse.move(5, 760);
  await page.clock.runFor(5_000);
  await expect(activa).toHaveAttribute('aria-label', '2 / 3');

  for (const [boton, destino] of [
    ['Acceder como Admin', '/auth?tab=admin'],
    ['Registrarse Ahora', '/auth?tab=registro'],
    ['Iniciar Sesión', '/auth?tab=login'],
  ] as const) {
    await page.goto('/');
    await page
      .getByRole('link', { name: boton })
      .or(page.getByRole('button', { name: boton }))
      .first()
      .click();
    await expectPath(page, destino);
  }
});

test('landing: sin reproducción automática con movimiento reducido', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  // Time stands still (paused before the page loads) and moves only when the test says so.
  const inicio = new Date('2026-03-02T15:00:00Z').getTime();
  await page.clock.install({ time: inicio });
  await page.clock.pauseAt(inicio + 1_000);
  await page.goto('/');
  await page.clock.runFor(12_000);
  await expect(page.locator('[aria-roledescription="slide"][aria-hidden="false"]')).toHaveAttribute('aria-label', '1 / 3');
  await context.close();
});

test('portal de la clienta demo: score, línea de crédito, próximas cuotas con alertas y sus créditos', async ({ page }) => {
  await signIn(page, 'login', DEMO.cliente);
  const { token } = await idToken(DEMO.cliente);
  const resumen = (await api('/api/portal/resumen', token)).body;

  await expect(page.getByRole('heading', { name: 'Carolina Mora' })).toBeVisible();
  await expect(page.getByText(String(resumen.score), { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Línea de Crédito: .*% utilizado$/ })).toBeVisible();
  await expect(page.getByText('₡3 000 000,00')).toBeVisible();
  const cuotas = page.getByRole('listitem').filter({ hasText: /· Cuota \d+/ });
  await expect(cuotas).toHaveCount(resumen.proximas_cuotas.length);
  const vencidas = resumen.proximas_cuotas.filter((c: { alerta: string | null }) => c.alerta === 'vencida').length;
  await expect(cuotas.filter({ hasText: 'Vencida' })).toHaveCount(vencidas);

  // Mis Créditos: one card per credit, and a schedule with the cuota states.
  const creditos = (await api('/api/portal/creditos?limit=10', token)).body.items as { numero_credito: string }[];
  for (const c of creditos) await expect(page.getByRole('heading', { name: c.numero_credito })).toBeVisible();
  await page.getByRole('button', { name: 'Ver Cuotas' }).first().click();
  await expect(page.getByRole('table').first()).toContainText(/Pagada|Pendiente|Vencida \(\d+ días\)/);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '../test-results/portal-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: '../test-results/portal-1366.png', fullPage: true });

  // Every tab opens, and the chosen one is in the URL.
  for (const [tab, query] of [
    ['Mis Solicitudes', 'solicitudes'],
    ['Mis Pagos', 'pagos'],
    ['Notificaciones', 'notificaciones'],
    ['Documentos', 'documentos'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expectPath(page, `/portal?tab=${query}`);
    await expect(page.getByRole('tabpanel')).toBeVisible();
  }
  await page.getByRole('link', { name: 'Mi Perfil' }).click();
  await expectPath(page, '/configuracion');
});

test('una clienta nueva ve su portal vacío y nunca los datos de otra (UI y API)', async ({ page }) => {
  const nueva = await registerCustomer('Rebeca', 'Alfaro');
  await signIn(page, 'login', nueva.email);
  await expect(page.getByRole('heading', { name: 'Rebeca Alfaro' })).toBeVisible();
  await expect(page.getByText('Aún no tienes créditos.')).toBeVisible();
  await expect(page.getByText('No tienes cuotas pendientes.')).toBeVisible();
  await expect(page.getByText('Carolina Mora')).toHaveCount(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '../test-results/portal-vacio-390.png', fullPage: true });

  // The demo customer's ids answer 404 to her; her lists are empty.
  const demo = (await idToken(DEMO.cliente)).token;
  const ajeno = (await api('/api/portal/creditos?limit=1', demo)).body.items[0].id as string;
  for (const path of [
    `/api/portal/creditos/${ajeno}`,
    `/api/portal/creditos/${ajeno}/cuotas`,
    `/api/portal/creditos/${ajeno}/documentos`,
  ]) {
    expect((await api(path, nueva.token)).status).toBe(404);
  }
  for (const path of ['/api/portal/creditos', '/api/portal/solicitudes', '/api/portal/pagos', '/api/portal/documentos']) {
    const res = await api(path, nueva.token);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
  }
  const pago = await api('/api/portal/pagos', nueva.token, {
    method: 'POST',
    headers: { 'idempotency-key': `aislamiento-${Date.now()}` },
    body: JSON.stringify({ credito_id: ajeno, monto_centimos: 100_000, fecha_pago: '2026-11-01', canal: 'sinpe_movil' }),
  });
  expect(pago.status).toBe(404);
});
