import { expect, test, type Locator, type Page } from '@playwright/test';
import { hoyCR, masDias, sinScrollHorizontal } from './pantalla';
import { api, DEMO, expectAccessible, idToken, signIn } from './support';

/**
 * The daily close run by an admin from Monitoreo Operativo (repeated while dates remain, with its
 * progress and summary), and a backdated payment approved in Conciliación with a fecha valor.
 */

const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

/** The whole page from the top (a full-page capture of a scrolled page repeats the sticky header mid-page), and `detalle` alone. */
async function captura(page: Page, nombre: string, detalle?: Locator): Promise<void> {
  if (detalle) await detalle.screenshot({ path: test.info().outputPath(`${nombre}-detalle.png`) });
  const y = await page.evaluate(() => window.scrollY);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath(`${nombre}.png`), fullPage: true });
  await page.evaluate((top) => window.scrollTo(0, top), y);
}

for (const ancho of [1280, 360]) {
  test(`admin (${ancho} px): cierre diario desde Monitoreo Operativo, con progreso y resumen`, async ({ page }) => {
    await page.setViewportSize({ width: ancho, height: ancho === 360 ? 780 : 900 });
    await signIn(page, 'admin', DEMO.admin);
    await page.goto('/monitoreo');
    await expect(page.getByRole('heading', { level: 1, name: 'Monitoreo Operativo' })).toBeVisible();

    const card = page.getByRole('region', { name: 'Cierre diario' });
    await expect(card).toBeVisible();
    const hoy = hoyCR();
    const fecha = card.getByLabel('Cerrar hasta el');
    await expect(fecha).toHaveValue(hoy);
    const [anio, , dia] = hoy.split('-');
    await expect(card.getByText(/Se cierran todas las fechas pendientes hasta el/)).toContainText(new RegExp(`${dia}.*${anio}`));
    await card.scrollIntoViewIfNeeded();
    await sinScrollHorizontal(page);
    await captura(page, `cierre-antes-${ancho}`, card);

    // Hold the first answer a moment to see the close at work.
    await page.route('**/api/cierre-diario', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const respuesta = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cierre-diario');
    // Keyboard: focus the button and press Enter.
    await card.getByRole('button', { name: 'Ejecutar cierre' }).focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: 'Cerrando…' })).toBeDisabled();
    await expect(card.getByRole('status')).toHaveText(/^Cerrando…/);
    await expect(card.getByRole('progressbar', { name: 'Progreso del cierre diario' })).toBeVisible();
    await captura(page, `cierre-en-curso-${ancho}`, card);

    const r = await respuesta;
    expect(r.status()).toBe(200);
    expect(JSON.parse(r.request().postData() ?? '{}')).toEqual({ fecha: hoy });

    const resumen = card.getByRole('region', { name: 'Resumen del cierre' });
    await expect(resumen).toBeVisible({ timeout: 60_000 });
    await expect(card.getByRole('status')).toHaveText(/^Cierre completado\. /);
    for (const label of ['Fechas cerradas', 'Créditos actualizados', 'Mora devengada', 'Recordatorios enviados']) {
      await expect(resumen.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(resumen.getByText('Mora devengada', { exact: true }).locator('..')).toContainText('₡');
    await expect(card.getByTestId('ultimo-cierre')).toContainText(new RegExp(`${dia}.*${anio}`));
    await expect(card.getByRole('button', { name: 'Ejecutar cierre' })).toBeEnabled();

    // The server agrees: today is closed, nothing pending.
    const { token } = await idToken(DEMO.admin);
    const otra = await api('/api/cierre-diario', token, json({}));
    expect(otra.status).toBe(200);
    expect(otra.body).toMatchObject({ hasta: hoy, pendientes: 0, ultimo_cierre: hoy });

    await card.scrollIntoViewIfNeeded();
    await sinScrollHorizontal(page);
    await captura(page, `cierre-resumen-${ancho}`, card);
    await expectAccessible(page);
  });

  test(`cobrador (${ancho} px): aprueba un pago de hace unos días con la fecha valor del banco`, async ({ page }) => {
    await page.setViewportSize({ width: ancho, height: ancho === 360 ? 780 : 900 });
    const cliente = await idToken(DEMO.cliente);
    const cobrador = await idToken(DEMO.cobrador);
    const hoy = hoyCR();
    const fechaPago = masDias(hoy, -4);
    const fechaBanco = masDias(hoy, -3);

    // A credit of the demo customer that is not the one in arrears (other tests read its mora).
    const lista = await api('/api/portal/creditos?limit=100', cliente.token);
    expect(lista.status).toBe(200);
    const creditos = lista.body.items as { id: string; estado: string; fecha_desembolso: string }[];
    const credito =
      creditos.find((c) => ['al_dia', 'vigente'].includes(c.estado) && c.fecha_desembolso <= fechaPago) ??
      creditos.find((c) => c.estado !== 'cancelado' && c.fecha_desembolso <= fechaPago);
    expect(credito, 'la clienta demo tiene un crédito abierto desembolsado hace más de 4 días').toBeDefined();

    const referencia = `BN-${Date.now().toString(36).toUpperCase()}`;
    const reporte = await api(
      '/api/portal/pagos',
      cliente.token,
      json({
        credito_id: credito!.id,
        monto_centimos: 250_000,
        fecha_pago: fechaPago,
        canal: 'sinpe_movil',
        referencia_pago: referencia,
      }),
    );
    expect(reporte.status).toBe(201);
    expect(reporte.body).toMatchObject({ estado: 'registrado', fecha_pago: fechaPago, fecha_valor: null });

    await signIn(page, 'admin', DEMO.cobrador);
    await page.goto('/conciliacion');
    await expect(page.getByRole('heading', { level: 1, name: 'Conciliación de Pagos' })).toBeVisible();
    const aprobar = page.getByRole('button', { name: new RegExp(`^Aprobar: ${referencia} `) });
    await aprobar.click();
    const dialog = page.getByRole('alertdialog', { name: '¿Aprobar este pago?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('El pago se marcará como conciliado y se aplicará al crédito.')).toBeVisible();
    const fechaValor = dialog.getByLabel('Fecha valor');
    await expect(fechaValor).toHaveValue(fechaPago);
    await expect(dialog.getByText('El pago se aplica en esta fecha: la que reportó el cliente o la del banco')).toBeVisible();

    // A date in the future is refused by the server, under the field; the dialog stays open.
    await fechaValor.fill(masDias(hoy, 2));
    await dialog.getByRole('button', { name: 'Confirmar Aprobación' }).click();
    await expect(dialog.getByText('La fecha valor no puede ser futura')).toBeVisible();
    await expect(fechaValor).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Error al aprobar pago')).toBeVisible();
    await captura(page, `fecha-valor-error-${ancho}`, dialog);

    // The bank's date.
    await fechaValor.fill(fechaBanco);
    await expect(fechaValor).toHaveAttribute('aria-invalid', 'false');
    await sinScrollHorizontal(page);
    await captura(page, `fecha-valor-dialogo-${ancho}`, dialog);
    const aprobacion = page.waitForResponse(
      (r) => r.url().endsWith(`/api/pagos/${reporte.body.id}/aprobar`) && r.status() === 200,
    );
    await dialog.getByRole('button', { name: 'Confirmar Aprobación' }).click();
    const enviado = await aprobacion;
    expect(JSON.parse(enviado.request().postData() ?? '{}')).toEqual({ fecha_valor: fechaBanco });
    await expect(page.getByText('Pago aprobado')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(aprobar).toHaveCount(0);

    const procesados = await api('/api/pagos?estado=procesados&limit=100', cobrador.token);
    expect(procesados.status).toBe(200);
    const pago = (procesados.body.items as { id: string }[]).find((p) => p.id === reporte.body.id);
    expect(pago).toMatchObject({ estado: 'conciliado', fecha_pago: fechaPago, fecha_valor: fechaBanco });
    await expectAccessible(page);
  });
}
