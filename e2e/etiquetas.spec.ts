import { expect, test, type Page } from '@playwright/test';
import { codigosCrudos } from '../shared/src/testing/codigos';
import { api, creditoDesembolsado, DEMO, expectAccessible, idToken, signIn } from './support';

/**
 * Labels, not codes, and the rough edges of issue 18 §3–4: what people read on the contract and
 * on the key screens carries no stored code (sinpe_movil, cuota_nivelada…), the upcoming cuotas
 * are not cut on a desktop, the solicitud's dates carry the year, the product list says
 * 'Descripción' and a settings error goes away when the value is put back.
 */

/** The known codes in what the page shows (innerText: rendered, visible text only). */
async function codigosEnPantalla(page: Page): Promise<string[]> {
  return codigosCrudos(await page.locator('body').innerText());
}

test.describe('etiquetas a 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('portal: próximas cuotas completas, contrato y comprobantes con etiquetas, ninguna pestaña con códigos', async ({
    page,
    context,
  }) => {
    const { token } = await idToken(DEMO.cliente);
    let resumen = await api('/api/portal/resumen', token);
    expect(resumen.status).toBe(200);
    if (resumen.body.proximas_cuotas.length === 0) {
      await creditoDesembolsado(token);
      resumen = await api('/api/portal/resumen', token);
    }
    const proximas = resumen.body.proximas_cuotas as { numero_credito: string; numero_cuota: number }[];
    expect(proximas.length).toBeGreaterThan(0);

    await signIn(page, 'login', DEMO.cliente);
    const titulo = page.getByRole('heading', { name: 'Próximas Cuotas' });
    await expect(titulo).toBeVisible();
    const items = page.getByRole('listitem').filter({ hasText: /· Cuota \d+/ });
    await expect(items).toHaveCount(proximas.length);
    for (const [i, q] of proximas.entries()) {
      const texto = items.nth(i).getByText(`${q.numero_credito} · Cuota ${q.numero_cuota}`, { exact: true });
      await expect(texto).toBeVisible();
      // Shown in full: nothing clipped (no ellipsis, the box as wide as its text).
      const medida = await texto.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
        overflow: getComputedStyle(el).textOverflow,
      }));
      expect(medida.overflow).not.toBe('ellipsis');
      expect(medida.scroll).toBeLessThanOrEqual(medida.client);
    }
    await page.screenshot({ path: '../test-results/portal-proximas-cuotas-1280.png', fullPage: true });

    // Every tab, as the customer reads it: labels, never a stored code.
    expect(await codigosEnPantalla(page)).toEqual([]);
    for (const tab of ['solicitudes', 'pagos', 'notificaciones', 'documentos']) {
      await page.goto(`/portal?tab=${tab}`);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await codigosEnPantalla(page), `pestaña ${tab}`).toEqual([]);
    }

    // The contract: the parties' block names the debtor once, the method by its label.
    const docs = await api('/api/portal/documentos?limit=100', token);
    const contrato = (docs.body.items as { tipo: string; numero_credito: string }[]).find((d) => d.tipo === 'contrato');
    if (!contrato) throw new Error('la clienta demo no tiene contrato');
    const credito = page.getByRole('region', { name: contrato.numero_credito });
    const popupContrato = context.waitForEvent('page');
    await credito.getByRole('button', { name: 'Contrato' }).click();
    const doc = await popupContrato;
    await expect(doc.getByRole('heading', { name: 'Contrato de Crédito' })).toBeVisible();
    await expect(doc.getByRole('heading', { name: 'Partes' })).toBeVisible();
    await expect(doc.getByText('Deudor', { exact: true })).toHaveCount(1);
    await expect(doc.getByRole('heading', { name: 'Deudor', exact: true })).toHaveCount(0);
    const metodo = doc.locator('.doc-row', { hasText: 'Método de Amortización' }).locator('dd');
    await expect(metodo).toHaveText(/^(Cuota nivelada|Capital constante)$/);
    expect(await codigosEnPantalla(doc)).toEqual([]);
    await expectAccessible(doc);
    await doc.close();

    // The receipts: each channel by its label.
    const popupComprobantes = context.waitForEvent('page');
    await credito.getByRole('button', { name: 'Comprobantes' }).click();
    const comprobantes = await popupComprobantes;
    await expect(comprobantes.getByRole('heading', { name: /Comprobantes de Pago/ })).toBeAttached();
    expect(await codigosEnPantalla(comprobantes)).toEqual([]);
    await comprobantes.close();
  });

  test('panel: solicitud con año en sus fechas, crédito y conciliación con etiquetas, productos con Descripción', async ({
    page,
  }) => {
    const { token } = await idToken(DEMO.admin);
    const solicitudes = await api('/api/solicitudes?limit=100', token);
    expect(solicitudes.status).toBe(200);
    const analizada = (solicitudes.body.items as { id: string; analizado_en: string | null }[]).find((s) => s.analizado_en);
    if (!analizada) throw new Error('no hay solicitudes analizadas en los datos demo');

    // A credit whose payments came through a channel with a '_' code (SINPE Móvil, tarjeta…).
    const creditos = await api('/api/creditos?limit=100', token);
    let conCanal: { id: string; canal: string } | undefined;
    for (const c of creditos.body.items as { id: string }[]) {
      const pagos = await api(`/api/creditos/${c.id}/pagos?limit=100`, token);
      const pago = (pagos.body.items as { canal: string }[]).find((p) => p.canal.includes('_'));
      if (pago) {
        conCanal = { id: c.id, canal: pago.canal };
        break;
      }
    }
    if (!conCanal) throw new Error('ningún pago demo por un canal como sinpe_movil');

    await signIn(page, 'admin', DEMO.admin);

    await page.goto(`/solicitudes/${analizada.id}`);
    const creada = page.locator('dt', { hasText: /^Creada$/ }).locator('xpath=following-sibling::dd[1]');
    await expect(creada).toHaveText(/\b20\d\d\b/);
    const fechaAnalisis = page.locator('dt', { hasText: /^Analizada$/ }).locator('xpath=following-sibling::dd[1]');
    await expect(fechaAnalisis).toHaveText(/\b20\d\d\b/);
    expect(await codigosEnPantalla(page)).toEqual([]);

    await page.goto(`/creditos/${conCanal.id}`);
    await expect(page.getByText('Historial de Pagos')).toBeVisible();
    await expect(page.getByRole('cell', { name: /\d/ }).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await codigosEnPantalla(page)).toEqual([]);

    await page.goto('/conciliacion');
    await expect(page.getByRole('heading', { name: 'Conciliación de Pagos' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await codigosEnPantalla(page)).toEqual([]);

    await page.goto('/productos');
    await expect(page.getByRole('heading', { name: 'Gestión de Productos' })).toBeVisible();
    const encabezados = page.getByRole('columnheader');
    await expect(encabezados.filter({ hasText: /^Descripción$/ })).toBeVisible();
    await expect(encabezados.filter({ hasText: /opcional/i })).toHaveCount(0);
  });

  test('configuración: el error de un valor inválido se va al volver al valor guardado', async ({ page }) => {
    await signIn(page, 'admin', DEMO.admin);
    await page.goto('/configuracion');
    await page.getByRole('tab', { name: 'Sistema' }).click();
    const sistema = page.getByRole('tabpanel', { name: 'Sistema' });
    const campo = sistema.getByLabel('Un crédito se puede castigar con más de estos días de mora');
    await expect(campo).toBeVisible();
    const guardado = await campo.inputValue();
    // The message under the field (the toast says it too, and fades on its own).
    const mensaje = sistema.getByText('Debe ser un número entero de días (0 a 3650)');

    await campo.fill('noventa');
    await campo.blur();
    await expect(mensaje).toBeVisible();
    await expect(campo).toHaveAttribute('aria-invalid', 'true');
    await expect(campo).toHaveValue('noventa');

    await campo.fill(guardado);
    await expect(mensaje).toHaveCount(0);
    await expect(campo).not.toHaveAttribute('aria-invalid', 'true');
    await campo.blur();
    await expect(mensaje).toHaveCount(0);

    const { token } = await idToken(DEMO.admin);
    const config = await api('/api/configuracion', token);
    const item = (config.body.items as { clave: string; valor: string }[]).find((i) => i.clave === 'castigo_dias_mora_minimos');
    expect(item?.valor).toBe(guardado);
  });
});
