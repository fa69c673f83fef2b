import { expect, test, type Page } from '@playwright/test';
import { totp } from '../shared/src/testing/totp';
import { api, DEMO, expectAccessible, expectPath, idToken, initiateAuth, signIn } from './support';

/** A code no clock skew the server tolerates (±1 step) would accept. */
function wrongCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((skew) => totp(secret, Date.now() + skew)));
  return ['000000', '111111', '222222'].find((code) => !valid.has(code))!;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Menú de usuario/ }).click();
  await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/auth/);
}

async function submitPassword(page: Page, email: string, password: string) {
  await page.goto('/auth?tab=admin');
  await page.locator('input[name="admin_email"]').fill(email);
  await page.locator('input[name="admin_password"]').fill(password);
  await page.getByRole('button', { name: 'Acceder al Panel Admin' }).click();
}

test('staff: activa TOTP en Configuración → Seguridad, entra con código (uno incorrecto primero) y lo desactiva', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const email = `cobrador.mfa.${stamp}@cuota.cr`;
  // 16+ characters: the Admin Panel tab asks that of every password before calling Cognito.
  const password = `Cuota-Cobrador-${stamp}-2026!`;
  const admin = await idToken(DEMO.admin);
  const creado = await api('/api/usuarios', admin.token, {
    method: 'POST',
    body: JSON.stringify({ nombre: 'Marta', apellido: `Rojas ${stamp}`, email, rol: 'cobrador', password }),
  });
  expect(creado.status, JSON.stringify(creado.body)).toBe(201);

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin', email, password);
  await page.goto('/configuracion?tab=seguridad');
  const card = page.getByRole('region', { name: 'Verificación en dos pasos' });
  await expect(card.getByText('Desactivada')).toBeVisible();
  await card.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();

  // Setup: the QR of the otpauth URI and the same secret in groups of four for manual entry.
  await expect(card.getByRole('img', { name: 'Código QR para tu app de autenticación' })).toBeVisible();
  const grouped = (await card.getByRole('definition').innerText()).trim();
  expect(grouped).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const secret = grouped.replace(/\s/g, '');
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: '/tmp/mfa-setup-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  // A full page: an element shot at this width slides the card's title under the sticky header.
  await page.screenshot({ path: '/tmp/mfa-setup-390.png', fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 900 });

  const code = card.getByLabel('Código de verificación');
  await code.fill(wrongCode(secret));
  await card.getByRole('button', { name: 'Verificar y activar' }).click();
  await expect(card.getByText('Código incorrecto. Usa el código vigente de tu app de autenticación.')).toBeVisible();
  await code.fill(totp(secret));
  await card.getByRole('button', { name: 'Verificar y activar' }).click();
  await expect(page.getByText('Verificación en dos pasos activada')).toBeVisible();
  await expect(card.getByText('Activada', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Desactivar' })).toBeVisible();

  // Cognito itself now answers the password with the TOTP challenge.
  expect((await initiateAuth(email, password)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

  // Sign-in: password, then the code step; a wrong code stays on the step, the right one lands.
  await signOut(page);
  await submitPassword(page, email, password);
  const step = page.getByLabel('Código de verificación');
  await expect(step).toBeFocused();
  await expect(step).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(step).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByRole('button', { name: 'Volver' })).toBeVisible();
  await expectAccessible(page);
  await step.fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Verificar', exact: true }).click();
  await expect(page.getByText('Código incorrecto. Usa el código vigente de tu app de autenticación.')).toBeVisible();
  await expectPath(page, '/auth?tab=admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/mfa-login-390.png' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await step.fill(totp(secret));
  await page.getByRole('button', { name: 'Verificar', exact: true }).click();
  await expectPath(page, '/clientes');
  await expect(page.getByRole('button', { name: new RegExp(`^Menú de usuario`) })).toBeVisible();

  // Turn it off (confirm dialog); the next sign-in needs only the password.
  await page.goto('/configuracion?tab=seguridad');
  await expect(card.getByText('Activada', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Desactivar' }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Desactivar la verificación en dos pasos?' });
  await expect(dialog.getByText('Tu cuenta quedará protegida solo por tu contraseña.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Desactivar' }).click();
  await expect(page.getByText('Verificación en dos pasos desactivada')).toBeVisible();
  await expect(card.getByText('Desactivada')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Activar verificación en dos pasos' })).toBeVisible();
  await expectAccessible(page);

  await signOut(page);
  await signIn(page, 'admin', email, password);
});

test('cliente: Configuración → Seguridad no ofrece la verificación en dos pasos', async ({ page }) => {
  await signIn(page, 'login', DEMO.cliente);
  await page.goto('/configuracion?tab=seguridad');
  await expect(page.getByLabel('Contraseña actual')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verificación en dos pasos' })).toHaveCount(0);
});
