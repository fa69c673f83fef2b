import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { esperarCodigoDeRestablecimiento } from '../infra/local/cognito-codigos';
import { api, DEMO, expectAccessible, expectPath, idToken, PORT, runtimeConfig, sesion, signIn } from './support';

/**
 * Issue 7: the admin 16-character rule holds on the server for every way a password is set —
 * one's own change (Configuración → Seguridad), the emailed-code reset, and promotion to admin.
 */

/** Where the e2e stack keeps its data (playwright.config.ts: CUOTA_LOCAL_DIR=.local/e2e-PORT). */
const LOCAL_DIR = fileURLToPath(new URL(`../.local/e2e-${PORT}`, import.meta.url));

/** The reset code cognito-local "emailed": read from its store, as a person would read the email. */
async function codigoEnviado(email: string): Promise<string> {
  const { auth } = await runtimeConfig();
  return esperarCodigoDeRestablecimiento(LOCAL_DIR, auth.userPoolId, email);
}

async function crearPersonal(rol: 'admin' | 'analista', password: string): Promise<string> {
  const email = `${rol}.claves.${Date.now().toString(36)}@cuota.cr`;
  const { token } = await idToken(DEMO.admin);
  const res = await api('/api/usuarios', token, {
    method: 'POST',
    body: JSON.stringify({ nombre: 'Clara', apellido: 'Claves', email, rol, password }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return email;
}

async function seguridad(page: Page) {
  await page.goto('/configuracion?tab=seguridad');
  await expect(page.getByRole('heading', { name: 'Cambiar Contraseña' })).toBeVisible();
}

test('un administrador: menos de 16 caracteres se rechaza en el navegador y también en el servidor; con 16 cambia y entra con la nueva', async ({
  page,
}) => {
  const inicial = 'Admin-Inicial-2026!!';
  const email = await crearPersonal('admin', inicial);
  await signIn(page, 'admin', email, inicial);
  await seguridad(page);

  await page.getByLabel('Contraseña actual').fill(inicial);
  await page.getByLabel('Nueva contraseña').fill('Admin-Clave-15!');
  await page.getByLabel('Confirmar contraseña').fill('Admin-Clave-15!');
  await page.getByRole('button', { name: 'Actualizar Contraseña' }).click();
  await expect(page.getByText('Contraseña de administrador insuficiente')).toBeVisible();

  // The same request without the browser's check: the server refuses it too, and nothing changes.
  const s = await sesion(email, inicial);
  const directo = await api('/api/perfil/contrasena', s.token, {
    method: 'POST',
    body: JSON.stringify({ actual: inicial, nueva: 'Admin-Clave-15!', token_acceso: s.accessToken }),
  });
  expect(directo.status).toBe(400);
  expect(directo.body).toMatchObject({
    message: 'Contraseña de administrador insuficiente',
    details: { nueva: 'Los administradores deben usar contraseñas de al menos 16 caracteres' },
  });
  await expect(sesion(email, 'Admin-Clave-15!')).rejects.toThrow();

  const nueva = 'Admin-Nueva-Clave-2026';
  await page.getByLabel('Contraseña actual').fill('No-Es-La-Actual-2026');
  await page.getByLabel('Nueva contraseña').fill(nueva);
  await page.getByLabel('Confirmar contraseña').fill(nueva);
  await page.getByRole('button', { name: 'Actualizar Contraseña' }).click();
  await expect(page.getByLabel('Contraseña actual')).toHaveAccessibleDescription('La contraseña actual es incorrecta');

  await page.getByLabel('Contraseña actual').fill(inicial);
  await page.getByRole('button', { name: 'Actualizar Contraseña' }).click();
  await expect(page.getByText('Contraseña actualizada')).toBeVisible();
  await expect(page.getByLabel('Nueva contraseña')).toHaveValue('');
  await expect(sesion(email, inicial)).rejects.toThrow();
  expect((await sesion(email, nueva)).token).toBeTruthy();
});

test('restablecer con el código del email: la cuenta de administrador necesita 16 caracteres; luego entra al panel', async ({
  page,
}) => {
  const email = await crearPersonal('admin', 'Admin-Olvidada-2026!');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/auth?tab=admin');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expectPath(page, '/restablecer-contrasena');
  await expect(page.getByRole('heading', { name: 'Restablecer Contraseña' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar Código' }).click();
  await expect(page.getByText('Si el email está registrado, recibirás un código de verificación.')).toBeVisible();
  const codigo = await codigoEnviado(email);

  await page.getByLabel('Código de verificación').fill(codigo === '000000' ? '111111' : '000000');
  await page.getByLabel('Nueva contraseña').fill('Admin-Clave-15!');
  await page.getByLabel('Confirmar contraseña').fill('Admin-Clave-15!');
  await page.getByRole('button', { name: 'Restablecer Contraseña' }).click();
  // the server answers a wrong code and an admin's short password alike (no telling staff accounts
  // apart); the form states the admin rule under the field
  const rechazo =
    'El código es inválido o venció, o la nueva contraseña no cumple las reglas de tu cuenta (las cuentas de administrador requieren al menos 16 caracteres). Revisa ambos o solicita un código nuevo.';
  await expect(page.getByLabel('Código de verificación')).toHaveAccessibleDescription(rechazo);
  await expect(page.getByLabel('Nueva contraseña')).toHaveAccessibleDescription(
    'Las cuentas de administrador requieren al menos 16 caracteres.',
  );

  const nueva = 'Admin-Recuperada-2026';
  await page.getByLabel('Nueva contraseña').fill(nueva);
  await page.getByLabel('Confirmar contraseña').fill(nueva);
  await page.getByRole('button', { name: 'Restablecer Contraseña' }).click();
  await expect(page.getByLabel('Código de verificación')).toHaveAccessibleDescription(rechazo);
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '../test-results/restablecer-390.png', fullPage: true });

  await page.getByLabel('Código de verificación').fill(codigo);
  await page.getByRole('button', { name: 'Restablecer Contraseña' }).click();
  await expect(page.getByText('Contraseña restablecida')).toBeVisible();
  await expectPath(page, '/auth');
  await signIn(page, 'admin', email, nueva);
});

test('promover un analista a administrador anula su contraseña de 12 y le envía un código: vuelve a entrar solo con 16+', async ({
  page,
  browser,
}) => {
  const doce = 'Analista-12!';
  const email = await crearPersonal('analista', doce);
  expect((await sesion(email, doce)).token).toBeTruthy();

  await signIn(page, 'admin', DEMO.admin);
  await page.goto('/usuarios');
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await row.getByRole('button', { name: /^Editar Usuario/ }).click();
  const form = page.getByRole('form', { name: 'Editar Usuario' });
  await form.getByLabel('Rol').selectOption('admin');
  await expect(form.getByText('Al asignar el rol Administrador se anula la contraseña actual')).toBeVisible();
  await form.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText(`${email} ahora es administrador`)).toBeVisible();
  await expect(sesion(email, doce)).rejects.toThrow();

  const otro = await browser.newContext();
  const suya = await otro.newPage();
  await suya.goto('/restablecer-contrasena');
  await suya.getByLabel('Email').fill(email);
  await suya.getByRole('button', { name: 'Enviar Código' }).click();
  await expect(suya.getByLabel('Código de verificación')).toBeVisible();
  // the promotion's code was replaced by this newer one
  await suya.getByLabel('Código de verificación').fill(await codigoEnviado(email));
  await suya.getByLabel('Nueva contraseña').fill(doce);
  await suya.getByLabel('Confirmar contraseña').fill(doce);
  await suya.getByRole('button', { name: 'Restablecer Contraseña' }).click();
  // refused like a wrong code (no telling staff accounts apart); the code still works
  await expect(suya.getByText('No se pudo restablecer la contraseña')).toBeVisible();
  await expect(suya.getByText(/las cuentas de administrador requieren al menos 16 caracteres\)/).first()).toBeVisible();
  const dieciseis = 'Ahora-Soy-Admin-2026';
  await suya.getByLabel('Nueva contraseña').fill(dieciseis);
  await suya.getByLabel('Confirmar contraseña').fill(dieciseis);
  await suya.getByRole('button', { name: 'Restablecer Contraseña' }).click();
  await expectPath(suya, '/auth');
  await signIn(suya, 'admin', email, dieciseis);
  await otro.close();
});
