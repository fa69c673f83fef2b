import { expect, test, type Locator } from '@playwright/test';
import { llenar, rechazaConMensajes } from './pantalla';
import { aprobarYDesembolsar, api, expectAccessible, expectPath, registerCustomer, signIn } from './support';

/** A ₡ amount as shown (es-CR, always two decimals) in céntimos: its digits. */
async function centimos(locator: Locator): Promise<number> {
  return Number((await locator.innerText()).replace(/\D/g, ''));
}

test.use({ viewport: { width: 390, height: 844 } });

test('un cliente nuevo solicita su crédito con vista previa; otro cliente no ve la solicitud', async ({ page }) => {
  const valeria = await registerCustomer('Valeria', 'Quesada');
  const productos = await api('/api/productos/activos', valeria.token);
  expect(productos.status).toBe(200);
  const producto = productos.body.items.find((p: { codigo: string }) => p.codigo === 'MICR-01') ?? productos.body.items[0];

  await signIn(page, 'login', valeria.email, valeria.password);
  await page.getByRole('link', { name: 'Nueva Solicitud' }).click();
  await expectPath(page, '/portal/nueva-solicitud');
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva Solicitud de Crédito' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al Portal' })).toHaveAttribute('href', '/portal');

  const form = page.getByRole('form', { name: 'Nueva Solicitud de Crédito' });
  const preview = page.getByRole('region', { name: 'Vista previa de tu plan de pagos' });
  // The client is the caller: there is no client picker.
  await expect(form.getByLabel('Cliente', { exact: true })).toHaveCount(0);
  await expect(preview.getByText(/Elige un producto e ingresa el monto/)).toBeVisible();

  // §5 messages at the fields, nothing sent.
  await llenar(form, { 'Monto solicitado (₡)': '50', 'Plazo (meses)': '61' });
  await rechazaConMensajes(form, 'Enviar Solicitud', [
    'Debe seleccionar un producto',
    'Monto mínimo 100',
    'Plazo máximo 60 meses',
  ]);

  // The product's ranges are hints; the preview follows what is typed.
  await form.getByLabel('Producto').selectOption(producto.id);
  await expect(form.getByText(/^Rango del producto: ₡.+ – ₡.+/)).toBeVisible();
  await expect(form.getByText(/^Plazo del producto: \d+ – \d+ meses/)).toBeVisible();
  await expect(form.getByText(`Tasa de interés anual: ${producto.tasa_interes_anual.replace('.', ',')} %`)).toBeVisible();
  await form.getByLabel('Monto solicitado (₡)').fill('150000');
  await form.getByLabel('Plazo (meses)').fill('12');
  const cuota = preview.locator('dt', { hasText: /^(Cuota mensual|Primera cuota)$/ }).locator('xpath=following-sibling::dd[1]');
  const intereses = preview.locator('dt', { hasText: 'Total de intereses' }).locator('xpath=following-sibling::dd[1]');
  await expect(cuota).toHaveText(/^₡/);
  const cuotaAntes = await centimos(cuota);
  expect(cuotaAntes).toBeGreaterThan(0);
  // Every cuota, the last one included (header row + 12).
  await expect(preview.getByText('Tus 12 cuotas')).toBeVisible();
  await expect(preview.getByRole('row')).toHaveCount(13);
  const ultima = preview.getByRole('row').last();
  await ultima.scrollIntoViewIfNeeded();
  await expect(ultima.getByRole('cell').first()).toHaveText('12');
  await expect(ultima.getByRole('cell').last()).toHaveText(/^₡0,00$/);

  await form.getByLabel('Monto solicitado (₡)').fill('300000');
  await expect.poll(() => centimos(cuota)).not.toBe(cuotaAntes);
  const cuotaPreview = await centimos(cuota);
  const interesesPreview = await centimos(intereses);
  // Twice the amount, twice the first cuota (to within the céntimos of rounding).
  expect(Math.abs(cuotaPreview - 2 * cuotaAntes)).toBeLessThanOrEqual(2);

  // Usable on a phone: nothing widens the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.screenshot({ path: '../test-results/portal-nueva-solicitud-390.png', fullPage: true });

  await form.getByRole('button', { name: 'Enviar Solicitud' }).click();
  await expect(page.getByText('Solicitud creada')).toBeVisible();
  await expectPath(page, '/portal?tab=solicitudes');

  const propias = await api('/api/portal/solicitudes', valeria.token);
  expect(propias.status).toBe(200);
  expect(propias.body.items).toHaveLength(1);
  const solicitud = propias.body.items[0];
  expect(solicitud).toMatchObject({
    estado: 'enviado',
    producto_id: producto.id,
    monto_solicitado_centimos: 300_000_00,
    plazo_meses: 12,
  });
  await expect(page.getByRole('tab', { name: 'Mis Solicitudes' })).toHaveAttribute('aria-selected', 'true');
  const item = page
    .getByRole('list', { name: 'Mis Solicitudes' })
    .getByRole('listitem')
    .filter({ hasText: solicitud.numero_solicitud });
  await expect(item).toHaveCount(1);
  await expect(item.getByText('Enviado', { exact: true })).toBeVisible();
  await expect(item.getByText('₡300 000,00')).toBeVisible();
  await expect(item.getByText('12 meses')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '../test-results/portal-mis-solicitudes-390.png', fullPage: true });

  // Another new customer sees none of it, in the UI or through the API.
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expectPath(page, /\/auth/);
  const mauricio = await registerCustomer('Mauricio', 'Jimenez');
  await signIn(page, 'login', mauricio.email, mauricio.password);
  await page.getByRole('tab', { name: 'Mis Solicitudes' }).click();
  await expect(page.getByText('Aún no tienes solicitudes.')).toBeVisible();
  await expect(page.getByText(solicitud.numero_solicitud)).toHaveCount(0);
  const ajenas = await api('/api/portal/solicitudes', mauricio.token);
  expect(ajenas.status).toBe(200);
  expect(ajenas.body.items).toEqual([]);

  // The preview was the server's schedule to the céntimo: approve it and compare the cuotas.
  const aprobada = await aprobarYDesembolsar(solicitud.id);
  const cuotas = await api(`/api/portal/creditos/${aprobada.credito.id}/cuotas?limit=100`, valeria.token);
  expect(cuotas.status).toBe(200);
  expect(cuotas.body.items).toHaveLength(12);
  const primera = cuotas.body.items.find((c: { numero_cuota: number }) => c.numero_cuota === 1);
  expect(primera.monto_total_centimos).toBe(cuotaPreview);
  expect(cuotas.body.items.reduce((s: number, c: { monto_interes_centimos: number }) => s + c.monto_interes_centimos, 0)).toBe(
    interesesPreview,
  );
});
