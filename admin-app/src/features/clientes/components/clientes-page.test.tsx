import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clienteDePrueba, cuerpoDelPrimerPost, json, page, renderRemotePage } from '../../../test/render';
import { ClientesPage } from './clientes-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ana = clienteDePrueba({
  user_id: null,
  telefono: '88888888',
  identidad_numero: '1-1111-1111',
  fecha_nacimiento: '1990-01-01',
  direccion: 'San José, Barrio Escalante',
  ciudad: 'San José',
  riesgo: 'bajo',
  kyc_completado: true,
  score_crediticio: 780,
});

function renderClientes(handler: Parameters<typeof renderRemotePage>[2]) {
  return renderRemotePage([page(<ClientesPage />, '/clientes'), page(<h1>Perfil</h1>, '/clientes/:id')], '/clientes', handler);
}

// The form is a lazy chunk: load it once before the tests, so each test waits only for React.
beforeAll(() => import('./cliente-form'));

async function openForm(user: ReturnType<typeof renderClientes>['user']) {
  await user.click(screen.getByRole('button', { name: 'Nuevo Cliente' }));
  return screen.findByRole('form', { name: 'Registrar Nuevo Cliente' });
}

/** The form's fields by label, as a valid client; each test changes what it is about. */
const CLIENTE_VALIDO = {
  Nombre: 'Ana',
  Apellido: 'Mora',
  'Número de Identificación': '1-1111-1111',
  'Fecha de Nacimiento': '1990-05-04',
  Email: 'ana@example.com',
  Teléfono: '88888888',
  Dirección: 'San José, Barrio Escalante',
  Ciudad: 'San José',
};

/** Chooses the identification type (when given), then types every field of a valid client with `cambios`. */
async function llenarCliente(
  user: ReturnType<typeof renderClientes>['user'],
  form: HTMLElement,
  cambios: Partial<typeof CLIENTE_VALIDO> = {},
  tipo?: string,
) {
  if (tipo) await user.selectOptions(within(form).getByLabelText('Tipo de Identificación'), tipo);
  for (const [etiqueta, valor] of Object.entries({ ...CLIENTE_VALIDO, ...cambios })) {
    await user.type(within(form).getByLabelText(etiqueta), valor);
  }
}

describe('lista de clientes', () => {
  it('muestra filas con KYC, riesgo, score y Ver Perfil', async () => {
    const { fetchMock } = renderClientes(() => json(200, { items: [ana], nextCursor: null }));
    const row = (await screen.findByText('Ana Mora')).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('KYC Completo')).toBeInTheDocument();
    expect(cells.getByText('Riesgo Bajo')).toBeInTheDocument();
    expect(cells.getByText('780')).toBeInTheDocument();
    expect(cells.getByRole('link', { name: /Ver Perfil/ })).toHaveAttribute('href', '/clientes/c1');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://api.test/api/clientes?limit=25');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer test-id-token');
  });

  it("muestra 'No se encontraron clientes' sin resultados", async () => {
    renderClientes(() => json(200, { items: [], nextCursor: null }));
    expect(await screen.findByText('No se encontraron clientes')).toBeInTheDocument();
  });

  it('busca con ?q= cuando se deja de escribir', async () => {
    const { fetchMock, user } = renderClientes((url) =>
      json(200, { items: url.searchParams.get('q') === 'ana' ? [ana] : [], nextCursor: null }),
    );
    expect(await screen.findByText('No se encontraron clientes')).toBeInTheDocument();
    // the box takes no more than the API accepts
    expect(screen.getByRole('searchbox', { name: 'Buscar clientes' })).toHaveAttribute('maxlength', '100');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar clientes' }), 'ana');
    expect(await screen.findByText('Ana Mora')).toBeInTheDocument();
    const queries = fetchMock.mock.calls.map(([url]) => new URL(String(url)).searchParams.get('q'));
    // Debounced: no request for the partial texts 'a' and 'an'.
    expect(queries).toEqual([null, 'ana']);
  });

  it('pide la página siguiente con el cursor y vuelve con Anterior', async () => {
    // a cursor as the API writes it (base64url JSON): the list keeps it in the URL only if it is one
    const p2 = btoa(JSON.stringify({ pk: 'CLIENTES', sk: '2' })).replace(/=+$/, '');
    const { fetchMock, user } = renderClientes((url) =>
      url.searchParams.get('cursor') === p2
        ? json(200, { items: [{ ...ana, id: 'c2', nombre: 'Luis' }], nextCursor: null })
        : json(200, { items: [ana], nextCursor: p2 }),
    );
    await screen.findByText('Ana Mora');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Luis Mora')).toBeInTheDocument();
    expect(new URL(String(fetchMock.mock.calls.at(-1)?.[0])).searchParams.get('cursor')).toBe(p2);
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(await screen.findByText('Ana Mora')).toBeInTheDocument();
  });
});

describe('formulario Nuevo Cliente', () => {
  it("alterna 'Nuevo Cliente' / 'Cancelar'", async () => {
    const { user } = renderClientes(() => json(200, { items: [], nextCursor: null }));
    await openForm(user);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('form', { name: 'Registrar Nuevo Cliente' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevo Cliente' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('muestra los mensajes de la sección 5 junto a cada campo', async () => {
    const { user, fetchMock } = renderClientes(() => json(200, { items: [], nextCursor: null }));
    const form = await openForm(user);
    await user.type(within(form).getByLabelText('Email'), 'no-es-email');
    await user.type(within(form).getByLabelText('Dirección'), 'corta');
    await user.click(within(form).getByRole('button', { name: 'Crear Cliente' }));
    const expected: [string, string][] = [
      ['Nombre', 'Nombre debe tener al menos 2 caracteres'],
      ['Apellido', 'Apellido debe tener al menos 2 caracteres'],
      ['Número de Identificación', 'Número de identificación inválido'],
      ['Fecha de Nacimiento', 'Fecha de nacimiento requerida'],
      ['Email', 'Email inválido'],
      ['Teléfono', 'Teléfono inválido'],
      ['Dirección', 'Dirección debe ser más específica'],
      ['Ciudad', 'Ciudad debe tener al menos 2 caracteres'],
    ];
    for (const [label, message] of expected) {
      const control = within(form).getByLabelText(label);
      await waitFor(() => expect(control).toHaveAccessibleDescription(message));
      expect(control).toHaveAttribute('aria-invalid', 'true');
    }
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it("crea el cliente, avisa 'Cliente creado' y cierra el formulario", async () => {
    const { user, fetchMock } = renderClientes((_url, init) =>
      init?.method === 'POST' ? json(201, ana) : json(200, { items: [], nextCursor: null }),
    );
    const form = await openForm(user);
    await llenarCliente(
      user,
      form,
      { 'Número de Identificación': 'P1234567', Email: 'Ana@Example.com', Teléfono: '8888 8888' },
      'pasaporte',
    );
    await user.click(within(form).getByRole('button', { name: 'Crear Cliente' }));
    expect(await screen.findByText('Cliente creado')).toBeInTheDocument();
    expect(cuerpoDelPrimerPost(fetchMock)).toEqual({
      nombre: 'Ana',
      apellido: 'Mora',
      identidad_tipo: 'pasaporte',
      identidad_numero: 'P1234567',
      fecha_nacimiento: '1990-05-04',
      email: 'ana@example.com',
      telefono: '8888 8888',
      direccion: 'San José, Barrio Escalante',
      ciudad: 'San José',
      pais: 'Costa Rica',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Registrar Nuevo Cliente' })).not.toBeInTheDocument());
  });

  it('acepta la cédula como 5-4822-9094, envía 548229094 y la lista la muestra con guiones', async () => {
    const canonica = { ...ana, id: 'c2', identidad_numero: '548229094' };
    const { user, fetchMock } = renderClientes((_url, init) =>
      init?.method === 'POST' ? json(201, canonica) : json(200, { items: [canonica], nextCursor: null }),
    );
    expect(await screen.findByText('5-4822-9094')).toBeInTheDocument();
    const form = await openForm(user);
    await llenarCliente(user, form, {
      'Número de Identificación': '5-4822-9094',
      Email: ' ANA@Example.com ',
      Teléfono: '8888 8888',
    });
    await user.click(within(form).getByRole('button', { name: 'Crear Cliente' }));
    expect(await screen.findByText('Cliente creado')).toBeInTheDocument();
    expect(cuerpoDelPrimerPost(fetchMock)).toMatchObject({
      identidad_tipo: 'cedula',
      identidad_numero: '548229094',
      email: 'ana@example.com',
    });
  });

  it('una cédula sin 9 dígitos se señala junto al campo y no se envía', async () => {
    const { user, fetchMock } = renderClientes(() => json(200, { items: [], nextCursor: null }));
    const form = await openForm(user);
    await user.type(within(form).getByLabelText('Número de Identificación'), '5-4822-909');
    await user.click(within(form).getByRole('button', { name: 'Crear Cliente' }));
    expect(await within(form).findByText('Número de identificación inválido')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('con un 400 muestra los details en los campos, avisa y conserva lo escrito', async () => {
    const { user } = renderClientes((_url, init) =>
      init?.method === 'POST'
        ? json(409, {
            code: 'CONFLICT',
            message: 'Ya existe un cliente con este email',
            details: { email: 'Ya existe un cliente con este email' },
          })
        : json(200, { items: [], nextCursor: null }),
    );
    const form = await openForm(user);
    await llenarCliente(user, form);
    await user.click(within(form).getByRole('button', { name: 'Crear Cliente' }));
    const toastTitle = await screen.findByText('Error');
    expect(within(toastTitle.closest('li') as HTMLElement).getByText('Ya existe un cliente con este email')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription('Ya existe un cliente con este email');
    expect(within(form).getByLabelText('Nombre')).toHaveValue('Ana');
    expect(within(form).getByRole('button', { name: 'Crear Cliente' })).toBeEnabled();
  });

  it("sin mensaje del servidor avisa 'No se pudo crear el cliente'", async () => {
    const { user } = renderClientes((_url, init) =>
      init?.method === 'POST' ? new Response('oops', { status: 502 }) : json(200, { items: [], nextCursor: null }),
    );
    const form = await openForm(user);
    await llenarCliente(user, form);
    await user.click(within(form).getByRole('button', { name: 'Crear Cliente' }));
    const toastTitle = await screen.findByText('Error');
    expect(within(toastTitle.closest('li') as HTMLElement).getByText('No se pudo crear el cliente')).toBeInTheDocument();
  });
});
