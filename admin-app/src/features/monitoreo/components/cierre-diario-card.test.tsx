import { formatCRC } from '@cuota/shared/montos';
import type { Monitoreo } from '@cuota/shared/schemas/dashboard';
import type { Me } from '@cuota/shared/schemas/me';
import type { CierreDiarioResultado, CierreFecha } from '@cuota/shared/schemas/pagos';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderConProveedores, renderRemotePage, staffDePrueba } from '../../../test/render';
import { MonitoreoPage } from './monitoreo-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const admin = staffDePrueba(['admin'], { userId: 'u-admin', email: 'admin@demo.cr', apellido: 'Admin' });
const cobrador: Me = { ...admin, userId: 'u-cob', email: 'cobrador@demo.cr', roles: ['cobrador'] };

const monitoreo: Monitoreo = {
  fecha_negocio: '2026-11-23',
  alertas: 0,
  clientes_activos: 42,
  solicitudes_pendientes: 5,
  prestamos_vigentes: 17,
  pagos_recibidos_hoy_centimos: 0,
  pagos_recibidos_hoy: 0,
  mora_total_centimos: 0,
  creditos_con_mora: 0,
  clientes_nuevos_7_dias: 2,
};

function fecha(f: string, extra: Partial<CierreFecha> = {}): CierreFecha {
  return {
    fecha: f,
    estado: 'cerrado',
    creditos_revisados: 4,
    creditos_actualizados: 3,
    mora_devengada_centimos: 125_050,
    avisos_vencimiento: 1,
    recordatorios: 2,
    creditos_con_error: [],
    ...extra,
  };
}

const respuesta = (fechas: CierreFecha[], pendientes: number, ultimo: string | null): CierreDiarioResultado => ({
  hasta: '2026-11-23',
  fechas,
  pendientes,
  ultimo_cierre: ultimo,
});

/** Testing Library collapses the no-break spaces of es-CR amounts in the DOM; do the same here. */
const crc = (centimos: number) => formatCRC(centimos).replace(/\s+/g, ' ');

type Handler = Parameters<typeof renderRemotePage>[2];

/**
 * The monitoring API plus `cierre` for POST /api/cierre-diario; GET /api/cierre-diario answers the
 * last date the POST answers said was closed (19 Nov before any).
 */
function api(cierre: Handler): Handler {
  let ultimo: string | null = '2026-11-19';
  return async (url, init) => {
    if (url.pathname === '/api/cierre-diario' && init?.method !== 'POST') {
      return json(200, { fecha_negocio: '2026-11-23', ultimo_cierre: ultimo, pendientes: ultimo === '2026-11-23' ? 0 : 4 });
    }
    if (url.pathname === '/api/cierre-diario') {
      const r = await cierre(url, init);
      const cuerpo = (await r.clone().json()) as { ultimo_cierre?: string | null };
      if (r.ok && cuerpo.ultimo_cierre !== undefined) ultimo = cuerpo.ultimo_cierre;
      return r;
    }
    if (url.pathname === '/api/monitoreo') return json(200, monitoreo);
    if (url.pathname === '/api/actividad') return json(200, { items: [], nextCursor: null });
    return json(404, { code: 'NOT_FOUND', message: 'no' });
  };
}

function renderMonitoreo(cierre: Handler, me: Me = admin) {
  return renderConProveedores(<MonitoreoPage />, '/monitoreo', api(cierre), { me });
}

/** Answers handed out one at a time, so the test can look at the screen between calls. */
function enCola() {
  const esperando: ((r: Response) => void)[] = [];
  const handler: Handler = () => new Promise<Response>((resolve) => esperando.push(resolve));
  const responder = async (r: Response) => {
    await waitFor(() => expect(esperando.length).toBeGreaterThan(0));
    await act(async () => esperando.shift()!(r));
  };
  return { handler, responder };
}

const cuerpos = (fetchMock: ReturnType<typeof renderMonitoreo>['fetchMock']) =>
  fetchMock.mock.calls
    .filter(([u, init]) => new URL(String(u)).pathname === '/api/cierre-diario' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

async function tarjeta() {
  return screen.findByRole('region', { name: 'Cierre diario' });
}

describe('Cierre diario (Monitoreo Operativo)', () => {
  it('repite el cierre mientras quedan fechas, con su progreso, y resume lo hecho', async () => {
    const cola = enCola();
    const { user, fetchMock } = renderMonitoreo(cola.handler);
    const card = await tarjeta();
    // before running: the last closed date and what is pending, from GET /api/cierre-diario
    await waitFor(() => expect(within(card).getByTestId('ultimo-cierre')).toHaveTextContent(/19 nov.* 2026/));
    expect(within(card).getByTestId('fechas-pendientes')).toHaveTextContent('(4 fechas pendientes)');
    const campo = within(card).getByLabelText('Cerrar hasta el');
    // Today's business date, as the server gives it.
    await waitFor(() => expect(campo).toHaveValue('2026-11-23'));
    expect(within(card).getByText(/Se cierran todas las fechas pendientes hasta el 23 nov/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Ejecutar cierre' }));
    expect(within(card).getByRole('button', { name: 'Cerrando…' })).toBeDisabled();
    expect(within(card).getByRole('status')).toHaveTextContent('Cerrando… buscando las fechas pendientes');

    await cola.responder(
      json(200, respuesta([fecha('2026-11-19'), fecha('2026-11-20', { creditos_con_error: ['CR-2026-0007'] })], 3, '2026-11-20')),
    );
    expect(await within(card).findByText('Cerrando… 2 de 5 fechas')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Progreso del cierre diario' })).toHaveAttribute('aria-valuenow', '40');
    expect(within(card).getByTestId('ultimo-cierre')).toHaveTextContent(/20 nov.* 2026/);

    await cola.responder(json(200, respuesta([fecha('2026-11-21'), fecha('2026-11-22')], 1, '2026-11-22')));
    expect(await within(card).findByText('Cerrando… 4 de 5 fechas')).toBeInTheDocument();

    await cola.responder(
      json(200, respuesta([fecha('2026-11-23', { creditos_con_error: ['CR-2026-0007', 'CR-2026-0012'] })], 0, '2026-11-23')),
    );
    const resumen = await within(card).findByRole('region', { name: 'Resumen del cierre' });
    const cifra = (label: string) => within(resumen).getByText(label).nextElementSibling;
    expect(cifra('Fechas cerradas')).toHaveTextContent('5');
    expect(cifra('Créditos actualizados')).toHaveTextContent('15');
    expect(cifra('Mora devengada')).toHaveTextContent(crc(5 * 125_050));
    expect(cifra('Recordatorios enviados')).toHaveTextContent('10');
    expect(cifra('Avisos de cuota vencida')).toHaveTextContent('5');
    expect(within(card).getByRole('status')).toHaveTextContent('Cierre completado. Se cerraron 5 fechas hasta el 23 nov');
    expect(within(card).queryByRole('progressbar')).toBeNull();

    const aviso = within(card).getByRole('alert');
    expect(aviso).toHaveTextContent('2 créditos no se pudieron recalcular');
    expect(
      within(aviso)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['CR-2026-0007', 'CR-2026-0012']);

    expect(within(card).getByTestId('ultimo-cierre')).toHaveTextContent(/23 nov.* 2026/);
    expect(within(card).getByRole('button', { name: 'Ejecutar cierre' })).toBeEnabled();
    expect(cuerpos(fetchMock)).toEqual([{ fecha: '2026-11-23' }, { fecha: '2026-11-23' }, { fecha: '2026-11-23' }]);
    expect(await screen.findByText('Cierre completado')).toBeInTheDocument(); // the toast
  });

  it('una fecha ya cerrada: lo dice, sin cifras de un cierre nuevo', async () => {
    const { user } = renderMonitoreo(() =>
      json(200, respuesta([fecha('2026-11-23', { estado: 'ya_cerrado', creditos_actualizados: 9 })], 0, '2026-11-23')),
    );
    const card = await tarjeta();
    await user.click(within(card).getByRole('button', { name: 'Ejecutar cierre' }));
    expect(await within(card).findByText(/El 23 nov.* 2026 ya estaba cerrado: no había fechas pendientes\./)).toBeInTheDocument();
    const resumen = within(card).getByRole('region', { name: 'Resumen del cierre' });
    expect(within(resumen).getByText('Créditos actualizados').nextElementSibling).toHaveTextContent('0');
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('cierra hasta otra fecha elegida con el teclado', async () => {
    const { user, fetchMock } = renderMonitoreo(() => json(200, respuesta([fecha('2026-11-10')], 0, '2026-11-10')));
    const card = await tarjeta();
    const campo = within(card).getByLabelText('Cerrar hasta el');
    await waitFor(() => expect(campo).toHaveValue('2026-11-23'));
    await user.clear(campo);
    await user.type(campo, '2026-11-10');
    await user.keyboard('{Enter}');
    await within(card).findByRole('region', { name: 'Resumen del cierre' });
    expect(cuerpos(fetchMock)).toEqual([{ fecha: '2026-11-10' }]);
  });

  it('una fecha futura se rechaza antes de llamar al servidor', async () => {
    const { user, fetchMock } = renderMonitoreo(() => json(500, {}));
    const card = await tarjeta();
    const campo = within(card).getByLabelText('Cerrar hasta el');
    await waitFor(() => expect(campo).toHaveValue('2026-11-23'));
    await user.clear(campo);
    await user.type(campo, '2026-11-24');
    await user.click(within(card).getByRole('button', { name: 'Ejecutar cierre' }));
    expect(campo).toHaveAccessibleDescription('La fecha de cierre no puede ser futura');
    expect(campo).toHaveAttribute('aria-invalid', 'true');
    expect(cuerpos(fetchMock)).toEqual([]);
  });

  it('el error de fecha del servidor queda bajo el campo y en un aviso', async () => {
    const { user } = renderMonitoreo(() =>
      json(400, {
        code: 'VALIDATION_ERROR',
        message: 'Datos inválidos',
        details: { fecha: 'La fecha de cierre no puede ser futura' },
      }),
    );
    const card = await tarjeta();
    await user.click(within(card).getByRole('button', { name: 'Ejecutar cierre' }));
    const campo = within(card).getByLabelText('Cerrar hasta el');
    await waitFor(() => expect(campo).toHaveAccessibleDescription('La fecha de cierre no puede ser futura'));
    expect(await screen.findByText('Error al ejecutar el cierre')).toBeInTheDocument();
  });

  it('un error a medio camino: mensaje en español, lo ya cerrado y cómo seguir', async () => {
    let llamada = 0;
    const { user } = renderMonitoreo(() =>
      ++llamada === 1
        ? json(200, respuesta([fecha('2026-11-21'), fecha('2026-11-22')], 1, '2026-11-22'))
        : json(503, { code: 'SERVICE_STARTING', message: 'Cuota se está iniciando; intente de nuevo en unos segundos' }),
    );
    const card = await tarjeta();
    await user.click(within(card).getByRole('button', { name: 'Ejecutar cierre' }));
    const alerta = await within(card).findByRole('alert');
    expect(alerta).toHaveTextContent('Error al ejecutar el cierre');
    expect(alerta).toHaveTextContent('Cuota se está iniciando; intente de nuevo en unos segundos');
    expect(alerta).toHaveTextContent('Se cerraron 2 fechas antes del error; ejecute el cierre de nuevo para continuar.');
    const resumen = within(card).getByRole('region', { name: 'Resumen del cierre' });
    expect(within(resumen).getByText('Fechas cerradas').nextElementSibling).toHaveTextContent('2');
    expect(within(card).getByRole('button', { name: 'Ejecutar cierre' })).toBeEnabled();
    // the toast too (it appears once sonner has loaded: wait for the second copy, not the first)
    await waitFor(() => expect(screen.getAllByText('Error al ejecutar el cierre')).toHaveLength(2));
  });

  it('si otro proceso cierra la fecha, espera y sigue', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let llamada = 0;
    const { user, fetchMock } = renderMonitoreo(() =>
      ++llamada === 1
        ? json(200, respuesta([fecha('2026-11-23', { estado: 'en_curso' })], 1, '2026-11-22'))
        : json(200, respuesta([fecha('2026-11-23', { estado: 'ya_cerrado' })], 0, '2026-11-23')),
    );
    const card = await tarjeta();
    await user.click(within(card).getByRole('button', { name: 'Ejecutar cierre' }));
    expect(await within(card).findByText(/Otro proceso está cerrando el 23 nov/)).toBeInTheDocument();
    expect(cuerpos(fetchMock)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await within(card).findByText(/ya estaba cerrado/)).toBeInTheDocument();
    expect(cuerpos(fetchMock)).toHaveLength(2);
  });

  it('solo los administradores ven el cierre diario', async () => {
    renderMonitoreo(() => json(403, { code: 'FORBIDDEN', message: 'No autorizado' }), cobrador);
    expect(await screen.findByText('Préstamos Vigentes')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cierre diario' })).toBeNull();
  });
});
