import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { cobranzaTexts } from '@cuota/shared/texts/cobranza';
import { reportesTexts } from '@cuota/shared/texts/reportes';
import { api, DEMO, expectAccessible, idToken, signIn } from './support';

/**
 * The collections worklist (/cobranza) on the demo portfolio, whose arrears come from the seed's
 * real daily closes: bucket chips, cards on a phone, one-tap tel: and WhatsApp links carrying the
 * catch-up amount, bulk assignment by an admin, refused to a cobrador.
 */

interface Item {
  credito_id: string;
  numero_credito: string;
  cliente_nombre: string;
  telefono: string | null;
  monto_vencido_centimos: number;
  cobrador_nombre: string | null;
}

/** The amount as the page writes it: es-CR colones (₡1 234 567,89 with narrow no-break spaces). */
const colones = (centimos: number) =>
  new Intl.NumberFormat('es-CR', { style: 'currency', currency: 'CRC', minimumFractionDigits: 2 }).format(centimos / 100);

async function abrir(page: Page): Promise<{ items: Item[] }> {
  const respuesta = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cobranza' && r.ok());
  await page.getByRole('link', { name: 'Cobranza', exact: true }).first().click();
  const body = (await (await respuesta).json()) as { items: Item[] };
  await expect(page.getByRole('heading', { level: 1, name: 'Cobranza' })).toBeVisible();
  return body;
}

for (const ancho of [1280, 360]) {
  test(`admin (${ancho} px): lista de cobranza con tramos, contacto y asignación`, async ({ page }) => {
    await page.setViewportSize({ width: ancho, height: ancho === 360 ? 780 : 900 });
    await signIn(page, 'admin', DEMO.admin);
    const { items } = await abrir(page);
    expect(items.length).toBeGreaterThan(0);

    // chips per bucket with their counts
    for (const tramo of ['1–30 días', '31–60 días', '61–90 días', 'Más de 90 días'])
      await expect(page.getByRole('button', { name: new RegExp(`^${tramo} \\(\\d+\\)`) })).toBeVisible();

    const primero = items.find((i) => i.telefono)!;
    const fila =
      ancho === 360
        ? page.getByRole('article', { name: primero.numero_credito })
        : page.getByRole('row').filter({ hasText: primero.numero_credito });
    await expect(fila).toBeVisible();
    const tel = fila.getByRole('link', { name: `Llamar ${primero.cliente_nombre}` });
    await expect(tel).toHaveAttribute('href', /^tel:\+506\d{8}$/);
    const wa = fila.getByRole('link', { name: `WhatsApp ${primero.cliente_nombre}` });
    const href = (await wa.getAttribute('href'))!;
    expect(href).toMatch(/^https:\/\/wa\.me\/506\d{8}\?text=/);
    const mensaje = decodeURIComponent(href.split('?text=')[1]!);
    expect(mensaje).toContain(colones(primero.monto_vencido_centimos));
    expect(mensaje).toContain(primero.numero_credito);
    await expect(fila.getByRole('link', { name: primero.numero_credito })).toHaveAttribute(
      'href',
      `/creditos/${primero.credito_id}`,
    );

    // a bucket chip narrows the list
    const antes = page.waitForResponse((r) => new URL(r.url()).searchParams.get('bucket') === '90+');
    await page.getByRole('button', { name: /^Más de 90 días/ }).click();
    await antes;
    await page.getByRole('button', { name: /^Todos$/ }).click();

    // bulk assignment to the demo cobrador
    await fila.getByRole('checkbox', { name: `Seleccionar crédito ${primero.numero_credito}` }).check();
    await expect(page.getByText('1 crédito seleccionado')).toBeVisible();
    await page.getByRole('button', { name: 'Asignar a cobrador' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Asignar créditos a un cobrador' });
    await expect(dialogo.getByRole('option', { name: 'Marco Solano' })).toBeAttached();
    await dialogo.getByLabel('Cobrador').selectOption({ label: 'Marco Solano' });
    const asignacion = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cobranza/asignaciones');
    await dialogo.getByRole('button', { name: 'Asignar', exact: true }).click();
    expect((await asignacion).status()).toBe(200);
    await expect(page.getByText('1 crédito asignado')).toBeVisible();
    await expect(fila).toContainText('Marco Solano');

    await page.screenshot({ path: test.info().outputPath(`cobranza-${ancho}.png`), fullPage: true });
    const { scroll, anchoVista } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      anchoVista: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(anchoVista);
    await expectAccessible(page);
  });
}

test('un cobrador ve la lista y filtra la suya, pero no puede asignar', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, 'admin', DEMO.cobrador);
  await page.goto('/cobranza');
  await expect(page.getByRole('heading', { level: 1, name: 'Cobranza' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Asignar a cobrador' })).toHaveCount(0);
  await page.getByLabel('Cobrador', { exact: true }).selectOption({ label: 'Mis créditos' });
  await expect(page.getByRole('article').first().or(page.getByText('No hay créditos en mora con estos filtros'))).toBeVisible();

  const { token, sub } = await idToken(DEMO.cobrador);
  const lista = await api('/api/cobranza', token);
  expect(lista.status).toBe(200);
  const intento = await api('/api/cobranza/asignaciones', token, {
    method: 'POST',
    body: JSON.stringify({ credito_ids: [lista.body.items[0].credito_id], cobrador_id: sub }),
  });
  expect(intento.status).toBe(403);
});

test('admin: Exportar CSV descarga lo que muestran los filtros, como lo lee una hoja en español', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  const { items } = await abrir(page);
  const tramos: Record<string, string> = cobranzaTexts.bucket;
  const bucket = (items[0] as Item & { bucket: string }).bucket;
  const filtrada = page.waitForResponse((r) => new URL(r.url()).searchParams.get('bucket') === bucket && r.ok());
  await page.getByRole('button', { name: new RegExp(`^${tramos[bucket]}`) }).click();
  const visibles = ((await (await filtrada).json()) as { items: Item[] }).items;

  const [descarga] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /Exportar CSV/ }).click(),
  ]);
  expect(descarga.suggestedFilename()).toMatch(/^Cobranza.*\.csv$/);
  const bytes = readFileSync((await descarga.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lineas = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lineas[0]!.split(';')).toEqual(reportesTexts.listas.cobranza.columnas);
  const filas = lineas.slice(1).map((l) => l.split(';'));
  expect(filas.length).toBeGreaterThanOrEqual(visibles.length);
  for (const f of filas) expect(f[4]).toBe(tramos[bucket]);
  for (const v of visibles) {
    const fila = filas.find((f) => f[0] === v.numero_credito);
    expect(fila, v.numero_credito).toBeDefined();
    // decimal comma, no thousands separator
    expect(fila![5]).toBe((v.monto_vencido_centimos / 100).toFixed(2).replace('.', ','));
  }
});
