import { expect, test } from '@playwright/test';
import { llenar, rechazaConMensajes } from './pantalla';
import { creditoDesembolsado, DEMO, expectAccessible, idToken, reportarPrimeraCuota, signIn } from './support';

/** A pending (registrado) payment of its own: a new credit of the demo customer, who reports a payment. */
async function pagoPendiente(): Promise<string> {
  const cliente = await idToken(DEMO.cliente);
  const credito = await creditoDesembolsado(cliente.token);
  return reportarPrimeraCuota(cliente.token, credito.id, 'E2E');
}

test('admin: producto con error de validación, rechazo art. 498, creación y desactivación', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  await page.goto('/productos');
  await expect(page.getByRole('heading', { name: 'Gestión de Productos' })).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo Producto' }).click();
  const form = page.getByRole('form', { name: 'Crear Nuevo Producto' });
  await expect(page.getByRole('heading', { name: 'Crear Nuevo Producto' })).toBeVisible();
  await rechazaConMensajes(form, 'Guardar', ['El código es requerido', 'El monto mínimo es requerido']);

  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const codigo = `E2E-${stamp}`;
  const nombre = `Producto E2E ${stamp}`;
  await llenar(form, {
    Código: codigo,
    Nombre: nombre,
    'Monto mínimo (₡)': '50000',
    'Monto máximo (₡)': '500000',
    'Plazo mínimo (meses)': '3',
    'Plazo máximo (meses)': '24',
    'Tasa de interés anual (%)': '18.5',
    'Tasa moratoria anual (%)': '30',
  });
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText(/Código de Comercio, art\. 498\): el máximo para este producto es 24,05\s%/)).toBeVisible();
  await expectAccessible(page);

  await form.getByLabel('Tasa moratoria anual (%)').fill('24');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Producto creado')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(nombre) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Activo', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: '../test-results/productos-1366.png', fullPage: true });
  await row.getByRole('button', { name: `Desactivar: ${nombre}` }).click();
  await expect(page.getByText('Producto desactivado')).toBeVisible();
  await expect(row.getByText('Inactivo', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '../test-results/productos-390.png', fullPage: true });
});

test('cobrador: aprueba un pago pendiente con el diálogo y lo ve en Procesados', async ({ page }) => {
  const referencia = await pagoPendiente();
  await signIn(page, 'admin', DEMO.cobrador);
  await page.goto('/conciliacion');
  await expect(page.getByRole('heading', { name: 'Conciliación de Pagos' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Pendientes \(\d+\)$/ })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(referencia) });
  // The pending list is newest first and paginated; the fresh payment is on the first page.
  await expect(row).toHaveCount(1);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: '../test-results/conciliacion-1366.png', fullPage: true });
  await row.getByRole('button', { name: new RegExp(`^Aprobar: ${referencia}`) }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Aprobar este pago?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar Aprobación' }).click();
  await expect(page.getByText('Pago aprobado')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(referencia) })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Procesados' }).click();
  const procesado = page.getByRole('row', { name: new RegExp(referencia) });
  await expect(procesado).toHaveCount(1);
  await expect(procesado.getByRole('button')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '../test-results/conciliacion-390.png', fullPage: true });
});

test('admin: Configuración Sistema y Pagos (switch de tarjeta y método de pago)', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  await page.goto('/configuracion');
  await page.getByRole('tab', { name: 'Sistema' }).click();
  await expect(page.getByText('Configuración General')).toBeVisible();
  await expect(page.getByText(/Hora actual en esta zona/)).toBeVisible();
  await page.getByRole('tab', { name: 'Pagos' }).click();
  await expect(page.getByText('Configuración de Stripe')).toBeVisible();
  await expect(page.getByText('Métodos de Pago Reportables')).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: '../test-results/configuracion-pagos-1366.png', fullPage: true });

  const tarjeta = page.getByRole('switch', { name: /cuotas con tarjeta/ });
  const antes = await tarjeta.getAttribute('aria-checked');
  await tarjeta.click();
  await expect(page.getByText('Configuración actualizada').first()).toBeVisible();
  await expect(tarjeta).toHaveAttribute('aria-checked', antes === 'true' ? 'false' : 'true');
  await tarjeta.click(); // back as it was, for the others sharing the stack
  await expect(tarjeta).toHaveAttribute('aria-checked', antes ?? 'false');

  const metodo = page.getByRole('switch', { name: /^Activo: / }).last();
  const metodoAntes = await metodo.getAttribute('aria-checked');
  await metodo.click();
  await expect(page.getByText('Método actualizado').first()).toBeVisible();
  await expect(metodo).toHaveAttribute('aria-checked', metodoAntes === 'true' ? 'false' : 'true');
  await metodo.click();
  await expect(metodo).toHaveAttribute('aria-checked', metodoAntes ?? 'true');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '../test-results/configuracion-pagos-390.png', fullPage: true });
});

test('analista: no ve Sistema ni Pagos en Configuración, ni acciones de productos', async ({ page }) => {
  await signIn(page, 'admin', DEMO.analista);
  await page.goto('/configuracion');
  await expect(page.getByRole('tab', { name: 'Perfil' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sistema' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Pagos' })).toHaveCount(0);
  await expectAccessible(page);
  await page.goto('/productos');
  await expect(page.getByRole('heading', { name: 'Gestión de Productos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo Producto' })).toHaveCount(0);
});
