import { expect, test, type Page } from '@playwright/test';
import { llenar, sinScrollHorizontal } from './pantalla';
import { api, DEMO, expectAccessible, idToken, signIn } from './support';

const CLAVE_TARJETA = 'allow_credit_card_payments';

async function valorConfiguracion(token: string, clave: string): Promise<string> {
  const res = await api('/api/configuracion', token);
  expect(res.status).toBe(200);
  const item = (res.body.items as { clave: string; valor: string }[]).find((c) => c.clave === clave);
  return item?.valor ?? 'false';
}

async function ponerConfiguracion(token: string, clave: string, valor: string): Promise<void> {
  const res = await api(`/api/configuracion/${clave}`, token, { method: 'PUT', body: JSON.stringify({ valor }) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The first active credit's 'Realizar Pago' in the 'Mis Créditos' tab opens the dialog. */
async function abrirDialogo(page: Page) {
  await page.getByRole('tab', { name: 'Mis Créditos' }).click();
  await page.getByRole('button', { name: 'Realizar Pago' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Realizar Pago' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('cliente: reporta un pago, lo ve Pendiente en Mis Pagos y paga con tarjeta enviando solo los últimos 4 dígitos', async ({
  page,
}) => {
  const admin = (await idToken(DEMO.admin)).token;
  const previo = await valorConfiguracion(admin, CLAVE_TARJETA);
  await ponerConfiguracion(admin, CLAVE_TARJETA, 'false');
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'login', DEMO.cliente);

    // Reportar Pago (the card tab is hidden while card payments are disabled)
    const referencia = `E2E-${Date.now().toString(36).toUpperCase()}`;
    let dialog = await abrirDialogo(page);
    await expect(dialog.getByRole('tab', { name: 'Reportar Pago' })).toBeVisible();
    await expect(dialog.getByText(/puede tardar hasta \d+ horas en reflejarse/)).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Pagar con Tarjeta' })).toHaveCount(0);
    await dialog.getByLabel('Monto (₡)').fill('');
    await dialog.getByRole('button', { name: 'Reportar Pago' }).click();
    await expect(dialog.getByText('El monto es requerido')).toBeVisible();
    await expect(dialog.getByText('El canal de pago es requerido')).toBeVisible();
    await expectAccessible(page);

    await dialog.getByLabel('Monto (₡)').fill('1000');
    const canal = dialog.getByLabel('Canal de pago');
    await expect(canal.locator('option')).not.toHaveCount(1);
    await canal.selectOption({ index: 1 });
    await dialog.getByLabel('Referencia del comprobante').fill(referencia);
    await sinScrollHorizontal(page);
    await page.screenshot({ path: '../test-results/portal-pago-390.png' });
    const reporte = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/portal/pagos');
    await dialog.getByRole('button', { name: 'Reportar Pago' }).click();
    expect((await reporte).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.getByText('Pago reportado exitosamente')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Mis Pagos: newest first, pending
    await page.getByRole('tab', { name: 'Mis Pagos' }).click();
    const fila = page.getByRole('row').filter({ hasText: referencia });
    await expect(fila).toHaveCount(1);
    await expect(fila).toContainText('Pendiente');
    await expect(fila).toContainText(/₡\s?1\s?000,00/);
    await sinScrollHorizontal(page);
    await page.screenshot({ path: '../test-results/portal-mis-pagos-390.png', fullPage: true });

    // Pagar con Tarjeta once an administrator enables it
    await ponerConfiguracion(admin, CLAVE_TARJETA, 'true');
    await page.reload();
    dialog = await abrirDialogo(page);
    await dialog.getByRole('tab', { name: 'Pagar con Tarjeta' }).click();
    await llenar(dialog, {
      'Monto (₡)': '1000',
      'Número de tarjeta': '4242 4242 4242 4242',
      'Nombre del titular': 'Carolina Mora',
      'Mes (MM)': '12',
      'Año (AA)': '39',
      CVV: '123',
    });
    await expectAccessible(page);
    await page.screenshot({ path: '../test-results/portal-pago-tarjeta-390.png' });
    const cobro = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/portal/pagos/tarjeta');
    await dialog.getByRole('button', { name: 'Pagar', exact: true }).click();
    const cuerpo = (await cobro).postData() ?? '';
    expect(cuerpo).not.toMatch(/4242\s?4242\s?4242\s?4242/);
    expect(cuerpo).not.toMatch(/numero_tarjeta|cvv|expiracion|titular|Carolina/);
    expect(JSON.parse(cuerpo)).toMatchObject({ monto_centimos: 100_000, tarjeta_ultimos4: '4242' });
    expect(Object.keys(JSON.parse(cuerpo)).sort()).toEqual(['credito_id', 'monto_centimos', 'tarjeta_ultimos4']);
    await expect(page.getByText('Pago procesado')).toBeVisible();
    await expect(page.getByText('Se reflejará en 24 horas')).toBeVisible();

    await page.getByRole('tab', { name: 'Mis Pagos' }).click();
    const tarjeta = page.getByRole('row').filter({ hasText: '**** 4242' }).first();
    await expect(tarjeta).toContainText('Tarjeta de crédito');
    await expect(tarjeta).toContainText('Pendiente');

    // 1366×768: every column shows
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect(page.getByRole('columnheader', { name: 'Cuenta destino' })).toBeVisible();
    await sinScrollHorizontal(page);
    await expectAccessible(page);
  } finally {
    await ponerConfiguracion(admin, CLAVE_TARJETA, previo);
  }
});
