import type { ResultadoBusqueda } from '@cuota/shared/schemas/busqueda';
import { json, renderRemotePage } from '@cuota/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { BusquedaGlobal, esAtajoDeBusqueda } from './busqueda-global-diferida';

afterEach(() => vi.unstubAllGlobals());

const RESULTADO: ResultadoBusqueda = {
  clientes: [
    {
      id: 'c1',
      nombre: 'Ana',
      apellido: 'Vargas Mora',
      email: 'ana.vargas@gmail.com',
      telefono: '+506 8712-3456',
      identidad_tipo: 'cedula',
      identidad_numero: '102340567',
    },
    {
      id: 'c2',
      nombre: 'Luis',
      apellido: 'Solano',
      email: 'luis@gmail.com',
      telefono: null,
      identidad_tipo: 'cedula',
      identidad_numero: null,
    },
  ],
  creditos: [
    {
      id: 'k1',
      numero_credito: 'CR-2026-000042',
      cliente_id: 'c1',
      cliente_nombre: 'Ana',
      cliente_apellido: 'Vargas Mora',
      estado: 'al_dia',
    },
  ],
  solicitudes: [
    {
      id: 's1',
      numero_solicitud: 'SOL-2026-4821',
      cliente_id: 'c1',
      cliente_nombre: 'Ana',
      cliente_apellido: 'Vargas Mora',
      estado: 'en_analisis',
    },
  ],
};

function renderBusqueda(responder: (q: string) => ResultadoBusqueda = () => RESULTADO) {
  const consultas: string[] = [];
  const view = renderRemotePage(
    [
      { path: '/inicio', element: <BusquedaGlobal /> },
      { path: '/clientes/:id', element: <p>perfil del cliente</p> },
      { path: '/creditos/:id', element: <p>detalle del crédito</p> },
      { path: '/solicitudes/:id', element: <p>detalle de la solicitud</p> },
    ],
    '/inicio',
    (url) => {
      if (url.pathname !== '/api/busqueda') return json(404, { code: 'NOT_FOUND', message: 'no' });
      consultas.push(url.searchParams.get('q') ?? '');
      return json(200, responder(url.searchParams.get('q') ?? ''));
    },
  );
  return { ...view, consultas };
}

describe('búsqueda global', () => {
  it('Ctrl+K abre el diálogo; los resultados salen por tipo; flechas y Enter abren el registro', async () => {
    const { user, router, consultas } = renderBusqueda();
    await user.keyboard('{Control>}k{/Control}');
    const dialogo = await screen.findByRole('dialog', { name: 'Buscar en Cuota' });
    const caja = within(dialogo).getByRole('combobox', { name: 'Buscar' });
    await waitFor(() => expect(caja).toHaveFocus());
    await user.type(caja, 'g');
    expect(within(dialogo).getByText('Escriba al menos 2 caracteres.')).toBeInTheDocument();
    await user.type(caja, 'mail');
    const lista = await within(dialogo).findByRole('listbox');
    // debounced: one request for what was typed once typing paused
    expect(consultas).toEqual(['gmail']);
    expect(
      within(lista)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-labelledby') && g.firstChild?.textContent),
    ).toEqual(['Clientes', 'Créditos', 'Solicitudes']);
    const clientes = within(within(lista).getByRole('group', { name: 'Clientes' })).getAllByRole('option');
    expect(clientes.map((o) => o.textContent)).toEqual([
      'Ana Vargas Mora1-0234-0567 · ana.vargas@gmail.com · +506 8712-3456',
      'Luis Solanoluis@gmail.com',
    ]);
    expect(within(lista).getByRole('option', { name: /CR-2026-000042/ })).toHaveTextContent('Ana Vargas Mora · Al Día');
    expect(within(lista).getByRole('option', { name: /SOL-2026-4821/ })).toHaveTextContent('En Análisis');
    expect(caja).toHaveAttribute('aria-activedescendant', clientes[0]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(caja).toHaveAttribute('aria-activedescendant', within(lista).getByRole('option', { name: /CR-2026-000042/ }).id);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    // from the first, ↑ wraps to the last
    expect(caja).toHaveAttribute('aria-activedescendant', within(lista).getByRole('option', { name: /SOL-2026-4821/ }).id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByText('detalle del crédito')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/creditos/k1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('la caja del encabezado busca al escribir y un clic abre la solicitud; sin resultados lo dice', async () => {
    const { user, router } = renderBusqueda((q) => (q === 'nadie' ? { clientes: [], creditos: [], solicitudes: [] } : RESULTADO));
    const [caja] = await screen.findAllByRole('combobox', { name: 'Buscar' });
    // the box takes no more than the API accepts (100 characters)
    expect(caja).toHaveAttribute('maxlength', '100');
    await user.type(caja!, 'nadie');
    expect(await screen.findByText('No encontramos nada para «nadie».')).toBeInTheDocument();
    await user.clear(caja!);
    await user.type(caja!, '4821');
    await user.click(await screen.findByRole('option', { name: /SOL-2026-4821/ }));
    expect(await screen.findByText('detalle de la solicitud')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/solicitudes/s1');
  });

  it('el botón de pantallas angostas abre el mismo diálogo; Escape lo cierra', async () => {
    const { user } = renderBusqueda();
    await user.click(await screen.findByRole('button', { name: 'Buscar (Ctrl+K)' }));
    expect(await screen.findByRole('dialog', { name: 'Buscar en Cuota' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('el atajo es Ctrl+K o Cmd+K, sin Alt ni Mayúsculas', () => {
    const tecla = (over: Partial<KeyboardEvent>) => ({
      key: 'k',
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      ...over,
    });
    expect(esAtajoDeBusqueda(tecla({ ctrlKey: true }))).toBe(true);
    expect(esAtajoDeBusqueda(tecla({ metaKey: true, key: 'K' }))).toBe(true);
    expect(esAtajoDeBusqueda(tecla({}))).toBe(false);
    expect(esAtajoDeBusqueda(tecla({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(esAtajoDeBusqueda(tecla({ ctrlKey: true, key: 'j' }))).toBe(false);
  });
});
