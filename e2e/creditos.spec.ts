import { expect, test } from '@playwright/test';
import { hoyCR } from './pantalla';
import { api, DEMO, idToken, signIn, expectAccessible } from './support';

interface CreditoRow {
  id: string;
  numero_credito: string;
  cliente_nombre: string;
  cliente_apellido: string;
}

/** A vencido credit of the demo data with an unpaid cuota past its due date (the seed has several). */
async function creditoVencido(): Promise<CreditoRow> {
  const { token } = await idToken(DEMO.admin);
  const list = await api('/api/creditos?estado=vencido&limit=50', token);
  expect(list.status).toBe(200);
  const hoy = hoyCR();
  for (const credito of list.body.items as CreditoRow[]) {
    const cuotas = await api(`/api/creditos/${credito.id}/cuotas?limit=100`, token);
    const items = cuotas.body.items as { pagada: boolean; dias_mora: number; fecha_vencimiento: string }[];
    if (items.some((c) => !c.pagada && (c.dias_mora > 0 || c.fecha_vencimiento < hoy))) return credito;
  }
  throw new Error('no hay créditos vencidos con cuotas en mora en los datos demo');
}

test('admin: buscar un crédito vencido, ver su detalle, descargar el CSV y abrir el contrato', async ({ page }) => {
  const credito = await creditoVencido();
  await signIn(page, 'admin', DEMO.admin);
  await page.goto('/creditos');
  await expect(page.getByRole('heading', { name: 'Créditos', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Ver Detalles/ }).first()).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Buscar créditos').fill(credito.numero_credito);
  const row = page.getByRole('row').filter({ hasText: credito.numero_credito });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: /Ver Detalles/ }).click();
  await expect(page).toHaveURL(new RegExp(`/creditos/${credito.id}$`));

  await expect(page.getByRole('heading', { name: credito.numero_credito })).toBeVisible();
  await expect(page.getByText('Vencido', { exact: true })).toBeVisible();
  await expect(page.getByText(`${credito.cliente_nombre} ${credito.cliente_apellido}`).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Ver perfil del cliente/ })).toHaveAttribute('href', /\/clientes\/.+/);
  await expect(page.getByText('Saldo Pendiente')).toBeVisible();
  await expect(page.getByText('Información del Crédito')).toBeVisible();
  await expect(page.getByText('Tabla de Amortización')).toBeVisible();
  await expect(page.getByText(/^Vencida \(\d+ días\)$/).first()).toBeVisible();
  await expect(page.getByText('Historial de Pagos')).toBeVisible();
  await expectAccessible(page);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`Tabla_Amortizacion_${credito.numero_credito}.csv`);
  const path = await download.path();
  const bytes = (await import('node:fs')).readFileSync(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  // Excel in Spanish: ';' between columns, a decimal comma in the amounts.
  expect(text.split('\r\n')[0]).toBe('No. Cuota;Fecha Vencimiento;Monto Total;Monto Capital;Monto Interés;Saldo Capital;Estado');
  expect(text.split('\r\n')[1]).toMatch(/^1;\d{4}-\d{2}-\d{2};\d+,\d{2};\d+,\d{2};\d+,\d{2};\d+,\d{2};/);
  expect(text).toMatch(/;Vencida \(\d+ días\)\r\n/);
  await expect(page.getByText('Descarga exitosa')).toBeVisible();

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Contrato' }).click();
  const popup = await popupPromise;
  await expect(popup).toHaveURL(new RegExp(`/creditos/${credito.id}/contrato$`));
  await expect(popup.getByRole('heading', { name: 'Contrato de Crédito' })).toBeVisible();
  await expect(popup.getByText(`${credito.cliente_nombre} ${credito.cliente_apellido}`).first()).toBeVisible();
  await expect(popup.getByText('Términos del Crédito')).toBeVisible();
  await expect(popup.getByText('Tasa Anual', { exact: true })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  // No app chrome in the printable window.
  await expect(popup.getByRole('navigation')).toHaveCount(0);
  await expectAccessible(popup);
  await popup.close();
});

test('analista y cobrador también consultan créditos; búsqueda sin resultados y crédito inexistente', async ({ page }) => {
  await signIn(page, 'admin', DEMO.analista);
  await page.goto('/creditos');
  await expect(page.getByRole('heading', { name: 'Créditos', exact: true })).toBeVisible();
  await page.getByLabel('Buscar créditos').fill(`zz-no-existe-${Date.now().toString(36)}`);
  await expect(page.getByText('No se encontraron créditos')).toBeVisible();

  await page.goto('/creditos/NO-EXISTE-123');
  await expect(page.getByText('Crédito no encontrado')).toBeVisible();
  await page.getByRole('link', { name: /Volver a Créditos/ }).click();
  await expect(page).toHaveURL(/\/creditos$/);
});

test('cobrador filtra por estado', async ({ page }) => {
  await signIn(page, 'admin', DEMO.cobrador);
  await page.goto('/creditos');
  await page.getByLabel('Filtrar por estado').selectOption('vencido');
  await expect(page.getByRole('row').filter({ hasText: 'Vencido' }).first()).toBeVisible();
  await expectAccessible(page);
});
