import type { ClienteDetalle } from '@cuota/shared/schemas/cliente';
import type { Gestion } from '@cuota/shared/schemas/gestiones';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clienteDePrueba, creditoDePrueba, json, page, peticionesA, renderRemotePage, staffDePrueba } from '../../../test/render';
import { ClientePerfilPage } from './cliente-perfil-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ana: ClienteDetalle = {
  ...clienteDePrueba({
    id: 'c1',
    identidad_numero: '102340567',
    fecha_nacimiento: '1990-01-01',
    direccion: 'Heredia, San Pablo, 200 m sur',
    ciudad: 'Heredia',
    telefono: null,
    kyc_completado: false,
  }),
  linea_credito: { limite_centimos: 500_000_000, usado_centimos: 0, disponible_centimos: 500_000_000 },
  contadores: { solicitudes: 0, creditos: 2, creditos_activos: 2, pagos: 0 },
};
const creditos = [
  creditoDePrueba({ id: 'k1', numero_credito: 'CR-2026-000001' }),
  creditoDePrueba({ id: 'k2', numero_credito: 'CR-2026-000002' }),
];
const gestion = (id: string, credito_id: string, created_at: string, nota: string): Gestion => ({
  id,
  credito_id,
  tipo: 'llamada',
  resultado: 'promesa',
  nota,
  registrado_por: 'u9',
  registrado_por_nombre: 'Carlos Cobro',
  created_at,
});
const GESTIONES: Record<string, Gestion[]> = {
  k1: [gestion('g1', 'k1', '2026-11-20T15:00:00Z', 'Llamada del 20')],
  k2: [
    gestion('g3', 'k2', '2026-11-22T15:00:00Z', 'Llamada del 22'),
    gestion('g2', 'k2', '2026-11-10T15:00:00Z', 'Llamada del 10'),
  ],
};

type Respuestas = Parameters<typeof renderRemotePage>[2];
const vacia = () => json(200, { items: [], nextCursor: null });

function responder(cliente: ClienteDetalle = ana): Respuestas {
  return (url, init) => {
    const ruta = url.pathname;
    if (ruta === '/api/clientes/c1' && init?.method === 'PATCH') {
      return json(200, { ...cliente, ...(JSON.parse(String(init.body)) as object) });
    }
    if (ruta === '/api/clientes/c1') return json(200, cliente);
    if (ruta === '/api/clientes/c1/creditos') return json(200, { items: creditos, nextCursor: null });
    const g = /^\/api\/creditos\/(k\d)\/gestiones$/.exec(ruta);
    if (g) return json(200, { items: GESTIONES[g[1]!] ?? [], nextCursor: null });
    return vacia();
  };
}

function renderPerfil(url = '/clientes/c1', roles: Parameters<typeof staffDePrueba>[0] = ['analista'], respuestas = responder()) {
  return renderRemotePage(
    [page(<ClientePerfilPage />, '/clientes/:id'), page(<h1>Solicitudes</h1>, '/solicitudes')],
    url,
    respuestas,
    { me: staffDePrueba(roles) },
  );
}

describe('perfil del cliente como centro de trabajo', () => {
  it("'Nueva solicitud' lleva al formulario con este cliente elegido", async () => {
    const { router, user } = renderPerfil();
    await screen.findByRole('heading', { level: 1, name: 'Ana Mora' });
    const acciones = await screen.findByRole('group', { name: 'Acciones del cliente' });
    await user.click(within(acciones).getByRole('link', { name: 'Nueva solicitud' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/solicitudes?cliente=c1');
  });

  it('un cobrador ve el perfil sin las acciones de escritura', async () => {
    renderPerfil('/clientes/c1', ['cobrador']);
    await screen.findByRole('heading', { level: 1, name: 'Ana Mora' });
    expect(screen.queryByRole('group', { name: 'Acciones del cliente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar datos' })).not.toBeInTheDocument();
  });

  it("'Editar datos' envía solo lo que cambió, con la validación del servidor, y refresca el perfil", async () => {
    const { fetchMock, user } = renderPerfil();
    await user.click(await screen.findByRole('button', { name: 'Editar datos' }));
    const form = await screen.findByRole('form', { name: 'Editar datos del cliente' });
    expect(within(form).getByLabelText('Nombre')).toHaveValue('Ana');
    expect(within(form).getByLabelText('Estado del KYC')).toHaveValue('pendiente');

    // an invalid name is caught before sending, with the shared schema's message
    await user.clear(within(form).getByLabelText('Nombre'));
    await user.type(within(form).getByLabelText('Nombre'), 'A');
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByText('Nombre debe tener al menos 2 caracteres')).toBeInTheDocument();
    expect(peticionesA(fetchMock, '/api/clientes/c1', 'PATCH')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Nombre'));
    await user.type(within(form).getByLabelText('Nombre'), 'Ana');
    await user.type(within(form).getByLabelText('Teléfono'), '8712-3456');
    await user.selectOptions(within(form).getByLabelText('Estado del KYC'), 'completo');
    const lecturas = peticionesA(fetchMock, '/api/clientes/c1', 'GET').length;
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(peticionesA(fetchMock, '/api/clientes/c1', 'PATCH')).toHaveLength(1));
    const [, init] = peticionesA(fetchMock, '/api/clientes/c1', 'PATCH')[0]!;
    // the untouched fields (and the old record's empty phone) are not sent
    expect(JSON.parse(String(init?.body))).toEqual({ telefono: '8712-3456', kyc_completado: true });
    expect(await screen.findByText('Datos actualizados')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Editar datos del cliente' })).not.toBeInTheDocument());
    await waitFor(() => expect(peticionesA(fetchMock, '/api/clientes/c1', 'GET').length).toBeGreaterThan(lecturas));
  });

  it('la sección abierta queda en la URL; una desconocida abre Solicitudes', async () => {
    const { router, user } = renderPerfil('/clientes/c1?pestana=otra');
    const pestanas = await screen.findByRole('tablist', { name: 'Secciones del perfil' });
    expect(within(pestanas).getByRole('tab', { name: 'Solicitudes' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(pestanas).getByRole('tab', { name: 'Créditos' }));
    expect(router.state.location.search).toBe('?pestana=creditos');
    expect(await screen.findByText('CR-2026-000002')).toBeInTheDocument();
  });

  it('KYC y documentos: el estado, la identificación y el contrato y comprobantes de cada crédito', async () => {
    renderPerfil('/clientes/c1?pestana=kyc');
    const kyc = (await screen.findByRole('heading', { name: 'Verificación KYC' })).closest('section')!;
    expect(within(kyc).getByText('KYC Pendiente')).toBeInTheDocument();
    expect(within(kyc).getByText(/Falta verificar la identidad/)).toBeInTheDocument();
    expect(within(kyc).getByText('Cédula 1-0234-0567')).toBeInTheDocument();
    const contrato = await screen.findByRole('link', { name: 'Contrato del crédito CR-2026-000002' });
    expect(contrato).toHaveAttribute('href', '/creditos/k2/contrato');
    expect(contrato).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Comprobantes del crédito CR-2026-000001' })).toHaveAttribute(
      'href',
      '/creditos/k1/comprobantes',
    );
  });

  it('sin créditos no hay documentos, y lo dice', async () => {
    renderPerfil('/clientes/c1?pestana=kyc', ['analista'], (url, init) =>
      url.pathname === '/api/clientes/c1/creditos' ? vacia() : responder()(url, init),
    );
    expect(await screen.findByText('Aún no hay documentos: se generan al desembolsar un crédito')).toBeInTheDocument();
  });

  it('Gestiones de cobro: las de todos sus créditos, la más reciente primero, con su crédito', async () => {
    renderPerfil('/clientes/c1?pestana=gestiones');
    const lista = await screen.findByRole('list', { name: 'Gestiones de cobro' });
    const items = within(lista).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/^Llamada del/).textContent)).toEqual([
      'Llamada del 22',
      'Llamada del 20',
      'Llamada del 10',
    ]);
    expect(within(items[1]!).getByText(/CR-2026-000001/)).toBeInTheDocument();
    expect(within(items[0]!).getByText(/por Carlos Cobro/)).toBeInTheDocument();
  });

  it('sin gestiones: lo dice', async () => {
    renderPerfil('/clientes/c1?pestana=gestiones', ['analista'], (url, init) =>
      /gestiones$/.test(url.pathname) ? vacia() : responder()(url, init),
    );
    expect(await screen.findByText('No hay gestiones de cobro registradas')).toBeInTheDocument();
  });

  it('mientras carga muestra el esqueleto; un cliente que no existe, Cliente no encontrado', async () => {
    const { container } = renderPerfil('/clientes/c1', ['analista'], () =>
      json(404, { code: 'NOT_FOUND', message: 'Cliente no encontrado' }),
    );
    expect(container.querySelector('[aria-busy]')).not.toBeNull();
    expect(await screen.findByText('Cliente no encontrado')).toBeInTheDocument();
  });
});
