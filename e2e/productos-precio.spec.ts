import { expect, test, type Locator } from '@playwright/test';
import { precioDePrueba } from '../shared/src/testing/datos';
import { llenar } from './pantalla';
import { api, DEMO, expectAccessible, expectPath, idToken, registerCustomer, signIn } from './support';

/*
 * A product that prices like a real lender's (docs/lending-engine.md "Pricing"): 3 % comisión de
 * formalización deducted at disbursement, 2 months of capital grace, cuotas in multiples of ₡100.
 * The simulation of ₡500 000 over 12 months at 24 %:
 *   grace: 2 × ₡10 000 of interest; then 500 000 × 0.02 / (1 − 1.02^−10) = ₡55 663,26 → ₡55 700
 *   (up to the multiple) for 9 cuotas and ₡55 297,75 on the last; fee ₡15 000, net ₡485 000;
 *   total cost Σ cuotas − net = ₡576 597,75 − ₡485 000 = ₡91 597,75; TAE 33,54 %.
 */
/** The figures above for ₡500 000 over 12 months, on a screen that lists them as terms and values (each names the cuota, the net and the TAE its own way). */
async function cifrasDelPrecio(zona: Locator, nombres: { cuota: string; neto: string; tae: string }): Promise<void> {
  const dato = (label: string) => zona.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(dato(nombres.cuota)).toHaveText(/^₡55\s700,00$/);
  await expect(dato('Comisión de formalización')).toHaveText(/^₡15\s000,00$/);
  await expect(dato(nombres.neto)).toHaveText(/^₡485\s000,00$/);
  await expect(dato('Costo total del crédito')).toHaveText(/^₡91\s597,75$/);
  await expect(dato(nombres.tae)).toHaveText(/^33,54\s%$/);
}

test('admin: producto con comisión deducida, gracia y cuota en múltiplos de ₡100, y su simulación (también a 360 px)', async ({
  page,
}) => {
  await signIn(page, 'admin', DEMO.admin);
  await page.goto('/productos');
  await page.getByRole('button', { name: 'Nuevo Producto' }).click();
  const form = page.getByRole('form', { name: 'Crear Nuevo Producto' });
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const nombre = `Precio E2E ${stamp}`;
  await llenar(form, {
    Código: `PRE-${stamp}`,
    Nombre: nombre,
    'Monto mínimo (₡)': '50.000',
    'Monto máximo (₡)': '1.000.000',
    'Plazo mínimo (meses)': '3',
    'Plazo máximo (meses)': '24',
    'Tasa de interés anual (%)': '24',
  });
  await form.getByLabel('Comisión de formalización').selectOption('porcentaje');
  await form.getByLabel('Comisión (% del monto aprobado)').fill('3');
  await form.getByLabel('La comisión se').selectOption('deducida');
  await form.getByLabel('Meses de gracia de capital').fill('3');
  await form.getByLabel('Redondeo de la cuota').selectOption('100');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    form.getByText('Los meses de gracia deben ser menos que el plazo mínimo del producto: como máximo 2'),
  ).toBeVisible();
  await form.getByLabel('Meses de gracia de capital').fill('2');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Producto creado')).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(nombre) });
  await expect(row.getByText(/Comisión 3,00\s% deducida · 2 meses de gracia · cuota en múltiplos de ₡100/)).toBeVisible();

  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 768 });
    await row.getByRole('button', { name: `Simular: ${nombre}` }).click();
    const dialog = page.getByRole('dialog', { name: `Simulación: ${nombre}` });
    await dialog.getByLabel('Monto aprobado (₡)').fill('500.000');
    await expect(dialog.getByText(/Se registrará ₡500\s000,00/)).toBeVisible();
    await dialog.getByLabel('Plazo (meses)').fill('12');
    await cifrasDelPrecio(dialog, { cuota: 'Cuota', neto: 'Neto al cliente', tae: 'Tasa anual efectiva (TAE, con comisiones)' });
    const filas = dialog.getByRole('table', { name: 'Calendario' }).getByRole('row');
    await expect(filas).toHaveCount(13);
    await expect(filas.nth(1)).toContainText(/₡10\s000,00/);
    await expect(filas.nth(12)).toContainText(/₡55\s297,75/);
    // nothing wider than the screen
    const ancho = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(ancho).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `../test-results/productos-precio-${width}.png`, fullPage: true });
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
});

test('portal: la vista previa de la solicitud con un producto con precio muestra la comisión, el costo total y la TAE', async ({
  page,
}) => {
  const admin = await idToken(DEMO.admin);
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const nombre = `Precio Portal ${stamp}`;
  const creado = await api('/api/productos', admin.token, {
    method: 'POST',
    body: JSON.stringify({
      codigo: `PPO-${stamp}`,
      nombre,
      monto_minimo_centimos: 50_000_00,
      monto_maximo_centimos: 1_000_000_00,
      plazo_minimo_meses: 3,
      plazo_maximo_meses: 24,
      ...precioDePrueba,
    }),
  });
  expect(creado.status).toBe(201);

  const cliente = await registerCustomer('Rebeca', 'Solano');
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, 'login', cliente.email, cliente.password);
  await page.getByRole('link', { name: 'Nueva Solicitud' }).click();
  await expectPath(page, '/portal/nueva-solicitud');
  const solicitud = page.getByRole('form', { name: 'Nueva Solicitud de Crédito' });
  const preview = page.getByRole('region', { name: 'Vista previa de tu plan de pagos' });
  await solicitud.getByLabel('Producto').selectOption(creado.body.id);
  await solicitud.getByLabel('Monto solicitado (₡)').fill('500.000');
  await solicitud.getByLabel('Plazo (meses)').fill('12');
  await cifrasDelPrecio(preview, { cuota: 'Cuota mensual', neto: 'Recibirías', tae: 'Tasa anual efectiva (con comisiones)' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
});
