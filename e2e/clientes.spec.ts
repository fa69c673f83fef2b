import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectAccessible, expectPath, signIn } from './support';

test('landing → Acceder como Admin → login → /clientes → crear cliente (con error de validación primero) → perfil', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByRole('button', { name: 'Acceder como Admin' })
    .or(page.getByRole('link', { name: 'Acceder como Admin' }))
    .click();
  await expectPath(page, '/auth?tab=admin');
  await expect(page.getByText('Solo para personal autorizado. Requiere credenciales de administrador.')).toBeVisible();

  await page.locator('input[name="admin_email"]').fill(DEMO.admin);
  await page.locator('input[name="admin_password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Acceder al Panel Admin' }).click();
  await expectPath(page, '/clientes');
  await expect(page.getByRole('heading', { name: 'Clientes', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Ver Perfil/ }).first()).toBeVisible();
  // With the remote's page loaded, the desktop navigation is still there (a remote stylesheet once hid it).
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Solicitudes' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
  const form = page.getByRole('form', { name: 'Registrar Nuevo Cliente' });
  await expect(page.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await form.getByLabel('Nombre', { exact: true }).fill('J');
  await form.getByLabel('Dirección').fill('corta');
  await form.getByRole('button', { name: 'Crear Cliente' }).click();
  await expect(form.getByText('Nombre debe tener al menos 2 caracteres')).toBeVisible();
  await expect(form.getByText('Dirección debe ser más específica')).toBeVisible();
  await expect(form.getByText('Email inválido')).toBeVisible();
  await expectAccessible(page); // the form with its field errors

  const stamp = Date.now().toString(36);
  const email = `julia.${stamp}@correo.cr`;
  await form.getByLabel('Nombre', { exact: true }).fill('Julia');
  await form.getByLabel('Apellido').fill(`Esquivel ${stamp}`);
  // typed as printed on the card; stored as 9 digits and shown again with hyphens
  const cedula = `1${String(Date.now()).slice(-8)}`;
  const cedulaConGuiones = `${cedula.slice(0, 1)}-${cedula.slice(1, 5)}-${cedula.slice(5)}`;
  await form.getByLabel('Número de Identificación').fill(cedulaConGuiones);
  await form.getByLabel('Fecha de Nacimiento').fill('1991-07-25');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Teléfono').fill('+506 8845-1200');
  await form.getByLabel('Ciudad').fill('Cartago');
  await form.getByLabel('Dirección').fill('Cartago centro, 100 m este de la basílica');
  await form.getByRole('button', { name: 'Crear Cliente' }).click();
  await expect(page.getByText('Cliente creado')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Buscar clientes' }).or(page.getByLabel('Buscar clientes')).fill(stamp);
  const row = page.getByRole('row', { name: new RegExp(`Julia Esquivel ${stamp}`) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(cedulaConGuiones);
  await page.getByLabel('Buscar clientes').fill(cedula);
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: /^Ver Perfil/ }).click();
  await expect(page).toHaveURL(/\/clientes\/[A-Z0-9]+$/);
  await expect(page.getByRole('heading', { name: `Julia Esquivel ${stamp}` })).toBeVisible();
  await expect(page.getByText('KYC Pendiente')).toBeVisible();
  await expect(page.getByText('Sin Score')).toBeVisible();
  for (const tab of ['Solicitudes', 'Créditos', 'Historial de Pagos'])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '../test-results/perfil-cliente.png', fullPage: true });
});

test('la búsqueda sin resultados muestra "No se encontraron clientes"', async ({ page }) => {
  await signIn(page, 'admin', DEMO.analista);
  await page.getByLabel('Buscar clientes').fill('zzzz-nadie-se-llama-asi');
  await expect(page.getByText('No se encontraron clientes')).toBeVisible();
  await expectAccessible(page);
});

test('perfil de la clienta demo: línea de crédito usada, créditos y "Ver Detalles del Crédito"', async ({ page }) => {
  await signIn(page, 'admin', DEMO.cobrador);
  await page.getByLabel('Buscar clientes').fill(DEMO.cliente);
  const row = page.getByRole('row', { name: new RegExp(DEMO.cliente) });
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.getByRole('link', { name: /^Ver Perfil/ }).click();
  await expect(page).toHaveURL(/\/clientes\/[A-Z0-9]+$/);
  await expect(page.getByRole('heading', { name: 'Carolina Mora' })).toBeVisible();
  await expect(page.getByText('₡3 000 000,00')).toBeVisible();
  await page.getByRole('tab', { name: 'Créditos' }).click();
  await expect(page.getByRole('link', { name: /Ver Detalles del Crédito/ }).first()).toBeVisible();
  await expect(page.getByText('Vencido').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Historial de Pagos' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('₡');
  await expectAccessible(page);
});

test('un perfil inexistente muestra "Cliente no encontrado" con botón de regreso', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  await page.goto('/clientes/NOEXISTE');
  await expect(page.getByText('Cliente no encontrado')).toBeVisible();
  await expectAccessible(page);
});
