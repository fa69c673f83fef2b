import { expect, test } from '@playwright/test';
import { sinScrollHorizontal } from './pantalla';
import { aprobarYDesembolsar, api, crearCliente, DEMO, expectAccessible, idToken, signIn } from './support';

/**
 * Staff screens as an analyst uses them (issue 18 §3): a filtered list lives in the URL (shared,
 * reloaded, Back), the client profile is where the work on a client starts, and the activity
 * feed is not drowned by sign-ins.
 */

test('una lista filtrada vive en la URL: la recarga la conserva y Atrás vuelve a ella', async ({ page }) => {
  await signIn(page, 'admin', DEMO.analista);
  await expect(page.getByRole('heading', { name: 'Clientes', exact: true })).toBeVisible();
  await page.getByLabel('Buscar clientes').fill(DEMO.cliente);
  await expect(page).toHaveURL(/\/clientes\?q=cliente%40demo\.cr$/);
  const fila = page.getByRole('row', { name: /Carolina Mora/ });
  await expect(fila).toHaveCount(1);

  await page.reload();
  await expect(page.getByLabel('Buscar clientes')).toHaveValue(DEMO.cliente);
  await expect(fila).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2);

  await fila.getByRole('link', { name: /^Ver Perfil/ }).click();
  await expect(page.getByRole('heading', { name: 'Carolina Mora' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/clientes\?q=cliente%40demo\.cr$/);
  await expect(page.getByLabel('Buscar clientes')).toHaveValue(DEMO.cliente);
  await expect(fila).toHaveCount(1);

  // the page: the demo has 60 clients, 25 a page; page 2's cursor is in the URL
  await page.getByLabel('Buscar clientes').fill('');
  await expect(page).toHaveURL(/\/clientes$/);
  // the whole first page is shown (header and 25 rows), not the search's result any more
  await expect(page.getByRole('row')).toHaveCount(26);
  const primeraFila = page.getByRole('row').nth(1);
  const primera = await primeraFila.textContent();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(/\/clientes\?pagina=[\w-]+$/);
  await expect(primeraFila).not.toHaveText(primera ?? '');
  const segunda = await primeraFila.textContent();
  await page.reload();
  await expect(primeraFila).toHaveText(segunda ?? '');
  await expect(page.getByRole('button', { name: 'Anterior' })).toBeEnabled();
  await page.goBack();
  await expect(primeraFila).toHaveText(primera ?? '');

  // a select filter: créditos vencidos, kept by a reload
  await page.goto('/creditos');
  await page.getByLabel('Filtrar por estado').selectOption('vencido');
  await expect(page).toHaveURL(/\/creditos\?estado=vencido$/);
  await expect(page.getByRole('row').nth(1)).toContainText('Vencido');
  await page.reload();
  await expect(page.getByLabel('Filtrar por estado')).toHaveValue('vencido');
  await expect(page.getByRole('row').nth(1)).toContainText('Vencido');
  await page.goBack();
  await expect(page).toHaveURL(/\/creditos$/);

  // a value that is not one falls back to the default, without an error
  await page.goto('/creditos?estado=borrado&pagina=%%%');
  await expect(page.getByLabel('Filtrar por estado')).toHaveValue('');
  await expect(page.getByRole('link', { name: /^Ver Detalles/ }).first()).toBeVisible();
  await expect(page.getByText('No se pudieron cargar')).toHaveCount(0);
});

test('el perfil del cliente es el centro: editar datos, Nueva solicitud con el cliente elegido, KYC y documentos, gestiones', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const { token } = await idToken(DEMO.analista);
  const cliente = await crearCliente(token, 'Valeria', `Rojas ${stamp}`, stamp);

  await signIn(page, 'admin', DEMO.analista);
  await page.goto(`/clientes/${cliente.id}`);
  await expect(page.getByRole('heading', { name: `Valeria Rojas ${stamp}` })).toBeVisible();
  await expect(page.getByText('KYC Pendiente')).toBeVisible();
  await expectAccessible(page);

  // Editar datos: a new phone and the KYC marked complete
  await page.getByRole('button', { name: 'Editar datos' }).click();
  const editar = page.getByRole('form', { name: 'Editar datos del cliente' });
  await editar.getByLabel('Teléfono').fill('+506 8765-4321');
  await editar.getByLabel('Estado del KYC').selectOption('completo');
  await expectAccessible(page);
  await editar.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Datos actualizados')).toBeVisible();
  await expect(editar).toBeHidden();
  await expect(page.getByText('KYC Completo')).toBeVisible();
  await expect(page.getByText('+506 8765-4321')).toBeVisible();

  // Nueva solicitud: the form opens with this client chosen
  await page.getByRole('link', { name: 'Nueva solicitud' }).click();
  await expect(page).toHaveURL(new RegExp(`/solicitudes\\?cliente=${cliente.id}$`));
  const form = page.getByRole('form', { name: 'Nueva Solicitud de Crédito' });
  await expect(form.getByLabel('Cliente', { exact: true })).toHaveValue(`Valeria Rojas ${stamp}`);
  await form.getByLabel('Producto').selectOption({ index: 1 });
  await form.getByLabel('Monto solicitado (₡)').fill('150.000');
  await form.getByLabel('Plazo (meses)').fill('6');
  await form.getByRole('button', { name: 'Crear Solicitud' }).click();
  await expect(page.getByText('Solicitud creada')).toBeVisible();
  // the client leaves the URL: a reload does not open the form again
  await expect(page).toHaveURL(/\/solicitudes$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Solicitudes', exact: true })).toBeVisible();
  await expect(form).toHaveCount(0);

  // back on the profile, the solicitud is there; a credit and a contact make the other sections
  await page.goBack();
  await expect(page.getByRole('heading', { name: `Valeria Rojas ${stamp}` })).toBeVisible();
  const solicitudes = await api(`/api/clientes/${cliente.id}/solicitudes`, token);
  expect(solicitudes.body.items).toHaveLength(1);
  await expect(page.getByRole('tabpanel')).toContainText(solicitudes.body.items[0].numero_solicitud);
  await api(`/api/solicitudes/${solicitudes.body.items[0].id}/analizar`, token, { method: 'POST', body: '{}' });
  const { credito } = await aprobarYDesembolsar(solicitudes.body.items[0].id);
  const gestion = await api(`/api/creditos/${credito.id}/gestiones`, token, {
    method: 'POST',
    body: JSON.stringify({ tipo: 'llamada', resultado: 'contactado', nota: `Llamada de prueba ${stamp}` }),
  });
  expect(gestion.status).toBe(201);

  await page.reload();
  await page.getByRole('tab', { name: 'KYC y documentos' }).click();
  await expect(page).toHaveURL(/pestana=kyc/);
  await expect(page.getByText('La identidad y el domicilio del cliente están verificados.')).toBeVisible();
  const contrato = page.getByRole('link', { name: `Contrato del crédito ${credito.numero_credito}` });
  await expect(contrato).toHaveAttribute('href', `/creditos/${credito.id}/contrato`);
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Gestiones de cobro' }).click();
  const gestiones = page.getByRole('list', { name: 'Gestiones de cobro' });
  await expect(gestiones.getByRole('listitem')).toHaveCount(1);
  await expect(gestiones).toContainText(`Llamada de prueba ${stamp}`);
  await expect(gestiones).toContainText(credito.numero_credito);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Gestiones de cobro' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);

  // on a phone: the sections and the actions wrap, nothing scrolls sideways
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('button', { name: 'Editar datos' })).toBeVisible();
  await sinScrollHorizontal(page);
  await expectAccessible(page);
});

test('la actividad se filtra: por defecto sin inicios de sesión, por tipo y por persona, en la URL', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  await page.goto('/monitoreo');
  const feed = page.getByRole('region', { name: 'Actividad Reciente' });
  const chips = feed.getByRole('group', { name: 'Filtrar la actividad por tipo' });
  await expect(chips.getByRole('button', { name: 'Operaciones' })).toHaveAttribute('aria-pressed', 'true');
  await expect(feed.getByRole('listitem').first()).toBeVisible();
  // signing in just now wrote an 'Inicio de sesión': the default view leaves it out
  await expect(feed.locator('li[data-tipo="login"]')).toHaveCount(0);

  await chips.getByRole('button', { name: 'Inicio de sesión' }).click();
  await expect(page).toHaveURL(/\/monitoreo\?actividad=login$/);
  await expect(feed.locator('li[data-tipo="login"]').first()).toBeVisible();
  await expect(feed.locator('li:not([data-tipo="login"])')).toHaveCount(0);
  await page.reload();
  await expect(chips.getByRole('button', { name: 'Inicio de sesión' })).toHaveAttribute('aria-pressed', 'true');
  await expect(feed.locator('li[data-tipo="login"]').first()).toBeVisible();
  await expectAccessible(page);

  // one person's activity: a name in the feed
  await feed
    .getByRole('button', { name: /^Ver solo la actividad de / })
    .first()
    .click();
  await expect(page).toHaveURL(/actividad=login&persona=/);
  await expect(chips.getByRole('button', { name: /^Quitar el filtro: / })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  await sinScrollHorizontal(page);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goBack();
  await expect(page).toHaveURL(/\/monitoreo\?actividad=login$/);
  await page.goBack();
  await expect(chips.getByRole('button', { name: 'Operaciones' })).toHaveAttribute('aria-pressed', 'true');
  await expect(feed.locator('li[data-tipo="login"]')).toHaveCount(0);
});
