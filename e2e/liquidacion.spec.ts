import { expect, test } from '@playwright/test';
import { crc, hoyCR, masDias, sinScrollHorizontal, texto } from './pantalla';
import { api, creditoDesembolsado, DEMO, expectAccessible, idToken, signIn } from './support';

/**
 * Paying a credit off (issue 15 §4): staff see the payoff of a date on the credit detail and print
 * it; the customer sees 'Cancelar mi crédito' in the portal (360 px) and reports that amount; staff
 * approve it; the credit is cancelado and its constancia de cancelación opens. On the way, the payment
 * dialog asks what a payment beyond what is due does (reducir plazo / reducir cuota).
 */

interface Liquidacion {
  fecha: string;
  capital_pendiente_centimos: number;
  interes_corriente_centimos: number;
  total_centimos: number;
  dias_interes: number;
}

test('liquidación: el personal la ve e imprime, la clienta la reporta, al aprobarse el crédito queda cancelado con constancia', async ({
  browser,
}) => {
  const cliente = await idToken(DEMO.cliente);
  const admin = await idToken(DEMO.admin);
  const cobrador = await idToken(DEMO.cobrador);
  const credito = await creditoDesembolsado(cliente.token, 15_000_000, 6);
  const hoy = hoyCR();
  const manana = masDias(hoy, 1);

  const deHoy = await api(`/api/creditos/${credito.id}/liquidacion?fecha=${hoy}`, admin.token);
  expect(deHoy.status).toBe(200);
  const liqHoy = deHoy.body as Liquidacion;
  // disbursed today: paying it off today costs the capital and no interest
  expect(liqHoy).toMatchObject({
    capital_pendiente_centimos: 15_000_000,
    interes_corriente_centimos: 0,
    total_centimos: 15_000_000,
  });
  const liqManana = (await api(`/api/creditos/${credito.id}/liquidacion?fecha=${manana}`, admin.token)).body as Liquidacion;
  expect(liqManana.dias_interes).toBe(1);
  expect(liqManana.interes_corriente_centimos).toBeGreaterThan(0);
  expect((await api(`/api/creditos/${credito.id}/liquidacion?fecha=${masDias(hoy, -1)}`, admin.token)).status).toBe(400);

  // --- staff: the credit detail's 'Liquidación', for today and for tomorrow, and its printable sheet
  const staffCtx = await browser.newContext();
  const staff = await staffCtx.newPage();
  await signIn(staff, 'admin', DEMO.admin);
  await staff.goto(`/creditos/${credito.id}`);
  const tarjeta = staff.getByTestId('liquidacion');
  await expect.poll(() => texto(tarjeta.getByTestId('liquidacion-total'))).toBe(crc(liqHoy.total_centimos));
  await tarjeta.getByLabel('Fecha de pago').fill(manana);
  await expect.poll(() => texto(tarjeta.getByTestId('liquidacion-total'))).toBe(crc(liqManana.total_centimos));
  await expect(tarjeta.getByText(/Intereses corrientes devengados \(1 día\)/)).toBeVisible();
  await expectAccessible(staff);
  const hoja = staffCtx.waitForEvent('page');
  await tarjeta.getByRole('button', { name: 'Imprimir liquidación' }).click();
  const impresa = await hoja;
  await expect(impresa).toHaveURL(new RegExp(`/creditos/${credito.id}/liquidacion\\?fecha=${manana}$`));
  await expect(impresa.getByRole('heading', { name: 'Liquidación' })).toBeVisible();
  await expect.poll(() => texto(impresa.locator('main'))).toContain(crc(liqManana.total_centimos));
  await impresa.close();

  // --- the customer, at 360 px: 'Cancelar mi crédito' shows today's payoff and reports it
  const clienteCtx = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const portal = await clienteCtx.newPage();
  await signIn(portal, 'login', DEMO.cliente);
  await portal.getByRole('tab', { name: 'Mis Créditos' }).click();
  const card = portal.locator('.rounded-xl').filter({ has: portal.getByRole('heading', { name: credito.numero_credito }) });
  // beyond what is due, the payment dialog asks what the excess does (reducir plazo by default)
  await card.getByRole('button', { name: 'Realizar Pago' }).first().click();
  const pagoDialog = portal.getByRole('dialog', { name: 'Realizar Pago' });
  await pagoDialog.getByLabel('Monto (₡)').fill('100000');
  const excedente = pagoDialog.getByRole('group', { name: '¿Qué hacemos con lo que pagas de más?' });
  await expect(excedente).toBeVisible();
  await expect(excedente.getByRole('radio', { name: /Reducir el plazo/ })).toBeChecked();
  await excedente.getByRole('radio', { name: /Reducir la cuota/ }).check();
  await sinScrollHorizontal(portal);
  await pagoDialog.getByLabel('Monto (₡)').fill('1000');
  await expect(excedente).toBeHidden();
  await pagoDialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(pagoDialog).toBeHidden();

  await card.getByRole('button', { name: 'Cancelar mi crédito' }).click();
  const seccion = card.getByTestId('cancelar-credito');
  await expect.poll(() => texto(seccion.getByTestId('liquidacion-total'))).toBe(crc(liqHoy.total_centimos));
  await sinScrollHorizontal(portal);
  await portal.screenshot({ path: '../test-results/portal-liquidacion-360.png', fullPage: true });
  await seccion.getByRole('button', { name: 'Realizar Pago' }).click();
  const dialog = portal.getByRole('dialog', { name: 'Realizar Pago' });
  await expect(dialog.getByLabel('Monto (₡)')).toHaveValue(/^150[ .\u00a0]?000$/);
  await expect(dialog.getByLabel('Fecha de pago')).toHaveValue(hoy);
  const canal = dialog.getByLabel('Canal de pago');
  await expect(canal.locator('option')).not.toHaveCount(1);
  await canal.selectOption({ index: 1 });
  const referencia = `LIQ-${Date.now().toString(36).toUpperCase()}`;
  await dialog.getByLabel('Referencia del comprobante').fill(referencia);
  await dialog.getByRole('button', { name: 'Reportar Pago' }).click();
  await expect(portal.getByText('Pago reportado exitosamente')).toBeVisible();

  // --- staff approve it with that value date
  const pagos = await api(`/api/creditos/${credito.id}/pagos?limit=100`, admin.token);
  const pago = (pagos.body.items as { id: string; referencia_externa?: string | null; monto_centimos: number }[]).find(
    (p) => p.monto_centimos === liqHoy.total_centimos,
  )!;
  expect(pago).toBeDefined();
  const aprobado = await api(`/api/pagos/${pago.id}/aprobar`, cobrador.token, {
    method: 'POST',
    body: JSON.stringify({ fecha_valor: hoy }),
  });
  expect(aprobado.status, JSON.stringify(aprobado.body)).toBe(200);

  const detalle = await api(`/api/creditos/${credito.id}`, admin.token);
  expect(detalle.body).toMatchObject({ estado: 'cancelado', saldo_capital_centimos: 0, saldo_mora_centimos: 0 });
  expect((await api(`/api/creditos/${credito.id}/liquidacion`, admin.token)).status).toBe(409);

  // --- the constancia de cancelación, from the staff detail and from the portal
  await staff.reload();
  await expect(staff.getByTestId('liquidacion')).toHaveCount(0);
  const constancia = staffCtx.waitForEvent('page');
  await staff.getByRole('button', { name: 'Constancia de cancelación' }).click();
  const doc = await constancia;
  await expect(doc).toHaveURL(new RegExp(`/creditos/${credito.id}/constancia$`));
  await expect(doc.getByRole('heading', { name: 'Constancia de cancelación' })).toBeVisible();
  await expect(doc.getByText(/canceló en su totalidad el crédito/)).toBeVisible();
  await expectAccessible(doc);
  await doc.close();

  await portal.reload();
  await portal.getByRole('tab', { name: 'Mis Créditos' }).click();
  const cancelado = portal.locator('.rounded-xl').filter({ has: portal.getByRole('heading', { name: credito.numero_credito }) });
  const propia = clienteCtx.waitForEvent('page');
  await cancelado.getByRole('button', { name: 'Constancia de cancelación' }).click();
  const suya = await propia;
  await expect(suya).toHaveURL(new RegExp(`/portal/creditos/${credito.id}/constancia$`));
  await expect(suya.getByRole('heading', { name: 'Constancia de cancelación' })).toBeVisible();
  await sinScrollHorizontal(portal);
  await staffCtx.close();
  await clienteCtx.close();
});
