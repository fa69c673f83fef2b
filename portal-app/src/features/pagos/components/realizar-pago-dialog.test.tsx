import { DEFAULT_TIMEZONE, fechaNegocio } from '@cuota/shared/domain/fechas';
import type { MetodoPago } from '@cuota/shared/schemas/configuracion';
import { json, page, pagoDePrueba, renderRemotePage } from '@cuota/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MisPagosTab } from './mis-pagos-tab';
import { RealizarPagoButton } from './realizar-pago-dialog';
import { abrirPestanaTarjeta, llenarTarjeta } from './tarjeta.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const credito = { id: 'cr1', numero_credito: 'CR-2026-0007' };
const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);

const metodos: MetodoPago[] = [
  { id: 'sinpe_movil', codigo: 'sinpe_movil', nombre: 'SINPE Móvil', requiere_referencia: true, activo: true, orden: 1 },
  { id: 'deposito', codigo: 'deposito', nombre: 'Depósito', requiere_referencia: false, activo: true, orden: 2 },
];

function configuracion(tarjeta: string | null) {
  const item = (clave: string, valor: string) => ({
    id: clave,
    clave,
    valor,
    descripcion: clave,
    categoria: clave === 'timezone' ? 'general' : 'pagos',
    tipo_dato: 'text',
    updated_at: null,
  });
  return {
    items: [
      item('timezone', 'America/Costa_Rica'),
      ...(tarjeta === null ? [] : [item('allow_credit_card_payments', tarjeta)]),
      item('payment_reflection_hours', '72'),
    ],
    nextCursor: null,
  };
}

const pago = pagoDePrueba({ fecha_pago: hoy });

type Handler = Parameters<typeof renderRemotePage>[2];

/** The API the dialog talks to; `post` answers the payment POSTs. */
function api(opts: { tarjeta?: string | null; post?: Handler } = {}): Handler {
  return (url, init) => {
    if (url.pathname === '/api/configuracion')
      return json(200, configuracion(opts.tarjeta === undefined ? 'false' : opts.tarjeta));
    if (url.pathname === '/api/metodos-pago') return json(200, { items: metodos, nextCursor: null });
    if (url.pathname === '/api/portal/pagos' && (init?.method ?? 'GET') === 'GET')
      return json(200, { items: [], nextCursor: null });
    if (init?.method === 'POST' && opts.post) return opts.post(url, init);
    return json(404, { code: 'NOT_FOUND', message: 'Recurso no encontrado' });
  };
}

function renderDialog(handler: Handler, montoSugeridoCentimos?: number) {
  const view = renderRemotePage(
    [
      page(
        <>
          <RealizarPagoButton credito={credito} montoSugeridoCentimos={montoSugeridoCentimos} />
          <MisPagosTab />
        </>,
        '/portal',
      ),
    ],
    '/portal',
    handler,
  );
  return view;
}

async function abrir(user: ReturnType<typeof renderDialog>['user']) {
  await user.click(screen.getByRole('button', { name: 'Realizar Pago' }));
  const dialog = await screen.findByRole('dialog', { name: 'Realizar Pago' });
  await within(dialog).findByRole('form', { name: 'Reportar Pago' });
  return dialog;
}

// The dialog's forms are lazy chunks: load them once before the tests, so each test waits only for React.
beforeAll(() => Promise.all([import('./reportar-pago-form'), import('./pago-tarjeta-form')]));

/** The message linked to a control through aria-describedby. */
function mensajeDe(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

const posts = (fetchMock: ReturnType<typeof renderDialog>['fetchMock']) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('Realizar Pago: Reportar Pago', () => {
  it('el diálogo se carga al primer clic y al cerrarlo el foco vuelve al botón', async () => {
    const { user } = renderDialog(api());
    const boton = screen.getByRole('button', { name: 'Realizar Pago' });
    expect(boton).toHaveAttribute('aria-haspopup', 'dialog');
    expect(boton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const dialogo = await abrir(user);
    expect(boton).toHaveAttribute('aria-expanded', 'true');
    expect(boton).toHaveAttribute('aria-controls', dialogo.id);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(boton).toHaveFocus();
    expect(boton).toHaveAttribute('aria-expanded', 'false');
    // abre de nuevo (el módulo ya está cargado)
    await abrir(user);
  });

  it('valida en cada campo con los mensajes del spec y sin enviar nada', async () => {
    const { user, fetchMock } = renderDialog(api());
    const dialog = await abrir(user);
    const form = within(dialog).getByRole('form', { name: 'Reportar Pago' });
    const fecha = within(form).getByLabelText('Fecha de pago');
    expect(fecha).toHaveValue(hoy);
    await user.clear(fecha);
    await user.click(within(form).getByRole('button', { name: 'Reportar Pago' }));

    const monto = within(form).getByLabelText('Monto (₡)');
    await waitFor(() => expect(mensajeDe(monto)).toContain('El monto es requerido'));
    expect(monto).toHaveAttribute('aria-invalid', 'true');
    expect(mensajeDe(fecha)).toContain('La fecha es requerida');
    expect(mensajeDe(within(form).getByLabelText('Canal de pago'))).toContain('El canal de pago es requerido');

    await user.type(monto, '0');
    await user.click(within(form).getByRole('button', { name: 'Reportar Pago' }));
    await waitFor(() => expect(mensajeDe(monto)).toContain('Debe ser un monto válido mayor a 0'));
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('lista los canales activos marcando los que requieren referencia, y la exige para ellos', async () => {
    const { user, fetchMock } = renderDialog(api());
    const dialog = await abrir(user);
    const canal = within(dialog).getByLabelText('Canal de pago');
    expect(await within(canal).findByRole('option', { name: 'SINPE Móvil · Requiere referencia' })).toBeInTheDocument();
    expect(within(canal).getByRole('option', { name: 'Depósito' })).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        'Tu pago quedará pendiente de verificación y puede tardar hasta 72 horas en reflejarse en tu crédito.',
      ),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Monto (₡)'), '1000');
    await user.selectOptions(canal, 'sinpe_movil');
    const referencia = within(dialog).getByLabelText('Referencia del comprobante');
    expect(mensajeDe(referencia)).toContain('Requiere referencia');
    expect(referencia).toHaveAttribute('maxLength', '50');
    await user.click(within(dialog).getByRole('button', { name: 'Reportar Pago' }));
    await waitFor(() => expect(mensajeDe(referencia)).toContain('SINPE Móvil requiere la referencia del comprobante'));
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('reporta el pago en céntimos con Idempotency-Key, muestra el toast, cierra y refresca Mis Pagos', async () => {
    let listados = 0;
    const base = api({ post: () => json(201, pago) });
    const { user, fetchMock } = renderDialog((url, init) => {
      if (url.pathname === '/api/portal/pagos' && (init?.method ?? 'GET') === 'GET') listados++;
      return base(url, init);
    }, 2_500_050);
    expect(await screen.findByText('Aún no tienes pagos registrados')).toBeInTheDocument();
    const antes = listados;
    const dialog = await abrir(user);
    expect(within(dialog).getByText('Crédito CR-2026-0007')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Monto (₡)')).toHaveValue('25000.50');
    await user.selectOptions(await within(dialog).findByLabelText('Canal de pago'), 'sinpe_movil');
    await user.type(within(dialog).getByLabelText('Referencia del comprobante'), 'SINPE-555');
    await user.click(within(dialog).getByRole('button', { name: 'Reportar Pago' }));

    expect(await screen.findByText('Pago reportado exitosamente')).toBeInTheDocument();
    expect(screen.getByText('Tu pago está en proceso de verificación')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [[url, init]] = posts(fetchMock) as [[string, RequestInit]];
    expect(new URL(url).pathname).toBe('/api/portal/pagos');
    expect(JSON.parse(String(init.body))).toEqual({
      credito_id: 'cr1',
      monto_centimos: 2_500_050,
      fecha_pago: hoy,
      canal: 'sinpe_movil',
      referencia_pago: 'SINPE-555',
      referencia_externa: null,
    });
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(listados).toBeGreaterThan(antes));
  });

  it('si falla: toast con el mensaje del servidor, error en el campo, conserva lo escrito, y reintenta con la misma clave', async () => {
    let responder: (r: Response) => void = () => undefined;
    let intento = 0;
    const { user, fetchMock } = renderDialog(
      api({
        post: () => {
          intento++;
          if (intento === 1) {
            return json(400, {
              code: 'VALIDATION_ERROR',
              message: 'Datos inválidos: revisa los campos marcados',
              details: { monto_centimos: 'El monto excede el saldo pendiente del crédito (₡10 000,00)' },
            });
          }
          return new Promise<Response>((resolve) => (responder = resolve));
        },
      }),
    );
    const dialog = await abrir(user);
    const monto = within(dialog).getByLabelText('Monto (₡)');
    await user.type(monto, '50000');
    await user.selectOptions(await within(dialog).findByLabelText('Canal de pago'), 'deposito');
    await user.click(within(dialog).getByRole('button', { name: 'Reportar Pago' }));

    expect(await screen.findByText('Error al reportar pago')).toBeInTheDocument();
    expect(screen.getByText('Datos inválidos: revisa los campos marcados')).toBeInTheDocument();
    await waitFor(() => expect(mensajeDe(monto)).toContain('El monto excede el saldo pendiente del crédito'));
    expect(monto).toHaveValue('50000');
    expect(within(dialog).getByLabelText('Canal de pago')).toHaveValue('deposito');

    await user.click(within(dialog).getByRole('button', { name: 'Reportar Pago' }));
    // while sending: the submit is disabled and the dialog stays open
    expect(await within(dialog).findByRole('button', { name: 'Enviando...' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    responder(json(201, pago));
    expect(await screen.findByText('Pago reportado exitosamente')).toBeInTheDocument();

    const [primero, segundo] = posts(fetchMock).map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(primero).toBeTruthy();
    expect(segundo).toBe(primero);

    // a new opening is a new submission: a new key
    await abrir(user);
    await user.type(screen.getByLabelText('Monto (₡)'), '50000');
    await user.selectOptions(await screen.findByLabelText('Canal de pago'), 'deposito');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reportar Pago' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(3));
    const tercero = (posts(fetchMock)[2]![1]?.headers as Record<string, string>)['Idempotency-Key'];
    expect(tercero).not.toBe(primero);
  });
});

describe('Realizar Pago: Pagar con Tarjeta', () => {
  it("la pestaña solo aparece cuando allow_credit_card_payments es exactamente 'true'", async () => {
    for (const valor of ['false', null, 'TRUE']) {
      const { user, unmount } = renderDialog(api({ tarjeta: valor }));
      const dialog = await abrir(user);
      expect(await within(dialog).findByText(/puede tardar hasta 72 horas/)).toBeInTheDocument();
      expect(within(dialog).getByRole('tab', { name: 'Reportar Pago' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('tab', { name: 'Pagar con Tarjeta' })).not.toBeInTheDocument();
      unmount();
      vi.unstubAllGlobals();
    }
    const { user } = renderDialog(api({ tarjeta: 'true' }));
    const dialog = await abrir(user);
    expect(await within(dialog).findByRole('tab', { name: 'Pagar con Tarjeta' })).toBeInTheDocument();
  });

  it('valida la tarjeta en el navegador con los mensajes del spec', async () => {
    const { user, fetchMock } = renderDialog(api({ tarjeta: 'true' }));
    const dialog = await abrir(user);
    const form = await abrirPestanaTarjeta(user, dialog);
    expect(within(form).getByLabelText('Mes (MM)')).toHaveAttribute('maxLength', '2');
    expect(within(form).getByLabelText('Año (AA)')).toHaveAttribute('maxLength', '2');
    await user.click(within(form).getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(mensajeDe(within(form).getByLabelText('Monto (₡)'))).toContain('El monto es requerido'));
    expect(mensajeDe(within(form).getByLabelText('Número de tarjeta'))).toContain('Número de tarjeta inválido');
    expect(mensajeDe(within(form).getByLabelText('Nombre del titular'))).toContain('Nombre del titular requerido');
    expect(mensajeDe(within(form).getByLabelText('Mes (MM)'))).toContain('Mes requerido');
    expect(mensajeDe(within(form).getByLabelText('Año (AA)'))).toContain('Año requerido');
    expect(mensajeDe(within(form).getByLabelText('CVV'))).toContain('CVV requerido');

    await user.type(within(form).getByLabelText('Número de tarjeta'), '4242 4242 4242 4241');
    await user.type(within(form).getByLabelText('CVV'), '12');
    await user.type(within(form).getByLabelText('Mes (MM)'), '01');
    await user.type(within(form).getByLabelText('Año (AA)'), '20');
    await user.click(within(form).getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(mensajeDe(within(form).getByLabelText('CVV'))).toContain('CVV inválido'));
    expect(mensajeDe(within(form).getByLabelText('Número de tarjeta'))).toContain('Número de tarjeta inválido');
    expect(mensajeDe(within(form).getByLabelText('Año (AA)'))).toContain('La tarjeta está vencida');
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('envía solo crédito, monto y los últimos 4 dígitos: ni número, ni CVV, ni expiración, ni titular', async () => {
    const { user, fetchMock } = renderDialog(
      api({ tarjeta: 'true', post: () => json(201, { ...pago, canal: 'tarjeta_credito', referencia_externa: '**** 4242' }) }),
    );
    const dialog = await abrir(user);
    const form = await abrirPestanaTarjeta(user, dialog);
    await user.type(within(form).getByLabelText('Monto (₡)'), '15000');
    await llenarTarjeta(user, form, { numero: '4242 4242 4242 4242', cvv: '987' });
    await user.click(within(form).getByRole('button', { name: 'Pagar' }));

    expect(await screen.findByText('Pago procesado')).toBeInTheDocument();
    expect(screen.getByText('Se reflejará en 24 horas')).toBeInTheDocument();
    const [[url, init]] = posts(fetchMock) as [[string, RequestInit]];
    expect(new URL(url).pathname).toBe('/api/portal/pagos/tarjeta');
    const texto = String(init.body);
    expect(JSON.parse(texto)).toEqual({ credito_id: 'cr1', monto_centimos: 1_500_000, tarjeta_ultimos4: '4242' });
    expect(texto).not.toMatch(/4242\s?4242\s?4242\s?4242|987|Carolina|numero_tarjeta|cvv|expiracion|titular/);
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });

  it("si falla muestra 'Error al procesar pago' y conserva los datos", async () => {
    const { user } = renderDialog(
      api({
        tarjeta: 'true',
        post: () => json(409, { code: 'TARJETA_DESHABILITADA', message: 'Los pagos con tarjeta no están habilitados' }),
      }),
    );
    const dialog = await abrir(user);
    const form = await abrirPestanaTarjeta(user, dialog);
    await user.type(within(form).getByLabelText('Monto (₡)'), '15000');
    await llenarTarjeta(user, form, { numero: '4242424242424242', cvv: '987' });
    await user.click(within(form).getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Error al procesar pago')).toBeInTheDocument();
    expect(screen.getByText('Los pagos con tarjeta no están habilitados')).toBeInTheDocument();
    expect(within(form).getByLabelText('Nombre del titular')).toHaveValue('Carolina Mora');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
