import type { Campana } from '@cuota/shared/schemas/comunicacion';
import type { Me } from '@cuota/shared/schemas/me';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, peticionesA, renderConProveedores, renderRemotePage, staffDePrueba, tarjetasDe } from '../../../test/render';
import { listarCampanasQueryOptions, CAMPANAS_PROGRESO_MS } from '../api/listar-campanas';
import { ComunicacionPage } from './comunicacion-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const admin = staffDePrueba(['admin'], { userId: 'u-admin', email: 'admin@demo.cr', apellido: 'Admin' });
const analista: Me = { ...admin, userId: 'u-an', email: 'analista@demo.cr', roles: ['analista'] };
const resumen = { total_clientes: 120, clientes_activos: 45, clientes_morosos: 9 };

const borrador: Campana = {
  id: 'cmp1',
  nombre: 'Promo diciembre',
  asunto: 'Tasa especial',
  mensaje_html: '<p>Hola</p>',
  mensaje_texto: 'Hola',
  segmento: 'activos',
  enviado_por: 'u-admin',
  estado: 'borrador',
  total_destinatarios: 10,
  enviados: 0,
  fallidos: 0,
  omitidos: 0,
  created_at: '2026-11-23T16:00:00Z',
  iniciado_en: null,
  completado_en: null,
};

type Handler = Parameters<typeof renderRemotePage>[2];

function renderComunicacion(handler: Handler, me: Me = admin) {
  return renderConProveedores(<ComunicacionPage />, '/comunicacion', handler, { me });
}

/** The API as seen by the page; `extra` answers first when it returns something. */
function api(extra: Handler = () => undefined as unknown as Response, campanas: Campana[] = [borrador]): Handler {
  return async (url, init) => {
    const answer = await extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/comunicacion/resumen') return json(200, resumen);
    if (url.pathname === '/api/campanas' && (init?.method ?? 'GET') === 'GET')
      return json(200, { items: campanas, nextCursor: null });
    return json(404, { code: 'NOT_FOUND', message: 'Recurso no encontrado' });
  };
}

function posts(fetchMock: ReturnType<typeof renderComunicacion>['fetchMock'], path: string) {
  return peticionesA(fetchMock, path, 'POST');
}

describe('Comunicación Masiva', () => {
  it('muestra el título, las tres tarjetas y las dos pestañas', async () => {
    renderComunicacion(api());
    expect(screen.getByRole('heading', { level: 1, name: 'Comunicación Masiva' })).toBeInTheDocument();
    const card = await tarjetasDe('Clientes por segmento', 3);
    expect(within(card('Total Clientes')).getByText('120')).toBeInTheDocument();
    expect(within(card('Con Créditos Activos')).getByText('45')).toBeInTheDocument();
    expect(within(card('Con Mora')).getByText('9')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Notificaciones Push', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Campañas de Email' })).toBeInTheDocument();
  });

  it('push: título y mensaje requeridos; envía al segmento, desactiva mientras envía y avisa con el conteo', async () => {
    let responder: (r: Response) => void = () => undefined;
    const { user, fetchMock } = renderComunicacion(
      api((url, init) =>
        url.pathname === '/api/notificaciones/masivas' && init?.method === 'POST'
          ? new Promise<Response>((resolve) => (responder = resolve))
          : (undefined as unknown as Response),
      ),
    );
    const form = await screen.findByRole('form', { name: 'Notificaciones Push' });
    const enviar = within(form).getByRole('button', { name: 'Enviar Notificación' });
    await waitFor(() => expect(enviar).toBeEnabled());
    await user.click(enviar);
    expect(await within(form).findByText('El título es requerido')).toBeInTheDocument();
    expect(within(form).getByText('El mensaje es requerido')).toBeInTheDocument();
    expect(posts(fetchMock, '/api/notificaciones/masivas')).toHaveLength(0);

    // The 6 communication types of spec §9 and the 3 segments.
    const tipo = within(form).getByLabelText('Tipo');
    expect(
      within(tipo)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['info', 'success', 'warning', 'error', 'payment', 'credit']);
    await user.type(within(form).getByLabelText('Título'), 'Mantenimiento');
    await user.type(within(form).getByLabelText('Mensaje'), 'El portal estará en mantenimiento el domingo.');
    await user.selectOptions(tipo, 'warning');
    await user.selectOptions(within(form).getByLabelText('Segmento'), 'morosos');
    await user.click(enviar);

    await waitFor(() => expect(posts(fetchMock, '/api/notificaciones/masivas')).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock, '/api/notificaciones/masivas')[0]![1]!.body))).toEqual({
      titulo: 'Mantenimiento',
      mensaje: 'El portal estará en mantenimiento el domingo.',
      tipo: 'warning',
      segmento: 'morosos',
    });
    expect(within(form).getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    expect(within(form).getByLabelText('Título')).toBeDisabled();

    responder(json(200, { enviadas: 12 }));
    expect(await screen.findByText('Notificaciones enviadas')).toBeInTheDocument();
    expect(screen.getByText('Se enviaron 12 notificaciones')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText('Título')).toHaveValue(''));
    expect(within(form).getByLabelText('Mensaje')).toHaveValue('');
  });

  it('push fallido: toast de error con el mensaje del servidor y lo escrito se conserva', async () => {
    const { user } = renderComunicacion(
      api((url) =>
        url.pathname === '/api/notificaciones/masivas'
          ? json(400, { code: 'INVALID_INPUT', message: 'Datos inválidos', details: { titulo: 'Máximo 120 caracteres' } })
          : (undefined as unknown as Response),
      ),
    );
    const form = await screen.findByRole('form', { name: 'Notificaciones Push' });
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Enviar Notificación' })).toBeEnabled());
    await user.type(within(form).getByLabelText('Título'), 'Aviso');
    await user.type(within(form).getByLabelText('Mensaje'), 'Texto');
    await user.click(within(form).getByRole('button', { name: 'Enviar Notificación' }));
    expect(await screen.findByText('No se pudieron enviar las notificaciones')).toBeInTheDocument();
    expect(screen.getByText('Datos inválidos')).toBeInTheDocument();
    expect(within(form).getByText('Máximo 120 caracteres')).toBeInTheDocument();
    expect(within(form).getByLabelText('Título')).toHaveValue('Aviso');
    expect(within(form).getByLabelText('Mensaje')).toHaveValue('Texto');
  });

  it('push con Idempotency-Key: reintentar o continuar un envío en partes reutiliza la clave (con el progreso); un envío nuevo lleva otra', async () => {
    const respuestas = [
      json(504, { code: 'TIMEOUT', message: 'El servidor tardó demasiado' }),
      // a large send: the server hands it back with the count so far, the form carries it on
      json(202, { enviadas: 2, en_curso: true }),
      json(200, { enviadas: 4 }),
      json(200, { enviadas: 4 }),
    ];
    const { user, fetchMock } = renderComunicacion(
      api((url, init) =>
        url.pathname === '/api/notificaciones/masivas' && init?.method === 'POST'
          ? respuestas.shift()!
          : (undefined as unknown as Response),
      ),
    );
    const claves = () =>
      posts(fetchMock, '/api/notificaciones/masivas').map(
        ([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key'],
      );
    const form = await screen.findByRole('form', { name: 'Notificaciones Push' });
    const enviar = within(form).getByRole('button', { name: 'Enviar Notificación' });
    await waitFor(() => expect(enviar).toBeEnabled());
    await user.type(within(form).getByLabelText('Título'), 'Feriado');
    await user.type(within(form).getByLabelText('Mensaje'), 'Cerramos el lunes');
    await user.click(enviar);
    expect(await screen.findByText('No se pudieron enviar las notificaciones')).toBeInTheDocument();
    // the unanswered key outlives a reload or a closed tab
    expect(localStorage.getItem('cuota:push-masivo:clave')).toContain(claves()[0]);
    // the same values again: the server must see the same key (no one notified twice)
    await user.click(enviar);
    expect(await within(form).findByRole('status')).toHaveTextContent('2 notificaciones enviadas hasta ahora…');
    expect(await screen.findByText('Se enviaron 4 notificaciones')).toBeInTheDocument();
    expect(within(form).getByRole('status')).toBeEmptyDOMElement();
    expect(claves()).toHaveLength(3);
    expect(claves()[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(claves()).size).toBe(1);
    expect(localStorage.getItem('cuota:push-masivo:clave')).toBeNull();

    // a new send of the same text after a success is a new send
    await waitFor(() => expect(within(form).getByLabelText('Título')).toHaveValue(''));
    await user.type(within(form).getByLabelText('Título'), 'Feriado');
    await user.type(within(form).getByLabelText('Mensaje'), 'Cerramos el lunes');
    await user.click(enviar);
    await waitFor(() => expect(claves()).toHaveLength(4));
    expect(claves()[3]).not.toBe(claves()[0]);
  });

  it('campaña: los cuatro campos son requeridos; creada como borrador aparece en Campañas Recientes', async () => {
    const creadas: Campana[] = [];
    const { user, fetchMock } = renderComunicacion(
      api(async (url, init) => {
        if (url.pathname === '/api/campanas' && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as Partial<Campana>;
          const nueva = { ...borrador, ...body, id: 'cmp2', total_destinatarios: 120 };
          creadas.unshift(nueva);
          return json(201, nueva);
        }
        if (url.pathname === '/api/campanas') return json(200, { items: [...creadas, borrador], nextCursor: null });
        return undefined as unknown as Response;
      }),
    );
    await user.click(await screen.findByRole('tab', { name: 'Campañas de Email' }));
    const form = await screen.findByRole('form', { name: 'Nueva Campaña' });
    await user.click(within(form).getByRole('button', { name: 'Crear Campaña' }));
    for (const m of [
      'El nombre es requerido',
      'El asunto es requerido',
      'El mensaje HTML es requerido',
      'El mensaje de texto es requerido',
    ]) {
      expect(await within(form).findByText(m)).toBeInTheDocument();
    }
    expect(posts(fetchMock, '/api/campanas')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Nombre de la campaña'), 'Bienvenida');
    await user.type(within(form).getByLabelText('Asunto'), 'Hola de Cuota');
    await user.type(within(form).getByLabelText('Mensaje HTML'), '<h1>Hola</h1>');
    await user.type(within(form).getByLabelText('Mensaje en texto plano'), 'Hola');
    await user.click(within(form).getByRole('button', { name: 'Crear Campaña' }));

    expect(await screen.findByText('Campaña creada')).toBeInTheDocument();
    expect(JSON.parse(String(posts(fetchMock, '/api/campanas')[0]![1]!.body))).toEqual({
      nombre: 'Bienvenida',
      asunto: 'Hola de Cuota',
      mensaje_html: '<h1>Hola</h1>',
      mensaje_texto: 'Hola',
      segmento: 'todos',
    });
    const recientes = screen.getByRole('region', { name: 'Campañas Recientes' });
    const item = (await within(recientes).findByText('Bienvenida')).closest('li') as HTMLElement;
    expect(within(item).getByText('Borrador')).toBeInTheDocument();
    expect(within(item).getByText('120 destinatarios')).toBeInTheDocument();
    expect(within(item).getByText(/23.nov/)).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Enviar: Bienvenida' })).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText('Nombre de la campaña')).toHaveValue(''));
  });

  it('Enviar: confirma, muestra el progreso mientras envía (sondeo) y llega a Completado', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let estado: Campana = borrador;
    const progreso: Partial<Campana>[] = [
      { estado: 'enviando', enviados: 4 },
      { estado: 'enviando', enviados: 8, omitidos: 1 },
      { estado: 'completado', enviados: 9, omitidos: 1, completado_en: '2026-11-23T16:10:00Z' },
    ];
    const { fetchMock } = renderComunicacion(
      api(async (url) => {
        if (url.pathname === '/api/campanas/cmp1/enviar') {
          estado = { ...borrador, estado: 'enviando', iniciado_en: '2026-11-23T16:05:00Z' };
          return json(200, estado);
        }
        if (url.pathname === '/api/campanas') {
          if (estado.estado !== 'borrador' && progreso.length > 0) estado = { ...estado, ...progreso.shift() };
          return json(200, { items: [estado], nextCursor: null });
        }
        return undefined as unknown as Response;
      }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('tab', { name: 'Campañas de Email' }));
    const recientes = await screen.findByRole('region', { name: 'Campañas Recientes' });
    await user.click(await within(recientes).findByRole('button', { name: 'Enviar: Promo diciembre' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Enviar esta campaña?' });
    expect(within(dialog).getByText(/Se enviará un email a 10 destinatarios/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Envío' }));
    expect(await screen.findByText('Envío iniciado')).toBeInTheDocument();
    expect(posts(fetchMock, '/api/campanas/cmp1/enviar')).toHaveLength(1);

    const barra = await within(recientes).findByRole('progressbar', { name: 'Progreso del envío de Promo diciembre' });
    await waitFor(() => expect(within(recientes).getByText('Enviando')).toBeInTheDocument());
    expect(within(recientes).queryByRole('button', { name: /Enviar:/ })).toBeNull();

    // Polled every 2.5 s while a campaign is 'enviando'.
    await act(() => vi.advanceTimersByTimeAsync(CAMPANAS_PROGRESO_MS));
    await waitFor(() => expect(within(recientes).getByText('8/10 enviados')).toBeInTheDocument());
    expect(within(recientes).getByText('1 sin email')).toBeInTheDocument();
    expect(barra).toHaveAttribute('aria-valuenow', '90');
    await act(() => vi.advanceTimersByTimeAsync(CAMPANAS_PROGRESO_MS));
    await waitFor(() => expect(within(recientes).getByText('Completado')).toBeInTheDocument());
    expect(within(recientes).getByText('9/10 enviados')).toBeInTheDocument();

    // Completed: the polling stops.
    const gets = () =>
      fetchMock.mock.calls.filter(([u, i]) => (i?.method ?? 'GET') === 'GET' && String(u).includes('/api/campanas')).length;
    const antes = gets();
    await act(() => vi.advanceTimersByTimeAsync(CAMPANAS_PROGRESO_MS * 3));
    expect(gets()).toBe(antes);
  });

  it('el sondeo solo corre mientras alguna campaña está enviando', () => {
    const interval = listarCampanasQueryOptions().refetchInterval as (q: {
      state: { data?: { items: Campana[] } };
    }) => number | false;
    expect(interval({ state: { data: { items: [borrador] } } })).toBe(false);
    expect(interval({ state: { data: { items: [borrador, { ...borrador, estado: 'enviando' }] } } })).toBe(CAMPANAS_PROGRESO_MS);
    expect(interval({ state: {} })).toBe(false);
  });

  it('analista: el formulario push queda desactivado y las campañas no se consultan', async () => {
    const { user, fetchMock } = renderComunicacion(api(), analista);
    const form = await screen.findByRole('form', { name: 'Notificaciones Push' });
    expect(await screen.findByText('Solo los administradores pueden enviar notificaciones masivas.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Enviar Notificación' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Campañas de Email' }));
    expect(await screen.findByText('Solo los administradores pueden crear, ver y enviar campañas de email.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Nueva Campaña' })).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/campanas'))).toBe(false);
  });

  it('403 al listar campañas: mensaje de permisos y Reintentar', async () => {
    const { user } = renderComunicacion(
      api((url) =>
        url.pathname === '/api/campanas'
          ? json(403, { code: 'FORBIDDEN', message: 'No tienes permisos para realizar esta acción' })
          : (undefined as unknown as Response),
      ),
    );
    await user.click(await screen.findByRole('tab', { name: 'Campañas de Email' }));
    expect(await screen.findByText('No se pudieron cargar las campañas')).toBeInTheDocument();
    expect(screen.getByText('No tienes permisos para realizar esta acción')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
