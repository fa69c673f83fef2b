import { expect, test } from '@playwright/test';
import { api, DEMO, expectPath, idToken, signIn } from './support';

test('registro: contraseña débil → toast; luego una buena → /portal con su perfil de cliente', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const email = `nuevo.${stamp}@correo.cr`;
  await page.goto('/auth?tab=registro');
  await page.locator('input[name="nombre"]').fill('Daniela');
  await page.locator('input[name="apellido"]').fill('Rojas');
  await page.locator('input[name="telefono"]').fill('+506 8800-1122');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('password');
  await page.getByRole('button', { name: 'Registrarse como Cliente' }).click();
  await expect(page.getByText('Contraseña no segura')).toBeVisible();
  await expect(page.getByText('La contraseña debe tener al menos 12 caracteres').first()).toBeVisible();

  await page.locator('input[name="password"]').fill('Ruta-Segura-2026!x');
  await expect(page.getByText('Contraseña segura')).toBeVisible();
  await page.getByRole('button', { name: 'Registrarse como Cliente' }).click();
  await expect(page.getByText('Registro exitoso')).toBeVisible();
  await expectPath(page, '/portal');
  await expect(page.getByText('Daniela').first()).toBeVisible();

  const { token } = await idToken(email, 'Ruta-Segura-2026!x');
  const me = await api('/api/me', token);
  expect(me.body).toMatchObject({
    roles: [],
    cliente: { email, nombre: 'Daniela', apellido: 'Rojas', telefono: '+50688001122' },
  });
});

test('registro con teléfono no costarricense → toast "Teléfono inválido"', async ({ page }) => {
  await page.goto('/auth?tab=registro');
  await page.locator('input[name="nombre"]').fill('Mario');
  await page.locator('input[name="apellido"]').fill('Soto');
  await page.locator('input[name="telefono"]').fill('555-1234');
  await page.locator('input[name="email"]').fill(`mario.${Date.now()}@correo.cr`);
  await page.locator('input[name="password"]').fill('Ruta-Segura-2026!x');
  await page.getByRole('button', { name: 'Registrarse como Cliente' }).click();
  await expect(page.getByText('Teléfono inválido', { exact: true })).toBeVisible();
  await expect(page.getByText('Ingresa un número válido de Costa Rica (+506 8888-8888)')).toBeVisible();
});

test('un email ya registrado → "Usuario ya registrado"', async ({ page }) => {
  await page.goto('/auth?tab=registro');
  await page.locator('input[name="nombre"]').fill('Carolina');
  await page.locator('input[name="apellido"]').fill('Mora');
  await page.locator('input[name="telefono"]').fill('+506 8800-1122');
  await page.locator('input[name="email"]').fill(DEMO.cliente);
  await page.locator('input[name="password"]').fill('Ruta-Segura-2026!x');
  await page.getByRole('button', { name: 'Registrarse como Cliente' }).click();
  await expect(page.getByText('Usuario ya registrado')).toBeVisible();
});

test('sin sesión, /clientes lleva a /auth?tab=admin; /portal lleva a /auth', async ({ page }) => {
  await page.goto('/clientes');
  await expectPath(page, '/auth?tab=admin');
  await page.goto('/portal');
  await expect(page).toHaveURL(/\/auth(\?tab=login)?$/);
});

test('una clienta que visita /clientes termina en /portal; cerrar sesión lleva a /auth', async ({ page }) => {
  await signIn(page, 'login', DEMO.cliente);
  await page.goto('/clientes');
  await expectPath(page, '/portal');
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page.getByText('Sesión cerrada')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('credenciales incorrectas → "Error de autenticación" y el formulario vuelve a habilitarse', async ({ page }) => {
  await page.goto('/auth?tab=admin');
  await page.locator('input[name="admin_email"]').fill(DEMO.admin);
  await page.locator('input[name="admin_password"]').fill('Contraseña-Equivocada-123!');
  const submit = page.getByRole('button', { name: 'Acceder al Panel Admin' });
  await submit.click();
  await expect(page.getByText('Error de autenticación')).toBeVisible();
  await expect(submit).toBeEnabled();
});

test('la sesión persiste al recargar y una ruta desconocida muestra el 404', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  await page.reload();
  await expectPath(page, '/clientes');
  await page.goto('/esto-no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expect(page.getByText('La página que buscas no existe o fue movida')).toBeVisible();
  await page.getByRole('link', { name: 'Volver al Inicio' }).click();
  await expectPath(page, '/');
});
