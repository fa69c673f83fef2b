import { expect, test } from '@playwright/test';
import { crc, hoyCR, masDias, sinScrollHorizontal } from './pantalla';
import { api, DEMO, expectAccessible, idToken, signIn } from './support';

/**
 * Gestión de cobro on the staff credit detail (issue 16 §1): the collector calls or writes on
 * WhatsApp with one tap (the message carries the amount to catch up), records the contact and a
 * payment promise typed as '50.000', sees the promise with its state, and the customer gets the
 * promise in the portal's notifications, live.
 */

interface CreditoEnMora {
  id: string;
  numero_credito: string;
  estado: string;
  deuda: { monto_al_dia_centimos: number };
}

for (const ancho of [1280, 360]) {
  test(`gestión de cobro (${ancho} px): llamar y WhatsApp con el monto al día, gestión y promesa desde el detalle; la clienta recibe la promesa`, async ({
    page,
    browser,
  }) => {
    const alto = ancho === 360 ? 780 : 900;
    await page.setViewportSize({ width: ancho, height: alto });
    const cliente = await idToken(DEMO.cliente);
    const lista = await api('/api/portal/creditos?limit=100', cliente.token);
    const credito = (lista.body.items as CreditoEnMora[]).find((c) => c.estado === 'vencido')!;
    expect(credito, 'la clienta demo tiene un crédito en mora').toBeDefined();
    const cobrador = (await idToken(DEMO.cobrador)).token;
    const detalle = await api(`/api/creditos/${credito.id}`, cobrador);
    expect(detalle.status).toBe(200);
    const alDia = detalle.body.deuda.monto_al_dia_centimos as number;
    expect(alDia).toBeGreaterThan(0);
    const digitos = String(detalle.body.cliente.telefono).replace(/\D/g, '').slice(-8);

    // the customer is on the portal's notifications when the promise is made
    const portal = await (await browser.newContext()).newPage();
    await portal.setViewportSize({ width: ancho, height: alto });
    await signIn(portal, 'login', DEMO.cliente);
    await portal.goto('/portal?tab=notificaciones');
    await expect(portal.getByRole('tabpanel')).toBeVisible();

    await signIn(page, 'admin', DEMO.cobrador);
    await page.goto(`/creditos/${credito.id}`);
    const card = page.getByRole('region', { name: 'Gestión de cobro' });
    await expect(card).toBeVisible();
    const alDiaTexto = await card.getByText('Para ponerse al día', { exact: true }).locator('..').textContent();
    expect((alDiaTexto ?? '').replace(/\s/g, ' ')).toContain(crc(alDia));

    // one tap: tel: and WhatsApp with the catch-up amount in the message
    await expect(card.getByRole('link', { name: 'Llamar' })).toHaveAttribute('href', `tel:+506${digitos}`);
    const wa = (await card.getByRole('link', { name: 'WhatsApp' }).getAttribute('href'))!;
    expect(wa.startsWith(`https://wa.me/506${digitos}?text=`)).toBe(true);
    const mensaje = decodeURIComponent(wa.split('?text=')[1]!).replace(/\s/g, ' ');
    expect(mensaje).toContain(credito.numero_credito);
    expect(mensaje).toContain(crc(alDia));

    // a contact
    const nota = `Cliente atiende por WhatsApp ${Date.now().toString(36)}`;
    const gestionForm = card.getByRole('form', { name: 'Registrar gestión' });
    await gestionForm.getByLabel('Tipo', { exact: true }).selectOption('whatsapp');
    await gestionForm.getByLabel('Resultado', { exact: true }).selectOption('promesa');
    await gestionForm.getByLabel('Nota', { exact: true }).fill(nota);
    const gestion = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/gestiones'));
    await gestionForm.getByRole('button', { name: 'Guardar gestión' }).click();
    expect((await gestion).status()).toBe(201);
    const historial = card.getByRole('list', { name: 'Historial de gestiones' });
    await expect(historial.getByRole('listitem').first()).toContainText(nota);
    await expect(historial.getByRole('listitem').first()).toContainText('WhatsApp');
    await expect(historial.getByRole('listitem').first()).toContainText('Promesa de pago');

    // a promise: date picker and the amount as typed in Costa Rica
    const fecha = masDias(hoyCR(), 5);
    const promesaForm = card.getByRole('form', { name: 'Registrar promesa' });
    await promesaForm.getByLabel('Fecha prometida').fill(fecha);
    await promesaForm.getByLabel('Monto prometido').fill('50.000');
    await expect(promesaForm.getByText(/^Se registrará ₡50\s000,00$/)).toBeVisible();
    const promesa = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/promesas'));
    await promesaForm.getByRole('button', { name: 'Registrar promesa' }).click();
    const respuesta = await promesa;
    expect(respuesta.status()).toBe(201);
    expect(JSON.parse(respuesta.request().postData() ?? '{}')).toEqual({ fecha, monto_centimos: 5_000_000 });
    const actual = card.getByTestId('promesa-actual');
    await expect(actual).toContainText(crc(5_000_000));
    await expect(actual.getByText('Pendiente', { exact: true })).toBeVisible();

    await card.scrollIntoViewIfNeeded();
    await sinScrollHorizontal(page);
    await card.screenshot({ path: test.info().outputPath(`gestion-cobro-${ancho}.png`) });
    await expectAccessible(page);

    // the customer: live on the notifications tab, without reload
    await expect(
      portal
        .getByRole('tabpanel')
        .getByRole('button', { name: /Promesa de pago registrada/ })
        .first(),
    ).toBeVisible({
      timeout: 5_000,
    });
    const avisos = await api('/api/notificaciones?limit=10', cliente.token);
    const aviso = (avisos.body.items as { titulo: string; mensaje: string }[]).find(
      (n) => n.titulo === 'Promesa de pago registrada',
    )!;
    expect(aviso.mensaje.replace(/\s/g, ' ')).toContain(crc(5_000_000));
    expect(aviso.mensaje).toContain(fecha.split('-').reverse().join('/'));
    await portal.screenshot({ path: test.info().outputPath(`gestion-cobro-portal-${ancho}.png`) });
    await portal.context().close();
  });
}
