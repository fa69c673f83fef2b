import { calcularMontos } from '@cuota/shared/domain/amortizacion';
import { formatCRC } from '@cuota/shared/montos';
import type { ProductoDetalle } from '@cuota/shared/schemas/productos';
import { montosTexts } from '@cuota/shared/texts/montos';
import { json, page, productoDePrueba, renderRemotePage, solicitudDePrueba } from '@cuota/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NuevaSolicitudPage } from './nueva-solicitud-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const producto = productoDePrueba({ descripcion: 'Para lo que necesites' });
const micro: ProductoDetalle = {
  ...producto,
  id: 'p2',
  codigo: 'MIC',
  nombre: 'Microcrédito Emprendedor',
  descripcion: null,
  tasa_interes_anual: '30.00',
  metodo_amortizacion: 'capital_constante',
};

const creada = solicitudDePrueba({ numero_solicitud: 'SOL-2026-0420', monto_solicitado_centimos: 250_000_00, plazo_meses: 48 });

/** formatCRC groups with no-break spaces; toHaveTextContent compares collapsed whitespace. */
const crc = (centimos: number) => formatCRC(centimos).replace(/\s+/g, ' ');

type Handler = Parameters<typeof renderRemotePage>[2];

function handler(post: Handler = () => json(201, creada), productos: ProductoDetalle[] = [producto, micro]): Handler {
  return (url, init) => {
    if (init?.method === 'POST') return post(url, init);
    if (url.pathname === '/api/productos/activos') return json(200, { items: productos, nextCursor: null });
    return json(404, { code: 'NOT_FOUND', message: 'Recurso no encontrado' });
  };
}

function renderPage(h: Handler = handler()) {
  return renderRemotePage(
    [page(<NuevaSolicitudPage />, '/portal/nueva-solicitud'), page(<h1>Portal</h1>, '/portal')],
    '/portal/nueva-solicitud',
    h,
  );
}

const posts = (fetchMock: ReturnType<typeof renderPage>['fetchMock']) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

async function form() {
  await screen.findByRole('option', { name: 'Crédito Personal' });
  return screen.getByRole('form', { name: 'Nueva Solicitud de Crédito' });
}

/** The shared engine's 12-month schedule: what the preview must show. */
const plan12 = (principalCentimos: number, tasaAnual: string, metodo: Parameters<typeof calcularMontos>[0]['metodo']) =>
  calcularMontos({ principalCentimos, tasaAnual, plazoMeses: 12, metodo });

describe('/portal/nueva-solicitud', () => {
  it("tiene su propia barra con 'Volver al Portal' y no pide cliente", async () => {
    renderPage();
    const f = await form();
    expect(screen.getByRole('heading', { level: 1, name: 'Nueva Solicitud de Crédito' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al Portal' })).toHaveAttribute('href', '/portal');
    expect(within(f).queryByLabelText('Cliente')).toBeNull();
  });

  it('muestra los mensajes de la sección 5 junto a cada campo y no envía', async () => {
    const { user, fetchMock } = renderPage();
    const f = await form();
    await user.type(within(f).getByLabelText('Monto solicitado (₡)'), '99');
    await user.type(within(f).getByLabelText('Plazo (meses)'), '61');
    await user.click(within(f).getByRole('button', { name: 'Enviar Solicitud' }));
    const expected: [string, string][] = [
      ['Producto', 'Debe seleccionar un producto'],
      ['Monto solicitado (₡)', 'Monto mínimo 100'],
      ['Plazo (meses)', 'Plazo máximo 60 meses'],
    ];
    for (const [label, message] of expected) {
      const control = within(f).getByLabelText(label);
      await waitFor(() => expect(control).toHaveAccessibleDescription(expect.stringContaining(message)));
    }
    await user.clear(within(f).getByLabelText('Plazo (meses)'));
    await user.type(within(f).getByLabelText('Plazo (meses)'), '0');
    expect(await within(f).findByText('Plazo mínimo 1 mes')).toBeInTheDocument();
    await user.clear(within(f).getByLabelText('Plazo (meses)'));
    await user.type(within(f).getByLabelText('Plazo (meses)'), '12,5');
    expect(await within(f).findByText('El plazo debe ser un número entero de meses')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('muestra los rangos del producto como pista y la vista previa calculada con el motor compartido', async () => {
    const { user } = renderPage();
    const f = await form();
    const preview = screen.getByRole('region', { name: 'Vista previa de tu plan de pagos' });
    expect(within(preview).getByText(/Elige un producto e ingresa el monto/)).toBeInTheDocument();

    await user.selectOptions(within(f).getByLabelText('Producto'), 'p1');
    expect(within(f).getByLabelText('Producto')).toHaveAccessibleDescription(
      expect.stringMatching(/Tasa de interés anual: 24,00\u00a0%/),
    );
    expect(within(f).getByText('Rango del producto: ₡100 000,00 – ₡3 000 000,00')).toBeInTheDocument();
    expect(within(f).getByText('Plazo del producto: 3 – 36 meses')).toBeInTheDocument();

    await user.type(within(f).getByLabelText('Monto solicitado (₡)'), '250000');
    await user.type(within(f).getByLabelText('Plazo (meses)'), '12');
    const montos = plan12(250_000_00, '24.00', 'cuota_nivelada');
    const intereses = montos.reduce((s, m) => s + m.interes, 0);
    const dato = (label: string) => within(preview).getByText(label).nextElementSibling;
    expect(dato('Cuota mensual')).toHaveTextContent(crc(montos[0]!.capital + montos[0]!.interes));
    expect(dato('Total de intereses')).toHaveTextContent(crc(intereses));
    expect(dato('Total a pagar')).toHaveTextContent(crc(250_000_00 + intereses));
    const filas = within(preview).getAllByRole('row').slice(1);
    // Every cuota, the last one (the one that closes the balance) included.
    expect(filas).toHaveLength(12);
    expect(within(preview).getByText('Tus 12 cuotas')).toBeInTheDocument();
    const ultima = within(filas[11]!).getAllByRole('cell');
    expect(ultima[0]).toHaveTextContent('12');
    expect(ultima[1]).toHaveTextContent(crc(montos[11]!.capital + montos[11]!.interes));
    expect(ultima[4]).toHaveTextContent(crc(0));
    const celdas = within(filas[0]!).getAllByRole('cell');
    expect(celdas[0]).toHaveTextContent('1');
    expect(celdas[2]).toHaveTextContent(crc(montos[0]!.capital));
    expect(celdas[3]).toHaveTextContent(crc(5_000_00));
    expect(celdas[4]).toHaveTextContent(crc(montos[0]!.saldo));

    // The preview follows the amount as it is typed.
    await user.type(within(f).getByLabelText('Monto solicitado (₡)'), '0');
    const mas = plan12(2_500_000_00, '24.00', 'cuota_nivelada');
    expect(dato('Cuota mensual')).toHaveTextContent(crc(mas[0]!.capital + mas[0]!.interes));

    // Another product: its own rate and method (capital constante → 'Primera cuota').
    await user.selectOptions(within(f).getByLabelText('Producto'), 'p2');
    const cc = plan12(2_500_000_00, '30.00', 'capital_constante');
    expect(dato('Primera cuota')).toHaveTextContent(crc(cc[0]!.capital + cc[0]!.interes));
  });

  it("envía el cuerpo del portal (sin cliente), avisa 'Solicitud creada' con el número y vuelve a Mis Solicitudes", async () => {
    const { user, fetchMock, router } = renderPage();
    const f = await form();
    await user.selectOptions(within(f).getByLabelText('Producto'), 'p1');
    // Outside the product's ranges is only a hint: it is still sent.
    await user.type(within(f).getByLabelText('Monto solicitado (₡)'), '250 000,50');
    await user.type(within(f).getByLabelText('Plazo (meses)'), '48');
    expect(within(f).getAllByText(/Fuera del rango del producto/)).toHaveLength(1);
    await user.click(within(f).getByRole('button', { name: 'Enviar Solicitud' }));
    expect(await screen.findByText('Solicitud creada')).toBeInTheDocument();
    expect(screen.getByText('SOL-2026-0420')).toBeInTheDocument();
    const [url, init] = posts(fetchMock)[0] ?? [];
    expect(String(url)).toBe('http://api.test/api/portal/solicitudes');
    expect(JSON.parse(String(init?.body))).toEqual({
      producto_id: 'p1',
      monto_solicitado_centimos: 250_000_50,
      plazo_meses: 48,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal'));
    expect(router.state.location.search).toBe('?tab=solicitudes');
  });

  it('lee el monto a la costarricense mientras se escribe y envía céntimos enteros; un monto ambiguo no se envía', async () => {
    const { user, fetchMock } = renderPage();
    const f = await form();
    const monto = within(f).getByLabelText('Monto solicitado (₡)');
    await user.selectOptions(within(f).getByLabelText('Producto'), 'p1');
    await user.type(within(f).getByLabelText('Plazo (meses)'), '12');

    await user.type(monto, '1.000,000');
    expect(monto).toHaveAccessibleDescription(expect.stringContaining(montosTexts.ambiguo));
    await user.click(within(f).getByRole('button', { name: 'Enviar Solicitud' }));
    await waitFor(() => expect(monto).toHaveAttribute('aria-invalid', 'true'));
    expect(within(f).getAllByText(montosTexts.ambiguo)).toHaveLength(1);
    expect(posts(fetchMock)).toHaveLength(0);

    await user.clear(monto);
    await user.type(monto, '500.000');
    expect(monto).toHaveAccessibleDescription(expect.stringContaining(`Se registrará ${formatCRC(500_000_00)}`));
    await user.click(within(f).getByRole('button', { name: 'Enviar Solicitud' }));
    expect(await screen.findByText('Solicitud creada')).toBeInTheDocument();
    expect(JSON.parse(String(posts(fetchMock)[0]?.[1]?.body))).toMatchObject({ monto_solicitado_centimos: 500_000_00 });
  });

  it('deshabilita el envío mientras se envía', async () => {
    let responder: (r: Response) => void = () => {};
    const { user, fetchMock } = renderPage(handler(() => new Promise<Response>((resolve) => (responder = resolve))));
    const f = await form();
    await user.selectOptions(within(f).getByLabelText('Producto'), 'p1');
    await user.type(within(f).getByLabelText('Monto solicitado (₡)'), '150000');
    await user.type(within(f).getByLabelText('Plazo (meses)'), '12');
    await user.click(within(f).getByRole('button', { name: 'Enviar Solicitud' }));
    const enviando = await within(f).findByRole('button', { name: 'Enviando...' });
    expect(enviando).toBeDisabled();
    await user.click(enviando);
    expect(posts(fetchMock)).toHaveLength(1);
    responder(json(201, creada));
    expect(await screen.findByText('Solicitud creada')).toBeInTheDocument();
  });

  it("si falla, muestra 'No se pudo crear la solicitud' y conserva lo escrito", async () => {
    const { user, router } = renderPage(handler(() => new Response('boom', { status: 500 })));
    const f = await form();
    await user.selectOptions(within(f).getByLabelText('Producto'), 'p1');
    await user.type(within(f).getByLabelText('Monto solicitado (₡)'), '250000');
    await user.type(within(f).getByLabelText('Plazo (meses)'), '12');
    await user.click(within(f).getByRole('button', { name: 'Enviar Solicitud' }));
    expect(await screen.findByText('No se pudo crear la solicitud')).toBeInTheDocument();
    expect(within(f).getByLabelText('Monto solicitado (₡)')).toHaveValue('250000');
    expect(within(f).getByLabelText('Producto')).toHaveValue('p1');
    expect(within(f).getByRole('button', { name: 'Enviar Solicitud' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/portal/nueva-solicitud');
  });

  it('un 400 del servidor pone sus mensajes en los campos y el mensaje en el aviso', async () => {
    const { user } = renderPage(
      handler(() =>
        json(400, {
          code: 'VALIDATION',
          message: 'Datos inválidos: revisa los campos marcados',
          details: { producto_id: 'El producto seleccionado no existe o no está activo' },
        }),
      ),
    );
    const f = await form();
    await user.selectOptions(within(f).getByLabelText('Producto'), 'p1');
    await user.type(within(f).getByLabelText('Monto solicitado (₡)'), '250000');
    await user.type(within(f).getByLabelText('Plazo (meses)'), '12');
    await user.click(within(f).getByRole('button', { name: 'Enviar Solicitud' }));
    expect(await screen.findByText('Datos inválidos: revisa los campos marcados')).toBeInTheDocument();
    expect(within(f).getByLabelText('Producto')).toHaveAccessibleDescription(
      expect.stringContaining('El producto seleccionado no existe o no está activo'),
    );
  });

  it('sin productos activos lo dice y ofrece volver al portal', async () => {
    renderPage(handler(undefined, []));
    expect(await screen.findByText('No hay productos disponibles')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Volver al Portal' })).toHaveLength(2);
  });

  it('un error al cargar los productos ofrece reintentar', async () => {
    renderPage(() => json(500, { code: 'INTERNAL', message: 'Falla' }));
    expect(await screen.findByText('No se pudieron cargar los productos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
