import { expect, test } from '@playwright/test';
import { api, DEMO, expectAccessible, expectPath, idToken, registerCustomer, signIn } from './support';

const NUEVA = 'Ventana-Azul-2026#';

test('cliente: Perfil edita su ficha, Seguridad cambia la contraseña y vuelve a entrar con la nueva', async ({ page }) => {
  const cliente = await registerCustomer('Marisol', 'Quesada');
  await signIn(page, 'login', cliente.email);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/configuracion');
  await expect(page.getByRole('heading', { name: 'Configuración' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al Portal' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveText(['Perfil', 'Seguridad', 'Notificaciones']);

  // Perfil: email read-only; the phone keeps the Costa Rica rule; the change lands on the client record.
  await expect(page.getByLabel('Email')).toHaveValue(cliente.email);
  await expect(page.getByLabel('Email')).toBeDisabled();
  await page.getByLabel('Apellido').fill('Quesada Mora');
  await page.getByLabel('Teléfono').fill('555 1234 99');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Ingresa un número válido de Costa Rica (+506 8888-8888)')).toBeVisible();
  await page.getByLabel('Teléfono').fill('+506 8701-2345');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Perfil actualizado')).toBeVisible();
  const ficha = await api(`/api/clientes/${cliente.clienteId}`, (await idToken(DEMO.admin)).token);
  expect(ficha.body).toMatchObject({ apellido: 'Quesada Mora', telefono: '+50687012345', email: cliente.email });
  await page.reload();
  await expect(page.getByLabel('Apellido')).toHaveValue('Quesada Mora');
  await expectAccessible(page);
  await page.screenshot({ path: '../test-results/configuracion-cliente-390.png', fullPage: true });

  // Seguridad: wrong current password, mismatch, then the change; the old password stops working.
  await page.getByRole('tab', { name: 'Seguridad' }).click();
  await expectPath(page, '/configuracion?tab=seguridad');
  await page.getByLabel('Contraseña actual').fill('No-Es-La-Mia-2026!');
  await page.getByLabel('Nueva contraseña').fill(NUEVA);
  await expect(page.getByRole('meter', { name: 'Fortaleza de la contraseña' })).toBeVisible();
  await page.getByLabel('Confirmar contraseña').fill(`${NUEVA}x`);
  await page.getByRole('button', { name: 'Actualizar Contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByLabel('Confirmar contraseña').fill(NUEVA);
  await page.getByRole('button', { name: 'Actualizar Contraseña' }).click();
  await expect(page.getByText('La contraseña actual es incorrecta').first()).toBeVisible();
  await expect(page.getByLabel('Nueva contraseña')).toHaveValue(NUEVA);
  await page.getByLabel('Contraseña actual').fill(cliente.password);
  await page.getByRole('button', { name: 'Actualizar Contraseña' }).click();
  await expect(page.getByText('Contraseña actualizada')).toBeVisible();
  await expect(page.getByLabel('Nueva contraseña')).toHaveValue('');
  await page.screenshot({ path: '../test-results/configuracion-seguridad-390.png', fullPage: true });

  await expect(idToken(cliente.email, cliente.password)).rejects.toThrow();
  await signIn(page, 'login', cliente.email, NUEVA);
});

test('cobrador: Perfil y Seguridad propios dentro del panel; Notificaciones; sin Sistema ni Pagos', async ({ page }) => {
  await signIn(page, 'admin', DEMO.cobrador);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/configuracion');
  await expect(page.getByRole('tab')).toHaveText(['Perfil', 'Seguridad', 'Notificaciones']);
  const telefono = page.getByLabel('Teléfono');
  await expect(telefono).toBeEditable();
  const antes = await telefono.inputValue();
  await telefono.fill('2222-3344');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Perfil actualizado')).toBeVisible();
  const { token } = await idToken(DEMO.cobrador);
  expect((await api('/api/perfil', token)).body).toMatchObject({ tipo: 'staff', email: DEMO.cobrador, telefono: '2222-3344' });
  await telefono.fill(antes); // as it was, for the others sharing the stack
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Perfil actualizado').first()).toBeVisible();
  await page.screenshot({ path: '../test-results/configuracion-staff-1366.png', fullPage: true });

  await page.getByRole('tab', { name: 'Notificaciones' }).click();
  await expect(page.getByText(/Las notificaciones por email estarán disponibles pronto/)).toBeVisible();
  await page.getByRole('tab', { name: 'Seguridad' }).click();
  await expect(page.getByRole('button', { name: 'Actualizar Contraseña' })).toBeVisible();
  await expectAccessible(page);
  expect(
    (await api('/api/perfil', token, { method: 'PATCH', body: JSON.stringify({ nombre: 'X', apellido: 'Yz', telefono: '' }) }))
      .status,
  ).toBe(400);
});
