import { expect, test, type Locator, type Page } from '@playwright/test';
import { crc, hoyCR, sinScrollHorizontal } from './pantalla';
import { aprobarYDesembolsar, api, DEMO, expectAccessible, expectPath, idToken, registerCustomer, signIn } from './support';

/**
 * Amounts typed the Costa Rican way (issue 13 item 4, lending-rules.md "Costa Rican formats") on
 * every amount field of both apps: each field reads 500.000, 1.000.000,50, 62.550 and 500 000 as
 * Costa Ricans mean them, says so under the field while typing ('Se registrará ₡…'), sends
 * integer céntimos and the stored record shows the same colones; an ambiguous amount is refused
 * with its reason and nothing is sent.
 */

const MONTOS: readonly { texto: string; centimos: number }[] = [
  { texto: '500.000', centimos: 500_000_00 },
  { texto: '1.000.000,50', centimos: 1_000_000_50 },
  { texto: '62.550', centimos: 62_550_00 },
  { texto: '500 000', centimos: 500_000_00 },
];
const AMBIGUO = '1.000,000';
const MENSAJE_AMBIGUO =
  'Monto ambiguo: escriba los miles con punto o espacio y hasta 2 decimales después de la coma, p. ej. 1.000.000,50 o 1 000 000,50';

const seRegistrara = (centimos: number) => `Se registrará ${crc(centimos)}`;

/** Types an amount into a field as a person does and checks the reading under that field. */
async function escribirMonto(campo: Locator, texto: string, centimos: number): Promise<void> {
  await campo.fill('');
  await campo.pressSequentially(texto);
  const lectura = `Se registrará ₡${crc(centimos).slice(1).replace(/ /g, '\\s')}`;
  await expect(campo).toHaveAccessibleDescription(new RegExp(lectura));
  // shown right under this field (its wrapper holds the label, the input and the hint)
  await expect(campo.locator('..').getByText(seRegistrara(centimos), { exact: true })).toBeVisible();
}

/** The ambiguous amount: its reason while typing, at the field after submitting, nothing sent. */
async function ambiguoRechazado(
  page: Page,
  scope: Locator,
  campo: Locator,
  enviar: Locator,
  ruta: string,
  captura?: string,
): Promise<void> {
  let enviados = 0;
  const contar = (r: { method(): string; url(): string }) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === ruta) enviados += 1;
  };
  page.on('request', contar);
  await campo.fill('');
  await campo.pressSequentially(AMBIGUO);
  await expect(scope.getByText(MENSAJE_AMBIGUO, { exact: true })).toBeVisible();
  if (captura) await page.screenshot({ path: captura, fullPage: true });
  await enviar.click();
  await expect(campo).toHaveAttribute('aria-invalid', 'true');
  await expect(scope.getByText(MENSAJE_AMBIGUO, { exact: true })).toHaveCount(1);
  page.off('request', contar);
  expect(enviados).toBe(0);
}

/** What the page sent in the next `metodo` request to `ruta` (a path or a pattern) once `accion` ran, and the answer. */
async function enviado(
  page: Page,
  metodo: string,
  ruta: string | RegExp,
  accion: () => Promise<void>,
): Promise<{ cuerpo: Record<string, unknown>; respuesta: Record<string, unknown> }> {
  const coincide = (path: string) => (typeof ruta === 'string' ? path === ruta : ruta.test(path));
  const peticion = page.waitForRequest((r) => r.method() === metodo && coincide(new URL(r.url()).pathname));
  await accion();
  const request = await peticion;
  const response = await request.response();
  return {
    cuerpo: JSON.parse(request.postData() ?? '{}') as Record<string, unknown>,
    respuesta: ((await response?.json().catch(() => null)) ?? {}) as Record<string, unknown>,
  };
}

async function productoActivo(token: string): Promise<{ id: string; nombre: string }> {
  const productos = await api('/api/productos/activos', token);
  expect(productos.status).toBe(200);
  return productos.body.items.find((p: { codigo: string }) => p.codigo === 'PERS-01') ?? productos.body.items[0];
}

test('portal, 360 px: la solicitud lee 500.000, 1.000.000,50, 62.550 y 500 000 al escribirlos y guarda esos colones', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const cliente = await registerCustomer('Montserrat', 'Solano');
  const producto = await productoActivo(cliente.token);
  await signIn(page, 'login', cliente.email, cliente.password);

  for (const [i, { texto, centimos }] of MONTOS.entries()) {
    await page.goto('/portal/nueva-solicitud');
    const form = page.getByRole('form', { name: 'Nueva Solicitud de Crédito' });
    const monto = form.getByLabel('Monto solicitado (₡)');
    await form.getByLabel('Producto').selectOption(producto.id);
    await form.getByLabel('Plazo (meses)').fill('12');
    if (i === 0) {
      // The reading follows each keystroke: 500.00 is still five hundred, 500.000 is half a million.
      await monto.pressSequentially('500.00');
      await expect(form.getByText(seRegistrara(500_00), { exact: true })).toBeVisible();
      await ambiguoRechazado(
        page,
        form,
        monto,
        form.getByRole('button', { name: 'Enviar Solicitud' }),
        '/api/portal/solicitudes',
        '../test-results/montos-solicitud-ambiguo-escribiendo-360.png',
      );
      await page.screenshot({ path: '../test-results/montos-solicitud-ambiguo-360.png', fullPage: true });
    }
    await escribirMonto(monto, texto, centimos);
    await sinScrollHorizontal(page);
    if (i === 1) {
      await expectAccessible(page);
      await page.screenshot({ path: '../test-results/montos-solicitud-360.png', fullPage: true });
    }
    const { cuerpo } = await enviado(page, 'POST', '/api/portal/solicitudes', () =>
      form.getByRole('button', { name: 'Enviar Solicitud' }).click(),
    );
    expect(cuerpo).toMatchObject({ producto_id: producto.id, monto_solicitado_centimos: centimos, plazo_meses: 12 });
    await expect(page.getByText('Solicitud creada').first()).toBeVisible();
    await expectPath(page, '/portal?tab=solicitudes');
  }

  // Stored as typed, and shown so in Mis Solicitudes.
  const propias = await api('/api/portal/solicitudes', cliente.token);
  expect(propias.status).toBe(200);
  expect((propias.body.items as { monto_solicitado_centimos: number }[]).map((s) => s.monto_solicitado_centimos).sort()).toEqual(
    MONTOS.map((m) => m.centimos).sort(),
  );
  const lista = page.getByRole('list', { name: 'Mis Solicitudes' });
  await expect(lista.getByRole('listitem')).toHaveCount(MONTOS.length);
  await expect(lista.getByText('₡500 000,00')).toHaveCount(2);
  await expect(lista.getByText('₡1 000 000,50')).toHaveCount(1);
  await expect(lista.getByText('₡62 550,00')).toHaveCount(1);
  await sinScrollHorizontal(page);

  // The same form at 1280 px, with the reading under the field.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/portal/nueva-solicitud');
  const form = page.getByRole('form', { name: 'Nueva Solicitud de Crédito' });
  await form.getByLabel('Producto').selectOption(producto.id);
  await form.getByLabel('Plazo (meses)').fill('12');
  await escribirMonto(form.getByLabel('Monto solicitado (₡)'), '1.000.000,50', 1_000_000_50);
  await page.screenshot({ path: '../test-results/montos-solicitud-1280.png', fullPage: true });
});

test('portal: Reportar Pago y Pagar con Tarjeta leen los cuatro montos y registran esos colones', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const admin = (await idToken(DEMO.admin)).token;
  const cliente = await registerCustomer('Marcela', 'Quirós');
  const producto = await productoActivo(cliente.token);
  // A ₡2 500 000 credit of her own, so every amount fits what it owes.
  const solicitud = await api('/api/portal/solicitudes', cliente.token, {
    method: 'POST',
    body: JSON.stringify({ producto_id: producto.id, monto_solicitado_centimos: 2_500_000_00, plazo_meses: 24 }),
  });
  expect(solicitud.status, JSON.stringify(solicitud.body)).toBe(201);
  const creditoId = (await aprobarYDesembolsar(solicitud.body.id)).credito.id as string;

  const configuracion = await api('/api/configuracion', admin);
  const previo =
    (configuracion.body.items as { clave: string; valor: string }[]).find((c) => c.clave === 'allow_credit_card_payments')
      ?.valor ?? 'false';
  const tarjeta = (valor: string) =>
    api('/api/configuracion/allow_credit_card_payments', admin, { method: 'PUT', body: JSON.stringify({ valor }) });
  expect((await tarjeta('true')).status).toBe(200);
  try {
    await signIn(page, 'login', cliente.email, cliente.password);
    const abrir = async () => {
      await page.getByRole('tab', { name: 'Mis Créditos' }).click();
      await page.getByRole('button', { name: 'Realizar Pago' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Realizar Pago' });
      await expect(dialog).toBeVisible();
      return dialog;
    };

    for (const [i, { texto, centimos }] of MONTOS.entries()) {
      const dialog = await abrir();
      const form = dialog.getByRole('form', { name: 'Reportar Pago' });
      const monto = form.getByLabel('Monto (₡)');
      if (i === 0) {
        await ambiguoRechazado(page, form, monto, form.getByRole('button', { name: 'Reportar Pago' }), '/api/portal/pagos');
      }
      await escribirMonto(monto, texto, centimos);
      const canal = form.getByLabel('Canal de pago');
      await expect(canal.locator('option')).not.toHaveCount(1);
      await canal.selectOption({ index: 1 });
      await form.getByLabel('Referencia del comprobante').fill(`MONTO-${i}-${Date.now().toString(36)}`);
      if (i === 1) await page.screenshot({ path: '../test-results/montos-reportar-pago-1280.png' });
      const { cuerpo } = await enviado(page, 'POST', '/api/portal/pagos', () =>
        form.getByRole('button', { name: 'Reportar Pago' }).click(),
      );
      expect(cuerpo).toMatchObject({ credito_id: creditoId, monto_centimos: centimos, fecha_pago: hoyCR() });
      await expect(page.getByText('Pago reportado exitosamente').first()).toBeVisible();
      await expect(dialog).toBeHidden();
    }

    for (const { texto, centimos } of MONTOS) {
      const dialog = await abrir();
      await dialog.getByRole('tab', { name: 'Pagar con Tarjeta' }).click();
      const form = dialog.getByRole('form', { name: 'Pagar con Tarjeta' });
      await escribirMonto(form.getByLabel('Monto (₡)'), texto, centimos);
      await form.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
      await form.getByLabel('Nombre del titular').fill('Marcela Quirós');
      await form.getByLabel('Mes (MM)').fill('12');
      await form.getByLabel('Año (AA)').fill('39');
      await form.getByLabel('CVV').fill('123');
      const { cuerpo } = await enviado(page, 'POST', '/api/portal/pagos/tarjeta', () =>
        form.getByRole('button', { name: 'Pagar', exact: true }).click(),
      );
      expect(cuerpo).toEqual({ credito_id: creditoId, monto_centimos: centimos, tarjeta_ultimos4: '4242' });
      await expect(page.getByText('Pago procesado').first()).toBeVisible();
      await expect(dialog).toBeHidden();
    }
  } finally {
    await tarjeta(previo);
  }

  // Stored: four reported and four card payments, each of the colones typed, listed so in Mis Pagos.
  const pagos = await api('/api/portal/pagos?limit=100', cliente.token);
  expect(pagos.status).toBe(200);
  const items = pagos.body.items as { monto_centimos: number; canal: string }[];
  const esperados = MONTOS.map((m) => m.centimos).sort();
  expect(
    items
      .filter((p) => p.canal !== 'tarjeta_credito')
      .map((p) => p.monto_centimos)
      .sort(),
  ).toEqual(esperados);
  expect(
    items
      .filter((p) => p.canal === 'tarjeta_credito')
      .map((p) => p.monto_centimos)
      .sort(),
  ).toEqual(esperados);
  await page.getByRole('tab', { name: 'Mis Pagos' }).click();
  await expect(page.getByRole('row').filter({ hasText: '₡500 000,00' })).toHaveCount(4);
  await expect(page.getByRole('row').filter({ hasText: '₡1 000 000,50' })).toHaveCount(2);
  await expect(page.getByRole('row').filter({ hasText: '₡62 550,00' })).toHaveCount(2);
});

test('admin: la solicitud del personal y los límites del producto leen los cuatro montos y los guardan así', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const cliente = await registerCustomer('Rebeca', 'Araya');
  const admin = (await idToken(DEMO.admin)).token;
  await signIn(page, 'admin', DEMO.admin);

  // Staff solicitud for a customer.
  await page.goto('/solicitudes');
  for (const [i, { texto, centimos }] of MONTOS.entries()) {
    await page.getByRole('button', { name: 'Nueva Solicitud' }).click();
    const form = page.getByRole('form', { name: 'Nueva Solicitud de Crédito' });
    await form.getByRole('combobox', { name: 'Cliente' }).fill(cliente.email);
    await form.getByRole('option').filter({ hasText: cliente.email }).click();
    await form.getByLabel('Producto').selectOption({ index: 1 });
    await form.getByLabel('Plazo (meses)').fill('12');
    const monto = form.getByLabel('Monto solicitado (₡)');
    if (i === 0) {
      await ambiguoRechazado(page, form, monto, form.getByRole('button', { name: 'Crear Solicitud' }), '/api/solicitudes');
    }
    await escribirMonto(monto, texto, centimos);
    if (i === 1) await page.screenshot({ path: '../test-results/montos-solicitud-personal-1280.png' });
    const { cuerpo } = await enviado(page, 'POST', '/api/solicitudes', () =>
      form.getByRole('button', { name: 'Crear Solicitud' }).click(),
    );
    expect(cuerpo).toMatchObject({ cliente_id: cliente.clienteId, monto_solicitado_centimos: centimos, plazo_meses: 12 });
    await expect(page.getByText('Solicitud creada').first()).toBeVisible();
    await expect(form).toBeHidden();
  }
  const suyas = await api('/api/portal/solicitudes', cliente.token);
  expect((suyas.body.items as { monto_solicitado_centimos: number }[]).map((s) => s.monto_solicitado_centimos).sort()).toEqual(
    MONTOS.map((m) => m.centimos).sort(),
  );
  const filas = page.getByRole('row').filter({ hasText: 'Rebeca Araya' });
  await expect(filas.filter({ hasText: '₡1 000 000,50' })).toHaveCount(1);
  await expect(filas.filter({ hasText: '₡62 550,00' })).toHaveCount(1);

  // Product limits: every value read in both fields; saved as typed on create and on edit.
  await page.goto('/productos');
  await page.getByRole('button', { name: 'Nuevo Producto' }).click();
  let form = page.getByRole('form', { name: 'Crear Nuevo Producto' });
  const minimo = () => form.getByLabel('Monto mínimo (₡)');
  const maximo = () => form.getByLabel('Monto máximo (₡)');
  for (const { texto, centimos } of MONTOS) {
    await escribirMonto(minimo(), texto, centimos);
    await escribirMonto(maximo(), texto, centimos);
  }
  await ambiguoRechazado(page, form, maximo(), form.getByRole('button', { name: 'Guardar' }), '/api/productos');
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const nombre = `Montos E2E ${stamp}`;
  await form.getByLabel('Código').fill(`MNT-${stamp}`);
  await form.getByLabel('Nombre').fill(nombre);
  await escribirMonto(minimo(), '62.550', 62_550_00);
  await escribirMonto(maximo(), '1.000.000,50', 1_000_000_50);
  await form.getByLabel('Plazo mínimo (meses)').fill('3');
  await form.getByLabel('Plazo máximo (meses)').fill('24');
  await form.getByLabel('Tasa de interés anual (%)').fill('24,5');
  await page.screenshot({ path: '../test-results/montos-producto-1280.png' });
  const creado = await enviado(page, 'POST', '/api/productos', () => form.getByRole('button', { name: 'Guardar' }).click());
  expect(creado.cuerpo).toMatchObject({
    monto_minimo_centimos: 62_550_00,
    monto_maximo_centimos: 1_000_000_50,
    tasa_interes_anual: '24.50',
  });
  const productoId = creado.respuesta.id as string;
  await expect(page.getByText('Producto creado')).toBeVisible();
  const fila = page.getByRole('row', { name: new RegExp(nombre) });
  await expect(fila).toContainText('₡62 550,00 – ₡1 000 000,50');
  await expect(fila).toContainText('24,50 %');

  await fila.getByRole('button', { name: `Editar: ${nombre}` }).click();
  form = page.getByRole('form', { name: 'Editar Producto' });
  await expect(minimo()).toHaveValue('62550');
  await expect(maximo()).toHaveValue('1000000.50');
  await expect(form.getByText(seRegistrara(1_000_000_50), { exact: true })).toBeVisible();
  await expect(form.getByLabel('Tasa de interés anual (%)')).toHaveValue('24,50');
  await escribirMonto(minimo(), '500 000', 500_000_00);
  await escribirMonto(maximo(), '500.000', 500_000_00);
  const editado = await enviado(page, 'PUT', `/api/productos/${productoId}`, () =>
    form.getByRole('button', { name: 'Guardar' }).click(),
  );
  expect(editado.cuerpo).toMatchObject({ monto_minimo_centimos: 500_000_00, monto_maximo_centimos: 500_000_00 });
  await expect(page.getByText('Producto actualizado')).toBeVisible();
  await expect(fila).toContainText('₡500 000,00 – ₡500 000,00');
  const guardado = (await api('/api/productos?limit=100', admin)).body.items.find((p: { id: string }) => p.id === productoId);
  expect(guardado).toMatchObject({ monto_minimo_centimos: 500_000_00, monto_maximo_centimos: 500_000_00 });

  // Leave the active catalogue as it was for the other specs.
  const baja = await api(`/api/productos/${productoId}`, admin, { method: 'PATCH', body: JSON.stringify({ activo: false }) });
  expect(baja.status).toBe(200);
});
