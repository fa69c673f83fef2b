import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, expectAccessible, idToken, signIn } from './support';

interface DocumentoRef {
  tipo: 'contrato' | 'tabla_amortizacion' | 'comprobante';
  credito_id: string;
  numero_credito: string;
}

async function sinScrollHorizontal(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('portal: Documentos de la clienta demo — contrato imprimible, tabla de amortización en CSV y nada de otros clientes', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { token } = await idToken(DEMO.cliente);
  const docs = await api('/api/portal/documentos?limit=100', token);
  expect(docs.status).toBe(200);
  const contrato = (docs.body.items as DocumentoRef[]).find((d) => d.tipo === 'contrato');
  if (!contrato) throw new Error('la clienta demo no tiene documentos');
  const { credito_id: creditoId, numero_credito: numero } = contrato;
  const cuotas = await api(`/api/portal/creditos/${creditoId}/cuotas?limit=100`, token);
  expect(cuotas.status).toBe(200);

  await signIn(page, 'login', DEMO.cliente);
  await page.getByRole('tab', { name: 'Documentos' }).click();
  const credito = page.getByRole('region', { name: numero });
  await expect(credito).toBeVisible();
  await expect(credito.getByRole('button', { name: 'Contrato' })).toBeVisible();
  await expect(credito.getByRole('button', { name: 'Comprobantes' })).toBeVisible();
  await expect(credito.getByRole('button', { name: 'Tabla de Amortización' })).toBeVisible();
  await sinScrollHorizontal(page);
  await expectAccessible(page);
  await page.screenshot({ path: '../test-results/portal-documentos-390.png', fullPage: true });

  // The contract opens in a window of its own, without the app's chrome.
  const popupPromise = context.waitForEvent('page');
  await credito.getByRole('button', { name: 'Contrato' }).click();
  const popup = await popupPromise;
  await popup.setViewportSize({ width: 390, height: 844 });
  await expect(popup).toHaveURL(new RegExp(`/portal/creditos/${creditoId}/contrato$`));
  await expect(popup.getByRole('heading', { name: 'Contrato de Crédito' })).toBeVisible();
  await expect(popup.getByText(numero, { exact: true })).toBeVisible();
  await expect(popup.getByText('Carolina Mora').first()).toBeVisible();
  await expect(popup.getByText('Términos del Crédito')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  await expect(popup.getByRole('navigation')).toHaveCount(0);
  await sinScrollHorizontal(popup);
  await expectAccessible(popup);
  await popup.screenshot({ path: '../test-results/portal-contrato-390.png', fullPage: true });
  // Printed, the 'Imprimir' button is hidden.
  await popup.emulateMedia({ media: 'print' });
  await expect(popup.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await popup.close();

  // The amortization table: the admin's CSV, every cuota of the credit.
  const downloadPromise = page.waitForEvent('download');
  await credito.getByRole('button', { name: 'Tabla de Amortización' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`Tabla_Amortizacion_${numero}.csv`);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  // Excel in Spanish: ';' between columns, a decimal comma in the amounts.
  expect(lines[0]).toBe('No. Cuota;Fecha Vencimiento;Monto Total;Monto Capital;Monto Interés;Saldo Capital;Estado');
  expect(lines[1]).toMatch(/^1;\d{4}-\d{2}-\d{2};\d+,\d{2};\d+,\d{2};\d+,\d{2};\d+,\d{2};[^;]+$/);
  expect(lines).toHaveLength(1 + (cuotas.body.items as unknown[]).length);
  await expect(page.getByText('Descarga exitosa')).toBeVisible();

  // Another customer's credit does not exist for her: 404 from the API, 'Crédito no encontrado' on screen.
  const { token: admin } = await idToken(DEMO.admin);
  const resumen = await api('/api/portal/resumen', token);
  const todos = await api('/api/creditos?limit=100', admin);
  expect(todos.status).toBe(200);
  const ajeno = (todos.body.items as { id: string; cliente_id: string }[]).find((c) => c.cliente_id !== resumen.body.cliente.id);
  if (!ajeno) throw new Error('no hay créditos de otros clientes en los datos demo');
  expect((await api(`/api/portal/creditos/${ajeno.id}/documentos`, token)).status).toBe(404);
  await page.goto(`/portal/creditos/${ajeno.id}/contrato`);
  await expect(page.getByText('Crédito no encontrado')).toBeVisible();
  await expect(page.getByRole('link', { name: /Volver al Portal/ })).toHaveAttribute('href', '/portal');
});
