import { expect, test } from '@playwright/test';
import { sinScrollHorizontal } from './pantalla';
import { api, DEMO, expectAccessible, idToken, signIn } from './support';

/**
 * Payments at the counter and reversals (issue 15 §3): a cobrador, on a 360 px phone, records a
 * cash payment typed '25.000' on a credit's detail; the numbered receipt is shown and opens
 * printable; an admin reverses it with a motivo; the credit's capital balance and total paid are
 * back where they were, and the payment is listed as reversed.
 */

interface Credito {
  id: string;
  numero_credito: string;
  estado: string;
  saldo_capital_centimos: number;
  total_pagado_centimos: number;
  deuda?: { total_adeudado_centimos: number } | null;
}

/** A credit in the portfolio, not the demo customer's (other specs read hers), that owes more than ₡25 000. */
async function creditoParaCobrar(admin: string): Promise<Credito> {
  const cliente = (await idToken(DEMO.cliente)).token;
  const suyos = new Set(((await api('/api/portal/creditos?limit=100', cliente)).body.items as Credito[]).map((c) => c.id));
  for (const estado of ['al_dia', 'vigente', 'vencido']) {
    const lista = await api(`/api/creditos?estado=${estado}&limit=50`, admin);
    expect(lista.status).toBe(200);
    for (const c of lista.body.items as Credito[]) {
      if (suyos.has(c.id)) continue;
      const detalle = (await api(`/api/creditos/${c.id}`, admin)).body as Credito;
      if ((detalle.deuda?.total_adeudado_centimos ?? detalle.saldo_capital_centimos) > 100_000_00) return detalle;
    }
  }
  throw new Error('no hay un crédito en cartera para cobrar en los datos demo');
}

test('ventanilla: el cobrador (360 px) registra ₡25.000 en efectivo con recibo; el admin lo revierte y los saldos vuelven', async ({
  page,
  browser,
}) => {
  const admin = (await idToken(DEMO.admin)).token;
  const credito = await creditoParaCobrar(admin);

  // --- the cobrador, on a phone
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, 'admin', DEMO.cobrador);
  await page.goto(`/creditos/${credito.id}`);
  await expect(page.getByRole('heading', { name: credito.numero_credito })).toBeVisible();
  await page.getByRole('button', { name: 'Registrar pago' }).click();
  const form = page.getByRole('form', { name: 'Registrar pago' });
  await expect(form).toBeVisible();
  await form.getByLabel('Monto').fill('25.000');
  await expect(form.getByText(/Se registrará/)).toBeVisible();
  await expect(form.getByLabel('Canal')).toHaveValue('efectivo');
  await sinScrollHorizontal(page);
  await page.screenshot({ path: test.info().outputPath('ventanilla-formulario-360.png'), fullPage: true });

  const respuesta = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/creditos/${credito.id}/pagos` && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Registrar y emitir recibo' }).click();
  const r = await respuesta;
  expect(r.status()).toBe(201);
  expect(r.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(JSON.parse(r.request().postData() ?? '{}')).toMatchObject({ monto_centimos: 2_500_000, canal: 'efectivo' });
  const pago = (await r.json()) as { id: string; numero_recibo: string; estado: string };
  expect(pago.estado).toBe('conciliado');
  expect(pago.numero_recibo).toMatch(/^RC-\d{4}-\d{6,}$/);
  await expect(page.getByRole('status').filter({ hasText: pago.numero_recibo })).toBeVisible();
  await sinScrollHorizontal(page);

  const [recibo] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Imprimir recibo' }).click()]);
  await expect(recibo).toHaveURL(new RegExp(`/pagos/${pago.id}/recibo$`));
  await expect(recibo.getByRole('heading', { name: 'Recibo de pago' })).toBeVisible();
  await expect(recibo.getByTestId('numero-recibo')).toHaveText(`Recibo N.º ${pago.numero_recibo}`);
  await expect(recibo.getByText(credito.numero_credito)).toBeVisible();
  await expect(recibo.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  await recibo.screenshot({ path: test.info().outputPath('ventanilla-recibo.png'), fullPage: true });
  await recibo.close();

  const cobrado = (await api(`/api/creditos/${credito.id}`, admin)).body as Credito;
  expect(cobrado.total_pagado_centimos).toBe(credito.total_pagado_centimos + 2_500_000);

  // --- the admin reverses it
  const contexto = await browser.newContext();
  const adminPage = await contexto.newPage();
  await signIn(adminPage, 'admin', DEMO.admin);
  await adminPage.goto(`/creditos/${credito.id}`);
  const fila = adminPage.getByTestId(`pago-${pago.numero_recibo}`);
  await expect(fila).toBeVisible();
  await fila.getByRole('button', { name: `Revertir ${pago.numero_recibo}` }).click();
  const dialogo = adminPage.getByRole('alertdialog');
  await dialogo.getByLabel('Motivo').fill('Pago registrado en el crédito equivocado');
  const reversion = adminPage.waitForResponse((x) => new URL(x.url()).pathname === `/api/pagos/${pago.id}/revertir`);
  await dialogo.getByRole('button', { name: 'Confirmar reversión' }).click();
  expect((await reversion).status()).toBe(200);
  await expect(adminPage.getByText('Pago reversado', { exact: true })).toBeVisible();
  await expect(fila.getByText('Reversado', { exact: true })).toBeVisible();
  await expect(fila.getByRole('button', { name: /Revertir/ })).toHaveCount(0);
  await expectAccessible(adminPage);

  const despues = (await api(`/api/creditos/${credito.id}`, admin)).body as Credito;
  expect(despues.saldo_capital_centimos).toBe(credito.saldo_capital_centimos);
  expect(despues.total_pagado_centimos).toBe(credito.total_pagado_centimos);
  expect(despues.estado).not.toBe('cancelado');

  // a second reversal has no effect
  const otra = await api(`/api/pagos/${pago.id}/revertir`, admin, {
    method: 'POST',
    headers: { 'idempotency-key': `e2e-${Date.now()}` },
    body: JSON.stringify({ motivo: 'Segundo intento de reversión' }),
  });
  expect(otra.status).toBe(409);

  // the cobrador's phone view of the list shows it reversed, without horizontal scroll
  await page.reload();
  await expect(page.getByTestId(`pago-${pago.numero_recibo}`).getByText('Reversado', { exact: true })).toBeVisible();
  await sinScrollHorizontal(page);
  await contexto.close();
});
