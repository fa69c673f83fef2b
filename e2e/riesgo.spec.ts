import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { crc, hoyCR, sinScrollHorizontal } from './pantalla';
import { api, DEMO, expectAccessible, idToken, signIn } from './support';

/**
 * Write-off and provisions (issue 16 §2–3, docs/riesgo.md): an admin writes off the demo
 * portfolio's credit more than 90 days late (it got there through the seed's daily closes) from
 * its detail; a later counter payment shows as 'Recuperación'; the 'Riesgo' page shows the
 * server's figures by category in a table and a chart, and its CSV holds the same numbers.
 */

interface Fila {
  categoria: string;
  porcentaje: string;
  creditos: number;
  saldo_centimos: number;
  provision_centimos: number;
}
interface Reporte {
  filas: Fila[];
  total: { creditos: number; saldo_centimos: number; provision_centimos: number };
  castigados: { creditos: number; saldo_centimos: number };
  recuperaciones_centimos: number;
  fecha_corte: string;
}

const norm = (s: string | null) => (s ?? '').replace(/\s/g, ' ').trim();

/** The vencido credit the server says can be written off (more than castigo_dias_mora_minimos days late). */
async function creditoCastigable(admin: string): Promise<{ id: string; numero_credito: string; vista: any }> {
  const lista = await api('/api/creditos?estado=vencido&limit=100', admin);
  expect(lista.status).toBe(200);
  for (const c of lista.body.items as Array<{ id: string; numero_credito: string }>) {
    const vista = await api(`/api/creditos/${c.id}/riesgo`, admin);
    if (vista.body.estado === 'castigable') return { ...c, vista: vista.body };
  }
  throw new Error('no hay en los datos demo un crédito con más de 90 días de mora');
}

test('castigo desde el detalle del crédito, recuperación y página de Riesgo con gráfico y CSV', async ({ page }) => {
  const admin = (await idToken(DEMO.admin)).token;
  const credito = await creditoCastigable(admin);
  expect(credito.vista.dias_mora).toBeGreaterThan(90);
  const antes = (await api('/api/reportes/provisiones', admin)).body as Reporte;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin', DEMO.admin);
  await page.goto(`/creditos/${credito.id}`);
  await expect(page.getByRole('heading', { level: 1, name: credito.numero_credito })).toBeVisible();
  await expect(page.getByTestId('categoria-riesgo')).toHaveText(credito.vista.categoria);

  await page.getByRole('button', { name: 'Castigar', exact: true }).click();
  const dialogo = page.getByRole('alertdialog', { name: 'Castigar crédito' });
  await expect(dialogo).toBeVisible();
  const saldo = dialogo.getByTestId('saldo-castigo');
  expect(norm(await saldo.innerText())).toContain(crc(credito.vista.saldo.total_centimos));
  // too short a reason is refused in the dialog
  await dialogo.getByLabel('Motivo').fill('corto');
  await dialogo.getByRole('button', { name: 'Confirmar castigo' }).click();
  await expect(dialogo.getByText('El motivo debe tener al menos 10 caracteres')).toBeVisible();
  await dialogo.getByLabel('Motivo').fill('Más de 90 días sin pago y sin respuesta a las gestiones de cobro');
  const respuesta = page.waitForResponse((r) => r.url().endsWith(`/api/creditos/${credito.id}/castigar`));
  await dialogo.getByRole('button', { name: 'Confirmar castigo' }).click();
  const r = await respuesta;
  expect(r.status()).toBe(200);
  expect(r.request().headers()['idempotency-key']).toBeTruthy();
  await expect(dialogo).toBeHidden();
  await expect(page.getByText('Castigado', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Castigar', exact: true })).toHaveCount(0);
  expect(norm(await page.getByTestId('recuperado').innerText())).toBe(crc(0));
  // a later counter payment is a recovery
  const cobro = await api(`/api/creditos/${credito.id}/pagos`, admin, {
    method: 'POST',
    body: JSON.stringify({ monto_centimos: 10_000_00, fecha_pago: hoyCR(), canal: 'efectivo' }),
    headers: { 'idempotency-key': `e2e-recuperacion-${Date.now()}` },
  });
  expect(cobro.status).toBe(201);
  expect(cobro.body.recuperacion).toBe(true);
  await page.reload();
  await expect(page.getByText('Recuperación', { exact: true })).toBeVisible();
  expect(norm(await page.getByTestId('recuperado').innerText())).toBe(crc(10_000_00));
  await expectAccessible(page);

  // the Riesgo page: the aggregates follow the stream, so wait for the write-off to show there
  await expect
    .poll(async () => ((await api('/api/reportes/provisiones', admin)).body as Reporte).castigados.creditos, { timeout: 20_000 })
    .toBe(antes.castigados.creditos + 1);
  await expect
    .poll(async () => ((await api('/api/reportes/provisiones', admin)).body as Reporte).recuperaciones_centimos, {
      timeout: 20_000,
    })
    .toBe(antes.recuperaciones_centimos + 10_000_00);
  const reporte = (await api('/api/reportes/provisiones', admin)).body as Reporte;
  expect(reporte.total.creditos).toBe(antes.total.creditos - 1);

  await page.getByRole('link', { name: 'Riesgo', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Riesgo y estimaciones' })).toBeVisible();
  await expect(page.getByTestId('fila-total')).toBeVisible();
  for (const f of reporte.filas) {
    const fila = page.getByTestId(`fila-${f.categoria}`);
    const celdas = (await fila.getByRole('cell').allInnerTexts()).map(norm);
    expect(celdas).toEqual([
      f.categoria,
      `${f.porcentaje.replace('.', ',')} %`,
      String(f.creditos),
      crc(f.saldo_centimos),
      crc(f.provision_centimos),
    ]);
  }
  expect(norm(await page.getByTestId('total-provision').innerText())).toBe(crc(reporte.total.provision_centimos));
  expect(norm(await page.getByTestId('total-castigado').innerText())).toBe(crc(reporte.castigados.saldo_centimos));
  const grafico = page.getByTestId('grafico-riesgo');
  await expect(grafico).toBeVisible();
  await expect(grafico.locator('g[data-categoria]')).toHaveCount(8);
  await expect(grafico).toHaveAttribute(
    'aria-label',
    new RegExp(`D: ${crc(reporte.filas[6]!.saldo_centimos).replace(/ /g, '\\s')}`),
  );

  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toBe(`Provisiones_${reporte.fecha_corte}.csv`);
  const csv = await readFile((await archivo.path())!, 'utf8');
  const monto = (c: number) => `${Math.trunc(c / 100)},${String(c % 100).padStart(2, '0')}`;
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.slice(1).split('\r\n')).toEqual([
    'Categoría;Estimación %;Créditos;Saldo de capital;Estimación requerida',
    ...reporte.filas.map((f) =>
      [f.categoria, f.porcentaje.replace('.', ','), f.creditos, monto(f.saldo_centimos), monto(f.provision_centimos)].join(';'),
    ),
    ['Total', '', reporte.total.creditos, monto(reporte.total.saldo_centimos), monto(reporte.total.provision_centimos)].join(';'),
    '',
  ]);
  await expectAccessible(page);

  // 360 px: the page fits the phone
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.getByTestId('fila-A1')).toBeVisible();
  await sinScrollHorizontal(page);
  // the amounts are on screen, not behind the table's own scroll
  const tabla = page.getByRole('table', { name: 'Riesgo y estimaciones' });
  expect(await tabla.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
  expect(norm(await page.getByTestId('fila-total').innerText())).toContain(crc(reporte.total.provision_centimos));
  await page.screenshot({ path: test.info().outputPath('riesgo-360.png'), fullPage: true });
});

test('el cobrador no ve Riesgo en el menú y la API le responde 403', async ({ page }) => {
  const cobrador = (await idToken(DEMO.cobrador)).token;
  expect((await api('/api/reportes/provisiones', cobrador)).status).toBe(403);
  await signIn(page, 'admin', DEMO.cobrador);
  await expect(page.getByRole('link', { name: 'Créditos', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Riesgo', exact: true })).toHaveCount(0);
});
