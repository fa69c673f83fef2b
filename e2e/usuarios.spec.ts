import { expect, test } from '@playwright/test';
import { rechazaConMensajes } from './pantalla';
import { api, DEMO, expectAccessible, idToken, signIn } from './support';

test('admin: crea un analista (primero con contraseña débil), el nuevo usuario entra al panel, edita su nombre, restablece y quita roles', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const email = `analista.${stamp}@cuota.cr`;
  const password = `Cuota-Analista-${stamp}-2026!`;

  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin', DEMO.admin);
  await page.goto('/usuarios');
  await expect(page.getByRole('heading', { name: 'Gestión de Usuarios' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(DEMO.analista) })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Nuevo Usuario Admin' }).click();
  const form = page.getByRole('form', { name: 'Crear Usuario Administrativo' });
  await expect(page.getByRole('dialog', { name: 'Crear Usuario Administrativo' })).toBeVisible();
  await rechazaConMensajes(form, 'Crear Usuario', ['Nombre debe tener al menos 2 caracteres', 'El rol es requerido']);

  await form.getByLabel('Nombre', { exact: true }).fill('Sofía');
  await form.getByLabel('Apellido').fill(`Arias ${stamp}`);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Rol').selectOption('analista');
  const pass = form.getByLabel('Contraseña', { exact: true });
  await expect(pass).toHaveAttribute('placeholder', 'Mínimo 12 caracteres');
  await pass.fill('debil');
  await form.getByRole('button', { name: 'Crear Usuario' }).click();
  await expect(page.getByText('Contraseña no segura').last()).toBeVisible();
  await expect(form.getByText('La contraseña debe tener al menos 12 caracteres').first()).toBeVisible();
  await pass.fill(password);
  await expect(page.getByRole('meter', { name: 'Fortaleza de la contraseña' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '../test-results/usuarios-crear-1366.png' });
  await form.getByRole('button', { name: 'Crear Usuario' }).click();
  await expect(page.getByText('Usuario creado')).toBeVisible();
  await expect(page.getByText(`${email} fue creado con el rol Analista de Crédito.`)).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Analista de Crédito').filter({ visible: true })).toBeVisible();
  await expect(row.getByText(`Sofía Arias ${stamp}`)).toBeVisible();
  await page.screenshot({ path: '../test-results/usuarios-1366.png', fullPage: true });
  // An admin is never offered removing their own roles.
  await expect(page.getByRole('row', { name: /admin@demo\.cr/ }).getByRole('button', { name: /^Eliminar roles/ })).toHaveCount(0);

  // The new analista can sign in to the admin panel (before its roles are removed); the session
  // stays open in its own browser to see the removal take effect.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, 'admin', email, password);

  await row.getByRole('button', { name: /^Editar Usuario/ }).click();
  const edit = page.getByRole('form', { name: 'Editar Usuario' });
  await expect(edit.getByLabel('Email')).toHaveValue(email);
  await expect(edit.getByLabel('Email')).toHaveAttribute('readonly', '');
  await edit.getByLabel('Nombre', { exact: true }).fill('Sofía Elena');
  await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Usuario actualizado')).toBeVisible();
  await expect(row.getByText(`Sofía Elena Arias ${stamp}`)).toBeVisible();

  await row.getByRole('button', { name: /^Restablecer Contraseña/ }).click();
  const reset = page.getByRole('dialog', { name: 'Restablecer Contraseña' });
  await reset.getByRole('button', { name: 'Enviar Email' }).click();
  await expect(page.getByText('Email enviado')).toBeVisible();
  await expect(reset).toBeHidden();

  await row.getByRole('button', { name: /^Eliminar roles/ }).click();
  const alert = page.getByRole('alertdialog', { name: '¿Eliminar roles de usuario?' });
  await expect(
    alert.getByText(`Esto removerá todos los roles de ${email}. El usuario ya no tendrá acceso administrativo.`),
  ).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await expectAccessible(page);
  await alert.getByRole('button', { name: 'Eliminar Roles' }).click();
  await expect(page.getByText('Usuario eliminado')).toBeVisible();
  // Still listed, without roles (and without the remove-roles action).
  await expect(row.getByText('Sin roles').filter({ visible: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Eliminar roles/ })).toHaveCount(0);

  // Revocation takes effect on the analista's open session (past the 5 s access cache): the next
  // page load is refused, the session ends with the server's reason and the browser is at /auth.
  await otherPage.waitForTimeout(5_500);
  await otherPage.goto('/clientes');
  await expect(otherPage.getByText('Sesión terminada')).toBeVisible();
  await expect(otherPage.getByText('Tu sesión ya no es válida. Inicia sesión de nuevo.')).toBeVisible();
  await expect(otherPage).toHaveURL(/\/auth$/);
  await otherPage.screenshot({ path: '../test-results/usuarios-sesion-terminada.png' });
  await other.close();

  const { token } = await idToken(DEMO.admin);
  const list = await api('/api/usuarios?limit=100', token);
  expect(list.status).toBe(200);
  expect(list.body.items.find((u: { email: string }) => u.email === email)).toMatchObject({ roles: [] });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: '../test-results/usuarios-390.png', fullPage: true });
  await expectAccessible(page);
});

test('analista y cobrador: sin acciones en /usuarios y la API responde 403', async ({ page }) => {
  await signIn(page, 'admin', DEMO.analista);
  await page.goto('/usuarios');
  await expect(page.getByRole('heading', { name: 'Gestión de Usuarios' })).toBeVisible();
  await expect(page.getByText('No tienes permisos para realizar esta acción')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo Usuario Admin' })).toHaveCount(0);
  await expectAccessible(page);
  for (const email of [DEMO.analista, DEMO.cobrador]) {
    const { token } = await idToken(email);
    expect((await api('/api/usuarios', token)).status).toBe(403);
    const body = JSON.stringify({
      nombre: 'No',
      apellido: 'Permitido',
      email: 'x@cuota.cr',
      rol: 'admin',
      password: 'Cuota-Demo-2026!-largo',
    });
    expect((await api('/api/usuarios', token, { method: 'POST', body })).status).toBe(403);
  }
});
