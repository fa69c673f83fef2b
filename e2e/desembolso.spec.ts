import { expect, test, type Page } from '@playwright/test';
import { api, crearCliente, DEMO, expectAccessible, idToken, signIn } from './support';

/*
 * Approval and disbursement are two steps (issue 15 §1): the analyst's approval fixes the amount
 * (typed the Costa Rican way), term and product and moves no money; the administrator disburses
 * after a confirmation showing the numbers, and the credit then exists with that cuota. An
 * approved application can be cancelled with a reason. The disbursement dialog fits a 360 px phone.
 */

const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

/**
 * A client and an application of the test's own, created by `quien` (their token is returned) and
 * then analysed by them or approved by the analyst.
 */
async function solicitudPropia(
  quien: string,
  nombre: string,
  montoCentimos: number,
  plazo: number,
  paso: 'analizar' | 'aprobar',
) {
  const stamp = Date.now().toString(36);
  const { token } = await idToken(quien);
  const cliente = await crearCliente(token, nombre, `Desembolso ${stamp}`, stamp);
  const productos = await api('/api/productos/activos', token);
  const producto = productos.body.items.find((p: { codigo: string }) => p.codigo === 'PERS-01') ?? productos.body.items[0];
  const creada = await api(
    '/api/solicitudes',
    token,
    post({ cliente_id: cliente.id, producto_id: producto.id, monto_solicitado_centimos: montoCentimos, plazo_meses: plazo }),
  );
  expect(creada.status, JSON.stringify(creada.body)).toBe(201);
  const solicitud = creada.body as { id: string; numero_solicitud: string };
  const porQuien = paso === 'aprobar' ? (await idToken(DEMO.analista)).token : token;
  expect((await api(`/api/solicitudes/${solicitud.id}/${paso}`, porQuien, post({}))).status).toBe(200);
  return { token, solicitud };
}

const fila = (page: Page, numero: string) => page.getByRole('row', { name: new RegExp(numero) });

test('aprobar con monto reducido escrito 450.000, desembolsar tras la confirmación y ver el crédito con su cuota', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const { token, solicitud } = await solicitudPropia(DEMO.admin, 'Rebeca', 600_000_00, 12, 'analizar');

  await signIn(page, 'admin', DEMO.admin);
  await page.goto('/solicitudes');
  const row = fila(page, solicitud.numero_solicitud);
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: /^Aprobar/ }).click();
  const aprobar = page.getByRole('dialog', { name: `Aprobar solicitud ${solicitud.numero_solicitud}` });
  await expect(aprobar).toBeVisible();
  const monto = aprobar.getByLabel('Monto aprobado (₡)');
  await monto.fill('450.000');
  await expect(aprobar.getByText('Se registrará ₡450 000,00')).toBeVisible();
  await aprobar.getByLabel('Condiciones (opcional)').fill('Presentar constancia salarial');
  await expectAccessible(page);
  await aprobar.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Solicitud aprobada').first()).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Aprobado', exact: true })).toBeVisible();
  // approval moved no money: no credit yet
  const aprobada = await api(`/api/solicitudes/${solicitud.id}`, token);
  expect(aprobada.body).toMatchObject({ estado: 'aprobado', monto_aprobado_centimos: 450_000_00, credito_id: null });

  await row.getByRole('button', { name: /^Desembolsar/ }).click();
  const dialogo = page.getByRole('dialog', { name: `Desembolsar solicitud ${solicitud.numero_solicitud}` });
  await expect(dialogo).toBeVisible();
  const cuota = dialogo.getByTestId('cuota-desembolso');
  await expect(cuota).toHaveText(/^₡/);
  const cuotaMostrada = (await cuota.textContent())!.replace(/\s/g, ' ');
  await expect(dialogo.getByText('Neto al cliente')).toBeVisible();
  await expect(dialogo.getByText('₡450 000,00').first()).toBeVisible();
  await expect(dialogo.getByText(/Interés del primer periodo/)).toBeVisible();
  await expect(dialogo.getByText('Costo total del crédito (intereses + comisiones)')).toBeVisible();
  await expect(dialogo.getByText('Tasa anual efectiva (TAE, con comisiones)')).toBeVisible();
  await dialogo.getByLabel('Canal de desembolso').selectOption('sinpe_movil');
  await dialogo.getByLabel('Teléfono SINPE Móvil').fill('8888-1234');
  // the client registered by staff has its KYC pending: an override with a reason
  const override = dialogo.getByLabel(/Motivo de la excepción/);
  if (await override.count()) await override.fill('KYC en trámite, cliente referido por la sucursal');
  await expectAccessible(page);
  const respuesta = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/desembolsar'));
  await dialogo.getByRole('button', { name: 'Confirmar desembolso' }).click();
  const res = await respuesta;
  expect(res.status()).toBe(200);
  expect(res.request().headers()['idempotency-key']).toBeTruthy();
  await expect(page.getByText('Crédito desembolsado').first()).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Desembolsado', exact: true })).toBeVisible();

  const desembolsada = await api(`/api/solicitudes/${solicitud.id}`, token);
  expect(desembolsada.body.estado).toBe('desembolsado');
  const credito = await api(`/api/creditos/${desembolsada.body.credito_id}`, token);
  expect(credito.body).toMatchObject({ monto_principal_centimos: 450_000_00, plazo_meses: 12, estado: 'vigente' });
  const cuotas = await api(`/api/creditos/${desembolsada.body.credito_id}/cuotas?limit=100`, token);
  expect(cuotas.body.items).toHaveLength(12);
  const segunda = cuotas.body.items.find((c: { numero_cuota: number }) => c.numero_cuota === 2);
  const formato = new Intl.NumberFormat('es-CR', { style: 'currency', currency: 'CRC' });
  expect(formato.format(segunda.monto_total_centimos / 100).replace(/\s/g, ' ')).toBe(cuotaMostrada);

  // the credit's page shows it
  await page.goto(`/creditos/${desembolsada.body.credito_id}`);
  await expect(page.getByText(desembolsada.body.numero_credito).first()).toBeVisible();
});

test('cancelar una aprobación con motivo: queda cancelada y sin crédito', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const { token, solicitud } = await solicitudPropia(DEMO.analista, 'Julieta', 300_000_00, 6, 'aprobar');

  await signIn(page, 'admin', DEMO.analista);
  await page.goto('/solicitudes');
  const row = fila(page, solicitud.numero_solicitud);
  await row.getByRole('button', { name: /^Cancelar aprobación/ }).click();
  const dialogo = page.getByRole('dialog', { name: `Cancelar la aprobación de ${solicitud.numero_solicitud}` });
  await dialogo.getByLabel('Motivo').fill('El cliente desistió del crédito');
  await dialogo.getByRole('button', { name: 'Cancelar aprobación' }).click();
  await expect(page.getByText('Aprobación cancelada').first()).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Cancelado', exact: true })).toBeVisible();
  const s = await api(`/api/solicitudes/${solicitud.id}`, token);
  expect(s.body).toMatchObject({ estado: 'cancelado', motivo_cancelacion: 'El cliente desistió del crédito', credito_id: null });
});

test('360 px: el diálogo de desembolso cabe en la pantalla', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { solicitud } = await solicitudPropia(DEMO.admin, 'Mariela', 250_000_00, 6, 'aprobar');
  await signIn(page, 'admin', DEMO.admin);
  await page.goto(`/solicitudes/${solicitud.id}`);
  await page.getByRole('button', { name: /^Desembolsar/ }).click();
  const dialogo = page.getByRole('dialog', { name: `Desembolsar solicitud ${solicitud.numero_solicitud}` });
  await expect(dialogo.getByTestId('cuota-desembolso')).toHaveText(/^₡/);
  const caja = (await dialogo.boundingBox())!;
  expect(caja.x).toBeGreaterThanOrEqual(0);
  expect(caja.x + caja.width).toBeLessThanOrEqual(360);
  const desborda = await dialogo.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(desborda).toBe(false);
  await dialogo.getByRole('button', { name: 'Confirmar desembolso' }).scrollIntoViewIfNeeded();
  await expect(dialogo.getByRole('button', { name: 'Confirmar desembolso' })).toBeInViewport();
  await page.screenshot({ path: '../test-results/desembolso-360.png' });
});
