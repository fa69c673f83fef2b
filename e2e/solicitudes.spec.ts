import { expect, test } from '@playwright/test';
import { llenar, rechazaConMensajes } from './pantalla';
import { api, crearCliente, DEMO, idToken, signIn, expectAccessible } from './support';

test.use({ viewport: { width: 1366, height: 768 } });

test('analista: crea (error de validación primero), analiza (ve factores), aprueba y rechaza otra con el diálogo', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const { token } = await idToken(DEMO.analista);
  const ana = await crearCliente(token, 'Andrea', `Solis ${stamp}`, stamp); // of our own: the rows we act on are ours;

  await signIn(page, 'admin', DEMO.analista);
  await page.goto('/solicitudes');
  await expect(page.getByRole('heading', { name: 'Solicitudes', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva Solicitud' }).click();
  const form = page.getByRole('form', { name: 'Nueva Solicitud de Crédito' });

  // §5 messages at the fields, nothing sent.
  await llenar(form, { 'Plazo (meses)': '61', 'Monto solicitado (₡)': '50' });
  await rechazaConMensajes(form, 'Crear Solicitud', [
    'Debe seleccionar un cliente',
    'Debe seleccionar un producto',
    'Monto mínimo 100',
    'Plazo máximo 60 meses',
  ]);
  await expectAccessible(page);

  // the client picker searches (it lists nobody until something is typed)
  await form.getByRole('combobox', { name: 'Cliente' }).fill(stamp);
  await form
    .getByRole('option')
    .filter({ hasText: `Andrea Solis ${stamp}` })
    .click();
  await form.getByLabel('Producto').selectOption({ index: 1 });
  await expect(form.getByText(/Rango del producto: ₡/)).toBeVisible();
  await form.getByLabel('Monto solicitado (₡)').fill('150000');
  await form.getByLabel('Plazo (meses)').fill('12');
  await form.getByRole('button', { name: 'Crear Solicitud' }).click();
  await expect(page.getByText('Solicitud creada')).toBeVisible();
  await expect(form).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(`Andrea Solis ${stamp}`) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'Enviado', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '₡150 000,00', exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^Analizar/ }).click();
  await expect(page.getByText('Análisis iniciado')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'En Análisis', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Analizar/ })).toHaveCount(0);

  // The detail shows the stored scorecard with its total and risk.
  await row.getByRole('link', { name: /^SOL-/ }).click();
  await expect(page).toHaveURL(/\/solicitudes\/[A-Za-z0-9_-]+$/);
  await expect(page.getByText('Evaluación de Score')).toBeVisible();
  await expect(page.getByRole('cell', { name: /Verificación KYC/ })).toBeVisible();
  await expect(page.getByText('Score total')).toBeVisible();
  await expect(page.getByText(/Riesgo (Bajo|Medio|Alto)/).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '../test-results/solicitud-detalle-1366.png', fullPage: true });

  // Approving asks the approved terms and moves no money: no credit yet, disbursement comes next.
  await page.getByRole('button', { name: /^Aprobar/ }).click();
  const aprobar = page.getByRole('dialog', { name: /^Aprobar solicitud SOL-/ });
  await expect(aprobar.getByLabel('Monto aprobado (₡)')).toHaveValue('150000');
  await aprobar.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Solicitud aprobada').first()).toBeVisible();
  await expect(page.getByText('Aprobado', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver Crédito' })).toHaveCount(0);
  // an analyst may cancel the approval; only an administrator disburses (setting desembolso_analista off)
  await expect(page.getByRole('button', { name: /^Cancelar aprobación/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Desembolsar/ })).toHaveCount(0);

  // Reject another one through '¿Rechazar solicitud?'.
  const otra = await api('/api/solicitudes', token, {
    method: 'POST',
    body: JSON.stringify({
      cliente_id: ana.id,
      producto_id: (await api('/api/productos/activos', token)).body.items[0].id,
      monto_solicitado_centimos: 100_000_00,
      plazo_meses: 6,
    }),
  });
  expect(otra.status, JSON.stringify(otra.body)).toBe(201);
  await page.getByRole('link', { name: 'Volver a Solicitudes' }).click();
  const otraRow = page.getByRole('row', { name: new RegExp(otra.body.numero_solicitud) });
  await otraRow.getByRole('button', { name: /^Rechazar/ }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Rechazar solicitud?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText('Solicitud rechazada')).toBeVisible();
  await expect(otraRow.getByRole('cell', { name: 'Rechazado', exact: true })).toBeVisible();
  await otraRow.getByRole('link', { name: /^Ver Detalles/ }).click();
  await expect(page.getByText('Rechazado por el analista')).toBeVisible();
});

test('cobrador: ve la lista y el detalle sin botón de crear ni acciones', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const { token } = await idToken(DEMO.admin);
  const cli = await crearCliente(token, 'Bruno', `Solis ${stamp}`, stamp);
  const productoId = (await api('/api/productos/activos', token)).body.items[0].id as string;
  const sol = await api('/api/solicitudes', token, {
    method: 'POST',
    body: JSON.stringify({ cliente_id: cli.id, producto_id: productoId, monto_solicitado_centimos: 200_000_00, plazo_meses: 10 }),
  });
  expect(sol.status).toBe(201);

  await signIn(page, 'admin', DEMO.cobrador);
  await page.goto('/solicitudes');
  const row = page.getByRole('row', { name: new RegExp(sol.body.numero_solicitud) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'Enviado', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nueva Solicitud' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Aprobar|Analizar|Rechazar)/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: '../test-results/solicitudes-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '../test-results/solicitudes-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  await row.getByRole('link', { name: /^Ver Detalles/ }).click();
  await expect(page.getByText('Información del Cliente')).toBeVisible();
  await expect(page.getByText('La solicitud aún no ha sido analizada')).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Aprobar|Analizar|Rechazar)/ })).toHaveCount(0);
});

test('filtro por estado y solicitud inexistente', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  await page.goto('/solicitudes');
  await page.getByLabel('Filtrar por estado').selectOption('cancelado');
  // Filtered on the server: only Cancelado rows, and those offer 'Ver Detalles' only.
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toContainText('Cancelado');
  await expect(page.getByRole('cell', { name: /^(Enviado|En Análisis|Aprobado|Rechazado)$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Aprobar|Analizar|Rechazar)/ })).toHaveCount(0);
  await page.goto('/solicitudes/NOEXISTE');
  await expect(page.getByText('Solicitud no encontrada')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver a Solicitudes' })).toBeVisible();
});
