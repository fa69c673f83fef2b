import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { leerCsvEsCr } from '../shared/src/testing/leer-csv';
import { reportesTexts } from '../shared/src/texts/reportes';
import { api, DEMO, expectAccessible, idToken, signIn } from './support';

/** '1234,50' → 123450 céntimos; anything else is not a number to the spreadsheet. */
function centimosDe(celda: string): number {
  expect(celda, `"${celda}" como número es-CR`).toMatch(/^-?\d+,\d{2}$/);
  return Number(celda.replace(',', ''));
}

async function descargar(page: Page, boton: ReturnType<Page['getByRole']>): Promise<string[][]> {
  const [descarga] = await Promise.all([page.waitForEvent('download'), boton.click()]);
  expect(descarga.suggestedFilename()).toMatch(/\.csv$/);
  return leerCsvEsCr(readFileSync((await descarga.path())!, 'utf8'));
}

test('admin: cada pestaña de Reportes muestra su gráfico y su tabla; el CSV de cartera se lee como números en una hoja en español', async ({
  page,
}) => {
  await signIn(page, 'admin', DEMO.admin);
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Reportes' }).click();
  await expect(page.getByRole('heading', { name: 'Reportes', level: 1 })).toBeVisible();

  // Cartera: chart and table per estado and per days late; the file matches the API
  await expect(page.getByRole('img', { name: /^Cartera por estado/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cartera activa por días de atraso' })).toBeVisible();
  const { token } = await idToken(DEMO.admin);
  const cartera = (await api('/api/reportes/cartera', token)).body;
  expect(cartera.total.creditos).toBeGreaterThan(0);
  const filas = await descargar(page, page.getByRole('button', { name: 'Exportar CSV: Cartera por estado' }));
  expect(filas[0]).toEqual(['Estado', 'Créditos', 'Saldo capital', 'Saldo mora']);
  const cuerpo = filas.slice(1, -1);
  const total = filas.at(-1)!;
  expect(total[0]).toBe('Total');
  expect(cuerpo.reduce((s, f) => s + centimosDe(f[2]!), 0)).toBe(centimosDe(total[2]!));
  expect(centimosDe(total[2]!)).toBe(cartera.total.saldo_capital_centimos);
  expect(Number(total[1])).toBe(cartera.total.creditos);
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Cosechas' }).click();
  await expect(page.getByRole('img', { name: /^% > 30 días/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cosechas por mes de desembolso' })).toBeVisible();
  const cosechas = await descargar(page, page.getByRole('button', { name: 'Exportar CSV: Cosechas por mes de desembolso' }));
  expect(cosechas[0]![0]).toBe('Mes');
  for (const f of cosechas.slice(1)) {
    expect(f[0]).toMatch(/^\d{2}\/\d{4}$/);
    centimosDe(f[3]!);
    expect(f[6]).toMatch(/^\d+,\d{2}$/);
  }

  // Recaudación over the last year of the demo data: a chart per channel and its daily table
  await page.getByRole('tab', { name: 'Recaudación' }).click();
  const hoy = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Costa_Rica' });
  const haceUnAnio = new Date(Date.now() - 360 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Costa_Rica' });
  await page.getByLabel('Desde').fill(haceUnAnio);
  await page.getByLabel('Hasta').fill(hoy);
  // the previous range stays on screen while the new one loads: export once the new one has arrived
  await Promise.all([
    page.waitForResponse((r) => r.url().includes(`/api/reportes/recaudacion?desde=${haceUnAnio}`) && r.ok()),
    page.getByRole('button', { name: 'Aplicar' }).click(),
  ]);
  await expect(page.getByRole('img', { name: /^Recaudación por día y canal/ })).toBeVisible();
  const recaudacion = await descargar(page, page.getByRole('button', { name: 'Exportar CSV: Recaudación por día y canal' }));
  expect(recaudacion[0]![0]).toBe('Fecha');
  for (const f of recaudacion.slice(1, -1)) expect(f[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  const api12 = (await api(`/api/reportes/recaudacion?desde=${haceUnAnio}&hasta=${hoy}`, token)).body;
  const totalRec = recaudacion.at(-1)!;
  expect(centimosDe(totalRec[totalRec.length - 3]!)).toBe(api12.totales.monto_centimos);

  await page.getByRole('tab', { name: 'Colocación' }).click();
  await expect(page.getByRole('img', { name: /^Colocación por mes y producto/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Colocación por mes y producto' })).toBeVisible();
  await expectAccessible(page);

  // 360 px: the page and its tabs fit a phone
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('tab', { name: 'Cartera' }).click();
  await expect(page.getByRole('img', { name: /^Cartera por estado/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/reportes-360.png', fullPage: true });
  const desborde = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(desborde).toBeLessThanOrEqual(0);
});

test('la lista de créditos exporta lo que muestra su filtro, página por página', async ({ page }) => {
  await signIn(page, 'admin', DEMO.analista);
  await page.goto('/creditos');
  await page.getByRole('combobox', { name: 'Estado' }).selectOption('vencido');
  const { token } = await idToken(DEMO.analista);
  let esperados = 0;
  let cursor: string | null = null;
  do {
    const res: { body: { items: unknown[]; nextCursor: string | null } } = await api(
      `/api/creditos?estado=vencido&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      token,
    );
    esperados += res.body.items.length;
    cursor = res.body.nextCursor;
  } while (cursor);
  const filas = await descargar(page, page.getByRole('button', { name: 'Exportar CSV' }));
  // the columns the spec names for the credit list's export
  expect(filas[0]).toEqual(reportesTexts.listas.creditos.columnas);
  expect(filas.length - 1).toBe(esperados);
  for (const f of filas.slice(1)) {
    expect(f[8]).toBe('Vencido');
    centimosDe(f[4]!);
    expect(f[9]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  }
});

test('cobrador: sin Reportes en el menú y la API lo rechaza', async ({ page }) => {
  const { token } = await idToken(DEMO.cobrador);
  expect((await api('/api/reportes/cartera', token)).status).toBe(403);
  await signIn(page, 'admin', DEMO.cobrador);
  await expect(
    page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Clientes' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reportes' })).toHaveCount(0);
});
