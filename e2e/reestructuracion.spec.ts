import { expect, test, type Page } from '@playwright/test';
import { sinScrollHorizontal } from './pantalla';
import { api, creditoDesembolsado, DEMO, expectAccessible, idToken, registerCustomer, signIn } from './support';

/**
 * Restructuring (issue 16 §2): an admin previews a readecuación on a credit's detail (the new
 * schedule beside the current totals) and confirms it; an analista, on a 360 px phone, proposes
 * one that an admin then confirms; the replaced schedule stays visible; the customer's portal
 * shows the new schedule and a notification. A refinanciamiento opens a new credit: the old one
 * shows 'Refinanciado' and links to it, the new one links back, the old one refuses a payment.
 */

async function nuevoCredito(nombre: string) {
  const cliente = await registerCustomer(nombre, 'Reestructura');
  const credito = await creditoDesembolsado(cliente.token, 30_000_000, 6);
  return { cliente, credito };
}

async function llenarReadecuacion(page: Page, plazo: string, motivo: string) {
  const dialogo = page.getByRole('dialog', { name: 'Reestructurar crédito' });
  await expect(dialogo).toBeVisible();
  await dialogo.getByLabel('Tipo').selectOption('readecuacion');
  await dialogo.getByLabel('Nuevo plazo (meses)').fill(plazo);
  await dialogo.getByLabel('Motivo').fill(motivo);
  const vista = page.waitForResponse((r) => r.url().endsWith('/reestructurar/vista-previa') && r.request().method() === 'POST');
  await dialogo.getByRole('button', { name: 'Vista previa' }).click();
  expect((await vista).status()).toBe(200);
  await expect(dialogo.getByRole('table', { name: 'Comparación' })).toBeVisible();
  await expect(dialogo.getByRole('table', { name: 'Calendario nuevo' }).getByRole('row')).toHaveCount(Number(plazo) + 1);
  return dialogo;
}

test('el admin ve la vista previa de una readecuación y la confirma; el calendario anterior queda y el cliente ve el nuevo', async ({
  page,
}) => {
  const { cliente, credito } = await nuevoCredito('Ramiro');
  await signIn(page, 'admin', DEMO.admin);
  await page.goto(`/creditos/${credito.id}`);
  await expect(page.getByRole('heading', { name: credito.numero_credito })).toBeVisible();
  await page.getByRole('button', { name: 'Reestructurar' }).click();
  const dialogo = await llenarReadecuacion(page, '12', 'Baja de ingresos por temporada');
  await page.screenshot({ path: test.info().outputPath('reestructuracion-vista-previa.png'), fullPage: true });

  const confirmar = page.waitForResponse(
    (r) => r.url().endsWith(`/creditos/${credito.id}/reestructurar`) && r.request().method() === 'POST',
  );
  await dialogo.getByRole('button', { name: 'Confirmar' }).click();
  const r = await confirmar;
  expect(r.status()).toBe(201);
  expect(r.request().headers()['idempotency-key']).toBeTruthy();
  expect((await r.json()).estado).toBe('confirmada');
  await expect(dialogo).toBeHidden();

  const admin = (await idToken(DEMO.admin)).token;
  const detalle = (await api(`/api/creditos/${credito.id}`, admin)).body;
  expect(detalle.plazo_meses).toBe(12);
  await expect(page.getByText('12 meses').first()).toBeVisible();
  await page.getByRole('button', { name: 'Ver calendario anterior' }).click();
  await expect(page.getByRole('table', { name: 'Calendario anterior' }).getByRole('row')).toHaveCount(7);
  await expectAccessible(page);

  const cuotas = await api(`/api/portal/creditos/${credito.id}/cuotas`, cliente.token);
  expect(cuotas.status).toBe(200);
  expect(cuotas.body.items ?? cuotas.body).toHaveLength(12);
  const avisos = await api('/api/notificaciones?limit=20', cliente.token);
  expect(JSON.stringify(avisos.body)).toContain('Tu crédito fue reestructurado');
});

test('el analista (360 px) propone una readecuación; un admin la confirma', async ({ page, browser }) => {
  const { credito } = await nuevoCredito('Leonor');
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, 'admin', DEMO.analista);
  await page.goto(`/creditos/${credito.id}`);
  await expect(page.getByRole('heading', { name: credito.numero_credito })).toBeVisible();
  await page.getByRole('button', { name: 'Reestructurar' }).click();
  const dialogo = await llenarReadecuacion(page, '9', 'El cliente pidió cuotas más bajas');
  await sinScrollHorizontal(page);
  await dialogo.getByRole('table', { name: 'Comparación' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('reestructuracion-360.png') });
  const proponer = page.waitForResponse(
    (r) => r.url().endsWith(`/creditos/${credito.id}/reestructurar`) && r.request().method() === 'POST',
  );
  await dialogo.getByRole('button', { name: 'Proponer' }).click();
  expect((await (await proponer).json()).estado).toBe('propuesta');
  await expect(page.getByText('Propuesta', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar propuesta' })).toHaveCount(0);

  const contexto = await browser.newContext();
  const adminPage = await contexto.newPage();
  await signIn(adminPage, 'admin', DEMO.admin);
  await adminPage.goto(`/creditos/${credito.id}`);
  const aprobar = adminPage.waitForResponse((r) => r.url().endsWith('/reestructuraciones/aprobar'));
  await adminPage.getByRole('button', { name: 'Confirmar propuesta' }).click();
  expect((await aprobar).status()).toBe(200);
  await expect(adminPage.getByText('Confirmada', { exact: true })).toBeVisible();
  await contexto.close();
  const admin = (await idToken(DEMO.admin)).token;
  expect((await api(`/api/creditos/${credito.id}`, admin)).body.plazo_meses).toBe(9);
});

test('el admin refinancia un crédito: el anterior queda Refinanciado y enlaza al nuevo, y el nuevo al anterior', async ({
  page,
}) => {
  const { credito } = await nuevoCredito('Octavio');
  await signIn(page, 'admin', DEMO.admin);
  await page.goto(`/creditos/${credito.id}`);
  await expect(page.getByRole('heading', { name: credito.numero_credito })).toBeVisible();
  await page.getByRole('button', { name: 'Reestructurar' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Reestructurar crédito' });
  await dialogo.getByLabel('Tipo').selectOption('refinanciamiento');
  await dialogo.getByLabel('Nuevo plazo (meses)').fill('10');
  await dialogo.getByLabel('Motivo').fill('Refinanciar el saldo a más plazo');
  await dialogo.getByRole('button', { name: 'Vista previa' }).click();
  await expect(dialogo.getByRole('table', { name: 'Calendario nuevo' }).getByRole('row')).toHaveCount(11);
  const confirmar = page.waitForResponse(
    (r) => r.url().endsWith(`/creditos/${credito.id}/reestructurar`) && r.request().method() === 'POST',
  );
  await dialogo.getByRole('button', { name: 'Confirmar' }).click();
  const r = await confirmar;
  expect(r.status()).toBe(201);
  const { credito_nuevo_id: nuevoId, credito_nuevo_numero: nuevoNumero } = await r.json();
  await expect(dialogo).toBeHidden();

  await page.reload();
  await expect(page.getByText('Refinanciado', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: nuevoNumero }).click();
  await expect(page).toHaveURL(new RegExp(`/creditos/${nuevoId}$`));
  await expect(page.getByRole('heading', { name: nuevoNumero })).toBeVisible();
  await expect(page.getByRole('link', { name: credito.numero_credito })).toHaveAttribute('href', `/creditos/${credito.id}`);
  await expectAccessible(page);

  const admin = (await idToken(DEMO.admin)).token;
  // the old credit refuses a counter payment (checked before the date)
  const pago = await api(`/api/creditos/${credito.id}/pagos`, admin, {
    method: 'POST',
    headers: { 'idempotency-key': `refi-${credito.id}` },
    body: JSON.stringify({ monto_centimos: 1_000_00, fecha_pago: '2026-01-02', canal: 'efectivo' }),
  });
  expect(pago.status).toBe(409);
  expect(pago.body.code).toBe('CREDITO_REFINANCIADO');
});
