import { formatCRC } from '@cuota/shared/montos';
import type { Solicitud } from '@cuota/shared/schemas/lending';
import type { SolicitudDetalle } from '@cuota/shared/schemas/solicitudes';
import { montosTexts } from '@cuota/shared/texts/montos';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productoDePrueba } from '@cuota/shared/testing';
import { clienteDePrueba, json, page, renderRemotePage, solicitudDePrueba } from '../../../test/render';
import { SolicitudDetallePage } from './solicitud-detalle-page';
import { SolicitudesPage } from './solicitudes-page';

const perm = vi.hoisted(() => ({ puede: true }));
vi.mock('@cuota/shared/web', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@cuota/shared/web')>()),
  useTieneRol: () => perm.puede,
}));

beforeEach(() => {
  perm.puede = true;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const base = solicitudDePrueba();
const enAnalisis: Solicitud = {
  ...base,
  id: 's2',
  numero_solicitud: 'SOL-2026-0002',
  estado: 'en_analisis',
  score: 712,
  riesgo_calculado: 'bajo',
};
const aprobada: Solicitud = {
  ...base,
  id: 's3',
  numero_solicitud: 'SOL-2026-0003',
  estado: 'aprobado',
  score: 690,
  riesgo_calculado: 'medio',
};

const desembolsada: Solicitud = {
  ...base,
  id: 's4',
  numero_solicitud: 'SOL-2026-0004',
  estado: 'desembolsado',
  score: 690,
  riesgo_calculado: 'medio',
};

const cliente = clienteDePrueba({
  user_id: null,
  telefono: null,
  identidad_numero: '1-1111-1111',
  fecha_nacimiento: '1990-01-01',
  direccion: 'San José, Barrio Escalante',
  ciudad: 'San José',
  kyc_completado: true,
});
const producto = productoDePrueba();

type Handler = Parameters<typeof renderRemotePage>[2];

/** The list, the client picker and the product list; `extra` answers the rest (POSTs). */
function listHandler(items: Solicitud[], extra?: Handler): Handler {
  return (url, init) => {
    if (init?.method === 'POST' && extra) return extra(url, init);
    if (url.pathname === '/api/clientes') return json(200, { items: [cliente], nextCursor: null });
    if (url.pathname === '/api/productos/activos') return json(200, { items: [producto], nextCursor: null });
    return json(200, { items, nextCursor: null });
  };
}

function renderLista(handler: Handler) {
  return renderRemotePage(
    [page(<SolicitudesPage />, '/solicitudes'), page(<h1>Detalle</h1>, '/solicitudes/:id')],
    '/solicitudes',
    handler,
  );
}

const posts = (fetchMock: ReturnType<typeof renderLista>['fetchMock']) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('lista de solicitudes', () => {
  it('muestra cliente, estado, riesgo, score, monto en colones, plazo y las acciones según el estado', async () => {
    renderLista(listHandler([base, enAnalisis, aprobada, desembolsada]));
    const row = (await screen.findByText('SOL-2026-0001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Ana Mora')).toBeInTheDocument();
    // Estado and monto also repeat under the name for small screens.
    expect(within(row).getAllByText('Enviado')).toHaveLength(2);
    expect(within(row).getAllByText('₡150 000,00')).toHaveLength(2);
    expect(within(row).getAllByText(/12 meses/).length).toBeGreaterThan(0);
    for (const accion of ['Aprobar', 'Analizar', 'Rechazar'])
      expect(within(row).getByRole('button', { name: new RegExp(`^${accion}`) })).toBeInTheDocument();

    const analisis = screen.getByText('SOL-2026-0002').closest('tr') as HTMLElement;
    expect(within(analisis).getAllByText('En Análisis').length).toBeGreaterThan(0);
    expect(within(analisis).getAllByText('Riesgo Bajo').length).toBeGreaterThan(0);
    expect(within(analisis).getByText('712')).toBeInTheDocument();
    expect(within(analisis).queryByRole('button', { name: /^Analizar/ })).toBeNull();
    expect(within(analisis).getByRole('button', { name: /^Aprobar/ })).toBeInTheDocument();

    // approved, not yet disbursed: disburse or cancel the approval
    const pendiente = screen.getByText('SOL-2026-0003').closest('tr') as HTMLElement;
    expect(within(pendiente).getByRole('button', { name: /^Desembolsar/ })).toBeInTheDocument();
    expect(within(pendiente).getByRole('button', { name: /^Cancelar aprobación/ })).toBeInTheDocument();
    expect(within(pendiente).queryByRole('button', { name: /^Aprobar/ })).toBeNull();

    const fin = screen.getByText('SOL-2026-0004').closest('tr') as HTMLElement;
    expect(within(fin).getAllByText('Desembolsado').length).toBeGreaterThan(0);
    expect(within(fin).queryByRole('button')).toBeNull();
    expect(within(fin).getByRole('link', { name: /^Ver Detalles/ })).toHaveAttribute('href', '/solicitudes/s4');
  });

  it("muestra 'No hay solicitudes registradas' y filtra por estado en el servidor", async () => {
    const { fetchMock, user } = renderLista(listHandler([]));
    expect(await screen.findByText('No hay solicitudes registradas')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Filtrar por estado'), 'rechazado');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => new URL(String(url)).searchParams.get('estado') === 'rechazado')).toBe(true),
    );
    await user.selectOptions(screen.getByLabelText('Filtrar por estado'), 'pendientes');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => new URL(String(url)).searchParams.get('pendientes') === 'true')).toBe(true),
    );
  });

  it('sin rol de escritura (cobrador) no hay botón de crear ni acciones', async () => {
    perm.puede = false;
    renderLista(listHandler([base]));
    const row = (await screen.findByText('SOL-2026-0001')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button')).toBeNull();
    expect(within(row).getByRole('link', { name: /^Ver Detalles/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nueva Solicitud' })).toBeNull();
  });

  it("rechaza tras '¿Rechazar solicitud?' con el motivo fijo", async () => {
    const { fetchMock, user } = renderLista(
      listHandler([base], () => json(200, { success: true, message: 'ok', solicitud: undefined })),
    );
    const row = (await screen.findByText('SOL-2026-0001')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^Rechazar/ }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Rechazar solicitud?' });
    expect(posts(fetchMock)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Solicitud rechazada')).toBeInTheDocument();
    const [url, init] = posts(fetchMock)[0] ?? [];
    expect(String(url)).toBe('http://api.test/api/solicitudes/s1/rechazar');
    expect(JSON.parse(String(init?.body))).toEqual({ motivo: 'Rechazado por el analista' });
  });

  it('un 409 del análisis muestra el error de la RPC; un 403 el mensaje de permisos', async () => {
    let status = 409;
    const { user } = renderLista(
      listHandler([base], () =>
        status === 409
          ? json(409, {
              success: false,
              code: 'ESTADO_NO_PERMITE',
              error: 'La solicitud SOL-2026-0001 está en estado aprobado: no se puede analizar',
              message: 'La solicitud SOL-2026-0001 está en estado aprobado: no se puede analizar',
            })
          : new Response('', { status: 403 }),
      ),
    );
    const row = (await screen.findByText('SOL-2026-0001')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^Analizar/ }));
    expect(await screen.findByText(/está en estado aprobado: no se puede analizar/)).toBeInTheDocument();
    status = 403;
    await user.click(within(row).getByRole('button', { name: /^Aprobar/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Aprobar solicitud SOL-2026-0001/ });
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('No tienes permisos para realizar esta acción')).toBeInTheDocument();
  });

  it("aprueba con el monto escrito '120.000' (≤ solicitado), plazo, producto y condiciones; no crea crédito", async () => {
    const { fetchMock, user } = renderLista(
      listHandler([base], () => json(200, { success: true, message: 'Solicitud aprobada', solicitud: undefined })),
    );
    const row = (await screen.findByText('SOL-2026-0001')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^Aprobar/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Aprobar solicitud SOL-2026-0001/ });
    const monto = within(dialog).getByLabelText('Monto aprobado (₡)');
    expect(monto).toHaveValue('150000');
    await user.clear(monto);
    await user.type(monto, '200.000');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    expect(await within(dialog).findByText(/no puede superar el solicitado/)).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
    await user.clear(monto);
    await user.type(monto, '120.000');
    await user.clear(within(dialog).getByLabelText('Plazo (meses)'));
    await user.type(within(dialog).getByLabelText('Plazo (meses)'), '10');
    await user.type(within(dialog).getByLabelText('Condiciones (opcional)'), 'Con fiador');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('Solicitud aprobada')).toBeInTheDocument();
    const [url, init] = posts(fetchMock)[0] ?? [];
    expect(String(url)).toBe('http://api.test/api/solicitudes/s1/aprobar');
    expect(JSON.parse(String(init?.body))).toEqual({
      monto_aprobado_centimos: 120_000_00,
      plazo_meses: 10,
      producto_id: base.producto_id,
      condiciones: 'Con fiador',
    });
  });

  it('desembolsa tras confirmar monto, neto, cuota, primer vencimiento e interés del primer periodo, con Idempotency-Key', async () => {
    const detalle: SolicitudDetalle = {
      ...aprobada,
      producto_id: 'p1',
      monto_aprobado_centimos: 1_000_000_00,
      plazo_aprobado_meses: 12,
      producto_aprobado_id: 'p1',
      factores: [],
      credito_id: null,
      numero_credito: null,
      cliente: { ...cliente, kyc_completado: false },
      producto: null,
    };
    const { fetchMock, user } = renderLista((url, init) => {
      if (init?.method === 'POST')
        return json(200, { success: true, message: 'Crédito desembolsado', solicitud: undefined, credito: undefined });
      if (url.pathname === '/api/solicitudes/s3') return json(200, detalle);
      if (url.pathname === '/api/productos/activos')
        return json(200, {
          items: [producto],
          nextCursor: null,
        });
      return json(200, { items: [aprobada], nextCursor: null });
    });
    const row = (await screen.findByText('SOL-2026-0003')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^Desembolsar/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Desembolsar solicitud SOL-2026-0003/ });
    // ₡1 000 000 at 24 % over 12 months: the level cuota is ₡94 559,60 (lending-rules.md)
    expect(await within(dialog).findByText('₡94 559,60')).toBeInTheDocument();
    expect(within(dialog).getAllByText('₡1 000 000,00').length).toBeGreaterThanOrEqual(2);
    expect(within(dialog).getByText('Desembolso bloqueado')).toBeInTheDocument();
    expect(within(dialog).getByText('El KYC del cliente está pendiente.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Canal de desembolso'), 'sinpe_movil');
    await user.type(within(dialog).getByLabelText('Teléfono SINPE Móvil'), '8888-1234');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar desembolso' }));
    expect(await within(dialog).findByText('El motivo de la excepción debe tener al menos 10 caracteres')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Motivo de la excepción/), 'KYC en trámite con el banco');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar desembolso' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [url, init] = posts(fetchMock)[0]!;
    expect(String(url)).toBe('http://api.test/api/solicitudes/s3/desembolsar');
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(init?.body))).toMatchObject({
      canal_desembolso: 'sinpe_movil',
      cuenta_destino: '8888-1234',
      override_motivo: 'KYC en trámite con el banco',
      fecha_primer_vencimiento: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('cancela una aprobación con motivo', async () => {
    const { fetchMock, user } = renderLista(
      listHandler([aprobada], () => json(200, { success: true, message: 'Aprobación cancelada', solicitud: undefined })),
    );
    const row = (await screen.findByText('SOL-2026-0003')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^Cancelar aprobación/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Cancelar la aprobación de SOL-2026-0003/ });
    await user.type(within(dialog).getByLabelText('Motivo'), 'El cliente desistió');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar aprobación' }));
    expect(await screen.findByText('Aprobación cancelada')).toBeInTheDocument();
    const [url, init] = posts(fetchMock)[0] ?? [];
    expect(String(url)).toBe('http://api.test/api/solicitudes/s3/cancelar');
    expect(JSON.parse(String(init?.body))).toEqual({ motivo: 'El cliente desistió' });
  });
});

describe('formulario Nueva Solicitud', () => {
  async function openForm(user: ReturnType<typeof renderLista>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Nueva Solicitud' }));
    return screen.getByRole('form', { name: 'Nueva Solicitud de Crédito' });
  }

  /** The client picker searches: type part of the name, pick the result. */
  async function elegirCliente(user: ReturnType<typeof renderLista>['user'], form: HTMLElement) {
    await user.type(within(form).getByRole('combobox', { name: 'Cliente' }), 'mor');
    await user.click(await within(form).findByRole('option', { name: /Ana Mora/ }));
  }

  it('el selector de cliente busca lo escrito en vez de listar clientes, y elegir uno lo deja en la caja', async () => {
    const { user, fetchMock } = renderLista(listHandler([]));
    const form = await openForm(user);
    const caja = within(form).getByRole('combobox', { name: 'Cliente' });
    await within(form).findByRole('option', { name: /Crédito Personal/ });
    const lecturasDeClientes = () =>
      fetchMock.mock.calls.map(([url]) => new URL(String(url))).filter((u) => u.pathname === '/api/clientes');
    expect(lecturasDeClientes()).toEqual([]);
    await user.type(caja, 'gmail');
    const opcion = await within(form).findByRole('option', { name: /Ana Mora/ });
    expect(lecturasDeClientes().map((u) => Object.fromEntries(u.searchParams))).toEqual([{ q: 'gmail', limit: '10' }]);
    await user.keyboard('{ArrowDown}');
    expect(caja).toHaveAttribute('aria-activedescendant', opcion.id);
    await user.keyboard('{Enter}');
    expect(caja).toHaveValue('Ana Mora');
    expect(caja).toHaveAccessibleDescription(expect.stringContaining('Cliente elegido: Ana Mora'));
    expect(within(form).queryByRole('listbox')).not.toBeInTheDocument();
    // typing again drops the choice: the error says a client is missing
    await user.type(caja, 'x');
    await user.click(within(form).getByRole('button', { name: 'Crear Solicitud' }));
    await waitFor(() => expect(caja).toHaveAccessibleDescription(expect.stringContaining('Debe seleccionar un cliente')));
  });

  it('muestra los mensajes de la sección 5 junto a cada campo y no envía', async () => {
    const { user, fetchMock } = renderLista(listHandler([]));
    const form = await openForm(user);
    await user.type(within(form).getByLabelText('Monto solicitado (₡)'), '99');
    await user.type(within(form).getByLabelText('Plazo (meses)'), '61');
    await user.click(within(form).getByRole('button', { name: 'Crear Solicitud' }));
    const expected: [string, string][] = [
      ['Cliente', 'Debe seleccionar un cliente'],
      ['Producto', 'Debe seleccionar un producto'],
      ['Monto solicitado (₡)', 'Monto mínimo 100'],
      ['Plazo (meses)', 'Plazo máximo 60 meses'],
    ];
    for (const [label, message] of expected) {
      const control = within(form).getByLabelText(label);
      await waitFor(() => expect(control).toHaveAccessibleDescription(expect.stringContaining(message)));
    }
    await user.clear(within(form).getByLabelText('Plazo (meses)'));
    await user.type(within(form).getByLabelText('Plazo (meses)'), '0');
    await user.click(within(form).getByRole('button', { name: 'Crear Solicitud' }));
    expect(await within(form).findByText('Plazo mínimo 1 mes')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("envía el monto en céntimos, muestra los rangos del producto como pista y avisa 'Solicitud creada'", async () => {
    const { user, fetchMock } = renderLista(listHandler([], () => json(201, { ...base, numero_solicitud: 'SOL-2026-0420' })));
    const form = await openForm(user);
    await elegirCliente(user, form);
    await within(form).findByRole('option', { name: /Crédito Personal/ });
    await user.selectOptions(within(form).getByLabelText('Producto'), 'p1');
    expect(within(form).getByText('Rango del producto: ₡100 000,00 – ₡3 000 000,00')).toBeInTheDocument();
    // Typed the Costa Rican way, read back under the field while typing.
    const monto = within(form).getByLabelText('Monto solicitado (₡)');
    await user.type(monto, '1.000.000,50');
    expect(monto).toHaveAccessibleDescription(expect.stringContaining(`Se registrará ${formatCRC(1_000_000_50)}`));
    // A term outside the product's range is only a hint: it is still sent.
    await user.type(within(form).getByLabelText('Plazo (meses)'), '48');
    await user.click(within(form).getByRole('button', { name: 'Crear Solicitud' }));
    expect(await screen.findByText('Solicitud creada')).toBeInTheDocument();
    expect(screen.getByText('SOL-2026-0420')).toBeInTheDocument();
    const [url, init] = posts(fetchMock)[0] ?? [];
    expect(String(url)).toBe('http://api.test/api/solicitudes');
    expect(JSON.parse(String(init?.body))).toEqual({
      cliente_id: 'c1',
      producto_id: 'p1',
      monto_solicitado_centimos: 1_000_000_50,
      plazo_meses: 48,
    });
  });

  it('un monto ambiguo o mal agrupado se rechaza con su motivo y no se envía', async () => {
    const { user, fetchMock } = renderLista(listHandler([]));
    const form = await openForm(user);
    const monto = within(form).getByLabelText('Monto solicitado (₡)');
    for (const [texto, motivo] of [
      ['1,000.50', montosTexts.ambiguo],
      ['50.00.0', montosTexts.grupos],
      ['1.000,5055', montosTexts.decimales],
    ] as const) {
      await user.clear(monto);
      await user.type(monto, texto);
      await user.click(within(form).getByRole('button', { name: 'Crear Solicitud' }));
      await waitFor(() => expect(monto).toHaveAccessibleDescription(expect.stringContaining(motivo)));
      expect(monto).toHaveAttribute('aria-invalid', 'true');
    }
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("si falla, muestra el mensaje o 'No se pudo crear la solicitud' y conserva lo escrito", async () => {
    const { user } = renderLista(listHandler([], () => new Response('boom', { status: 500 })));
    const form = await openForm(user);
    await elegirCliente(user, form);
    await within(form).findByRole('option', { name: /Crédito Personal/ });
    await user.selectOptions(within(form).getByLabelText('Producto'), 'p1');
    await user.type(within(form).getByLabelText('Monto solicitado (₡)'), '250000');
    await user.type(within(form).getByLabelText('Plazo (meses)'), '12');
    await user.click(within(form).getByRole('button', { name: 'Crear Solicitud' }));
    expect(await screen.findByText('No se pudo crear la solicitud')).toBeInTheDocument();
    expect(within(form).getByLabelText('Monto solicitado (₡)')).toHaveValue('250000');
    expect(within(form).getByLabelText('Cliente')).toHaveValue('Ana Mora');
  });
});

describe('Nueva solicitud desde el perfil del cliente', () => {
  it('?cliente=<id> abre el formulario con ese cliente elegido; el filtro de la lista queda en la URL', async () => {
    const otro = clienteDePrueba({ id: 'c9', nombre: 'Luis', apellido: 'Solano', email: 'luis@example.com' });
    const { router, user } = renderRemotePage(
      [page(<SolicitudesPage />, '/solicitudes')],
      '/solicitudes?cliente=c9',
      (url, init) => {
        if (url.pathname === '/api/clientes/c9') return json(200, otro);
        if (url.pathname === '/api/clientes') return json(200, { items: [otro, cliente], nextCursor: null });
        return listHandler([])(url, init);
      },
    );
    const form = await screen.findByRole('form', { name: 'Nueva Solicitud de Crédito' });
    // the chosen client stays in the box and in the hint, whatever the search results bring
    await waitFor(() => expect(within(form).getByLabelText('Cliente')).toHaveValue('Luis Solano'));
    expect(within(form).getByText(/^Cliente elegido: Luis Solano · .*luis@example\.com$/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Filtrar por estado'), 'rechazado');
    expect(router.state.location.search).toBe('?cliente=c9&estado=rechazado');
  });

  it('al crear la solicitud el cliente sale de la URL, reemplazando la entrada: Atrás o recargar no abren el formulario otra vez', async () => {
    const otro = clienteDePrueba({ id: 'c9', nombre: 'Luis', apellido: 'Solano', email: 'luis@example.com' });
    const { router, user } = renderRemotePage(
      [page(<SolicitudesPage />, '/solicitudes')],
      '/solicitudes?estado=rechazado&cliente=c9',
      (url, init) => {
        if (init?.method === 'POST') return json(201, { ...base, numero_solicitud: 'SOL-2026-0421' });
        if (url.pathname === '/api/clientes/c9') return json(200, otro);
        if (url.pathname === '/api/clientes') return json(200, { items: [otro, cliente], nextCursor: null });
        return listHandler([])(url, init);
      },
    );
    const form = await screen.findByRole('form', { name: 'Nueva Solicitud de Crédito' });
    await waitFor(() => expect(within(form).getByLabelText('Cliente')).toHaveValue('Luis Solano'));
    await within(form).findByRole('option', { name: /Crédito Personal/ });
    await user.selectOptions(within(form).getByLabelText('Producto'), 'p1');
    await user.type(within(form).getByLabelText('Monto solicitado (₡)'), '250000');
    await user.type(within(form).getByLabelText('Plazo (meses)'), '12');
    await user.click(within(form).getByRole('button', { name: 'Crear Solicitud' }));
    expect(await screen.findByText('Solicitud creada')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?estado=rechazado'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('form', { name: 'Nueva Solicitud de Crédito' })).toBeNull();
  });
});

describe('detalle de solicitud', () => {
  const detalle: SolicitudDetalle = {
    ...enAnalisis,
    motivo_rechazo: null,
    factores: [
      { codigo: 'KYC', descripcion: 'Verificación KYC', puntos: 60, motivo: 'El cliente completó la verificación KYC' },
      { codigo: 'MORA', descripcion: 'Mora actual', puntos: -20, motivo: 'Tiene mora' },
    ],
    credito_id: null,
    numero_credito: null,
    cliente: { ...cliente, telefono: '88888888', score_crediticio: 712, riesgo: 'bajo' },
    producto: { ...producto },
  };

  function renderDetalle(handler: Handler, id = 's2') {
    return renderRemotePage([page(<SolicitudDetallePage />, '/solicitudes/:id')], `/solicitudes/${id}`, handler);
  }

  it('muestra cliente, detalles, factores del score con total y riesgo, y el panel de acciones', async () => {
    renderDetalle(() => json(200, detalle));
    expect(await screen.findByRole('heading', { name: 'SOL-2026-0002' })).toBeInTheDocument();
    expect(screen.getByText('Información del Cliente')).toBeInTheDocument();
    const kyc = screen.getByText('Verificación KYC').closest('tr') as HTMLElement;
    expect(within(kyc).getByText('+60')).toBeInTheDocument();
    expect(within(kyc).getByText('El cliente completó la verificación KYC')).toBeInTheDocument();
    expect(screen.getByText('-20')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Aprobar/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Analizar/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver a Solicitudes' })).toHaveAttribute('href', '/solicitudes');
  });

  it('aprobada: enlace al crédito y sin acciones; rechazada muestra el motivo', async () => {
    renderDetalle(() =>
      json(200, { ...detalle, estado: 'aprobado', credito_id: 'k9', numero_credito: 'CRE-2026-0009', motivo_rechazo: null }),
    );
    expect(await screen.findByRole('link', { name: 'Ver Crédito' })).toHaveAttribute('href', '/creditos/k9');
    expect(screen.queryByRole('button', { name: /^Aprobar/ })).toBeNull();
  });

  it('las fechas llevan el año (una solicitud puede ser vieja) y los factores no muestran su código', async () => {
    renderDetalle(() => json(200, { ...detalle, created_at: '2024-03-05T15:30:00Z', analizado_en: '2024-03-06T14:00:00Z' }));
    const creada = (await screen.findByText('Creada')).closest('div') as HTMLElement;
    expect(within(creada).getByText(/05.*mar.*2024/)).toBeInTheDocument();
    const analizada = screen.getByText('Analizada').closest('div') as HTMLElement;
    expect(within(analizada).getByText(/06.*mar.*2024/)).toBeInTheDocument();
    const kyc = screen.getByText('Verificación KYC').closest('tr') as HTMLElement;
    expect(within(kyc).queryByText('KYC', { exact: true })).toBeNull();
    expect(screen.queryByText('MORA', { exact: true })).toBeNull();
  });

  it("404 → 'Solicitud no encontrada'", async () => {
    renderDetalle(() => json(404, { code: 'NOT_FOUND', message: 'Solicitud no encontrada' }), 'nada');
    expect(await screen.findByText('Solicitud no encontrada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Solicitudes' })).toBeInTheDocument();
  });
});
