import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { sinScrollHorizontal } from './pantalla';
import { api, creditoDesembolsado, DEMO, expectAccessible, expectPath, idToken, registerCustomer, signIn } from './support';

/**
 * The staff's global search (issue 18 §3): Ctrl+K or Cmd+K and the header box find a client by any
 * part of a name or e-mail, a credit by its number and a solicitud by its number, and open the record;
 * the new-application form's client picker searches the same index instead of listing clients.
 */

/** A client of this spec's own whose e-mail domain and apellido only it has. */
async function clienteConDominio(token: string, stamp: string) {
  const res = await api('/api/clientes', token, {
    method: 'POST',
    body: JSON.stringify({
      nombre: 'Ximena',
      apellido: `Quirós Villalobos${stamp}`,
      identidad_tipo: 'cedula',
      identidad_numero: `3${String(Date.now()).slice(-8)}`,
      fecha_nacimiento: '1990-05-20',
      email: `ximena.q@${stamp}mail.com`,
      telefono: '+506 8711-2233',
      direccion: 'Cartago centro, 100 m sur de la basílica',
      ciudad: 'Cartago',
      pais: 'Costa Rica',
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; nombre: string; apellido: string; email: string };
}

const dialogo = (page: Page) => page.getByRole('dialog', { name: 'Buscar en Cuota' });

test.describe('escritorio', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('Ctrl+K y la caja del encabezado encuentran cliente (parte del email), crédito y solicitud, y abren el registro', async ({
    page,
  }) => {
    const stamp = Date.now().toString(36);
    const { token } = await idToken(DEMO.analista);
    const ximena = await clienteConDominio(token, stamp);
    const cliente = await registerCustomer('Rebeca', `Zamora ${stamp}`);
    const credito = await creditoDesembolsado(cliente.token);
    const { body: solicitudes } = await api(`/api/clientes/${cliente.clienteId}/solicitudes`, token);
    const solicitud = solicitudes.items[0] as { id: string; numero_solicitud: string };

    await signIn(page, 'admin', DEMO.analista);
    // the header box fits beside the navigation down to 1280 px (below xl it is a button)
    for (const width of [1280, 1366]) {
      await page.setViewportSize({ width, height: 768 });
      await expect(page.getByRole('banner').getByRole('combobox', { name: 'Buscar' })).toBeVisible();
      await sinScrollHorizontal(page);
    }

    // Ctrl+K from the page: a part of the e-mail's domain (as 'gmail' is of gmail.com)
    await page.keyboard.press('Control+k');
    await expect(dialogo(page)).toBeVisible();
    const caja = dialogo(page).getByRole('combobox', { name: 'Buscar' });
    await expect(caja).toBeFocused();
    await caja.fill(`${stamp.slice(1)}mai`);
    const clientes = dialogo(page).getByRole('group', { name: 'Clientes' });
    await expect(clientes.getByRole('option')).toHaveCount(1);
    await expect(clientes.getByRole('option')).toContainText(`Ximena Quirós Villalobos${stamp}`);
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await expectPath(page, `/clientes/${ximena.id}`);
    await expect(dialogo(page)).toBeHidden();

    // Cmd+K (Meta) as on a Mac: a piece of the apellido, then ↓ and Enter
    await page.keyboard.press('Meta+k');
    await caja.fill(`illalobos${stamp.slice(0, 3)}`);
    await expect(dialogo(page).getByRole('option').first()).toContainText('Ximena');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expectPath(page, `/clientes/${ximena.id}`);

    // the header box: a credit by its number, a click on the result
    const encabezado = page.getByRole('banner').getByRole('combobox', { name: 'Buscar' });
    await encabezado.fill(credito.numero_credito);
    const opcionCredito = page.getByRole('banner').getByRole('group', { name: 'Créditos' }).getByRole('option');
    await expect(opcionCredito).toHaveCount(1);
    await expect(opcionCredito).toContainText(`Rebeca Zamora ${stamp}`);
    await opcionCredito.click();
    await expectPath(page, `/creditos/${credito.id}`);
    await expect(page.getByRole('main').getByText(credito.numero_credito).first()).toBeVisible();

    // and a solicitud by its number without the prefix, with Enter
    await encabezado.fill(solicitud.numero_solicitud.replace(/^SOL-/, ''));
    await expect(page.getByRole('banner').getByRole('group', { name: 'Solicitudes' }).getByRole('option')).toContainText(
      solicitud.numero_solicitud,
    );
    await encabezado.press('Enter');
    await expectPath(page, `/solicitudes/${solicitud.id}`);

    // nothing found says so
    await page.keyboard.press('Control+k');
    await caja.fill(`nadie${stamp}zz`);
    await expect(dialogo(page).getByText(`No encontramos nada para «nadie${stamp}zz».`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialogo(page)).toBeHidden();
  });

  test('el selector de cliente de Nueva Solicitud busca por una parte del email en vez de listar 20', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const { token } = await idToken(DEMO.analista);
    const ximena = await clienteConDominio(token, stamp);
    await signIn(page, 'admin', DEMO.analista);
    await page.goto('/solicitudes');
    await page.getByRole('button', { name: 'Nueva Solicitud' }).click();
    const form = page.getByRole('form', { name: 'Nueva Solicitud de Crédito' });
    const selector = form.getByRole('combobox', { name: 'Cliente' });
    await selector.focus();
    // (the product select's options are options too: the results are the listbox's)
    await expect(form.getByRole('listbox')).toHaveCount(0);
    await selector.fill(`${stamp}mail`);
    await expect(form.getByRole('listbox').getByRole('option')).toHaveCount(1);
    await selector.press('Enter');
    await expect(selector).toHaveValue(`${ximena.nombre} ${ximena.apellido}`);
    await expect(selector).toHaveAccessibleDescription(new RegExp(`Cliente elegido: .*${ximena.email}`));
    await expectAccessible(page);
  });
});

test.describe('teléfono', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('en 360 px el botón Buscar abre el diálogo, que cabe en la pantalla y pasa axe', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const ximena = await clienteConDominio((await idToken(DEMO.analista)).token, stamp);
    await signIn(page, 'admin', DEMO.cobrador);
    await page.getByRole('button', { name: 'Buscar (Ctrl+K)' }).click();
    const caja = dialogo(page).getByRole('combobox', { name: 'Buscar' });
    await caja.fill(`${stamp}mail`);
    await expect(dialogo(page).getByRole('option')).toHaveCount(1);
    const caja360 = await dialogo(page).boundingBox();
    expect(caja360!.x).toBeGreaterThanOrEqual(0);
    expect(caja360!.x + caja360!.width).toBeLessThanOrEqual(360);
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await dialogo(page).getByRole('option').click();
    await expectPath(page, `/clientes/${ximena.id}`);
  });
});
