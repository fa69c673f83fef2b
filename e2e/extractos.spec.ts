import { expect, test, type Page } from '@playwright/test';
import { api, creditoDesembolsado, DEMO, expectAccessible, idToken, signIn } from './support';

const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Costa_Rica' }).format(new Date());
const ddmm = (iso: string) => iso.split('-').reverse().join('/');
const sello = () => `${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
/** 1.234,56 as BN writes amounts (es-CR). */
const esCR = (c: number) => `${Math.floor(c / 100).toLocaleString('de-DE')},${String(c % 100).padStart(2, '0')}`;
const unMonto = () => 1_000_00 + Math.floor(Math.random() * 9_000_00);

/** The customer reports a payment with their bank's reference (registrado, waiting for reconciliation). */
async function reportar(token: string, creditoId: string, monto: number, referencia: string) {
  const r = await api(
    '/api/portal/pagos',
    token,
    post({
      credito_id: creditoId,
      monto_centimos: monto,
      fecha_pago: hoy(),
      canal: 'sinpe_movil',
      referencia_externa: referencia,
    }),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

/** Pending payments as the summary counts them (its aggregates follow writes a moment later). */
async function pendientesResumen(): Promise<number> {
  const staff = await idToken(DEMO.cobrador);
  return (await api('/api/pagos/resumen', staff.token)).body.pendientes as number;
}

/** Reports payments, then waits until the summary counts them, so the screen starts from a settled number. */
async function reportarYEsperar(token: string, creditoId: string, pagos: Array<[number, string]>) {
  const base = await pendientesResumen();
  for (const [monto, referencia] of pagos) await reportar(token, creditoId, monto, referencia);
  await expect.poll(pendientesResumen, { timeout: 15_000 }).toBeGreaterThanOrEqual(base + pagos.length);
}

/** The screen shows the summary's own number in 'Pendientes (n)' once it has loaded: that number. */
async function pendientes(page: Page): Promise<number> {
  const n = await pendientesResumen();
  await expect(page.getByRole('tab', { name: `Pendientes (${n})` })).toBeVisible();
  return n;
}

test('cobrador: sube un extracto BN, confirma las coincidencias (los conteos bajan en el acto) y aplica una línea sin coincidencia', async ({
  page,
}) => {
  const cliente = await idToken(DEMO.cliente);
  const credito = await creditoDesembolsado(cliente.token);
  const [m1, m2, m3] = [unMonto(), unMonto() + 1, unMonto() + 2];
  const [r1, r2] = [`FT${sello()}`, `SINPE${sello()}`];
  await reportarYEsperar(cliente.token, credito.id, [
    [m1, r1],
    [m2, r2],
  ]);
  const tercero = `DEPOSITO TERCERO ${sello()}`;
  const csv = [
    'Fecha;Referencia;Descripción;Débito;Crédito;Saldo',
    `${ddmm(hoy())};${r1};TRANSFERENCIA ${r1} CUOTA;;${esCR(m1)};${esCR(10_000_000_00 + m1)}`,
    `${ddmm(hoy())};${r2};SINPE MÓVIL ${r2};;${esCR(m2)};${esCR(10_000_000_00 + m1 + m2)}`,
    `${ddmm(hoy())};;${tercero};;${esCR(m3)};${esCR(10_000_000_00 + m1 + m2 + m3)}`,
    `${ddmm(hoy())};CHQ1;PAGO PROVEEDOR;5.000,00;;${esCR(10_000_000_00 + m1 + m2 + m3 - 5_000_00)}`,
  ].join('\r\n');

  await signIn(page, 'admin', DEMO.cobrador);
  await page.goto('/conciliacion');
  await expect(page.getByRole('heading', { name: 'Conciliación de Pagos' })).toBeVisible();
  const antes = await pendientes(page);

  await page.getByRole('tab', { name: 'Extractos bancarios' }).click();
  await page.getByLabel('Banco').selectOption('bn');
  await page
    .getByLabel('Archivo CSV')
    .setInputFiles({ name: `bn-${sello()}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Subir y comparar' }).click();
  await expect(page.getByText('Extracto procesado')).toBeVisible();
  await expect(page.getByText('3 líneas · 2 con coincidencia · 1 sin coincidencia · 0 ya procesadas').first()).toBeVisible();
  const fila = (texto: string) => page.getByRole('row').filter({ hasText: texto });
  await expect(
    fila(`TRANSFERENCIA ${r1}`)
      .getByText(/^Alta · 100 pts$/)
      .locator('visible=true'),
  ).toBeVisible();
  await expect(fila(`TRANSFERENCIA ${r1}`).getByRole('link', { name: credito.numero_credito }).first()).toBeAttached();
  await expect(fila(tercero).getByText('Sin coincidencia').locator('visible=true')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Seleccionar línea 2' }).check();
  await page.getByRole('checkbox', { name: 'Seleccionar línea 3' }).check();
  await page.getByRole('button', { name: 'Confirmar seleccionadas (2)' }).click();
  await expect(page.getByText('2 líneas confirmadas')).toBeVisible();
  await expect(fila(`TRANSFERENCIA ${r1}`).getByText('Conciliada').locator('visible=true')).toBeVisible();
  // the counts follow the action itself, not the next one
  await expect(page.getByRole('tab', { name: `Pendientes (${antes - 2})` })).toBeVisible({ timeout: 20_000 });

  await fila(tercero)
    .getByRole('button', { name: /^Aplicar como pago/ })
    .click();
  const dialogo = page.getByRole('alertdialog', { name: 'Aplicar la línea 4 como pago' });
  await dialogo.getByLabel('Buscar crédito (número o cliente)').fill(credito.numero_credito);
  await dialogo.getByRole('radio', { name: new RegExp(credito.numero_credito) }).check();
  await dialogo.getByRole('button', { name: 'Aplicar como pago' }).click();
  await expect(page.getByText('Línea aplicada como pago')).toBeVisible();
  await expect(fila(tercero).getByText('Aplicada').locator('visible=true')).toBeVisible();
  await expect(fila(tercero).getByRole('button', { name: /^Aplicar como pago/ })).toHaveCount(0);

  // the same file again is recognised as a whole
  await page
    .getByLabel('Archivo CSV')
    .setInputFiles({ name: 'otra-vez.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Subir y comparar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Este archivo ya se subió' }).first()).toBeVisible();

  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: '../test-results/extractos-360.png', fullPage: true });
  const ancho = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(ancho).toBeLessThanOrEqual(360);
});

test('cobrador: al aprobar un pago reportado, Pendientes (n) y el resumen bajan con esa misma acción; la referencia del cliente se ve y enlaza', async ({
  page,
}) => {
  const cliente = await idToken(DEMO.cliente);
  const credito = await creditoDesembolsado(cliente.token);
  const referencia = `FT${sello()}${'9'.repeat(24)}`;
  await reportarYEsperar(cliente.token, credito.id, [[unMonto(), referencia]]);
  await signIn(page, 'admin', DEMO.cobrador);
  await page.goto('/conciliacion');
  const antes = await pendientes(page);
  const tarjeta = page.getByText('Pagos pendientes', { exact: true }).locator('xpath=ancestor::*[contains(@class,"rounded")][1]');
  await expect(tarjeta).toContainText(String(antes));
  const row = page.getByRole('row', { name: new RegExp(referencia) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: credito.numero_credito })).toHaveAttribute('href', `/creditos/${credito.id}`);
  await expect(row.getByRole('link').first()).toHaveAttribute('href', /\/clientes\//);
  await row.getByRole('button', { name: /^Aprobar/ }).click();
  await page
    .getByRole('alertdialog', { name: '¿Aprobar este pago?' })
    .getByRole('button', { name: 'Confirmar Aprobación' })
    .click();
  await expect(page.getByText('Pago aprobado')).toBeVisible();
  await expect(page.getByRole('tab', { name: `Pendientes (${antes - 1})` })).toBeVisible({ timeout: 20_000 });
  await expect(tarjeta).toContainText(String(antes - 1));
});
