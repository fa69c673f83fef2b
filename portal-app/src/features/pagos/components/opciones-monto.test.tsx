import type { MetodoPago } from '@cuota/shared/schemas/configuracion';
import type { DeudaCredito } from '@cuota/shared/schemas/creditos';
import type { PagoDetalle } from '@cuota/shared/schemas/pagos';
import { deudaVencida, json, page, proximaCuota, renderRemotePage, SIN_DEUDA } from '@cuota/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RealizarPagoButton } from './realizar-pago-dialog';
import { abrirPestanaTarjeta } from './tarjeta.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const credito = { id: 'cr1', numero_credito: 'CR-2026-0007' };

/** The server's amounts: one cuota overdue with mora (₡95 172,57 to be up to date), the next one due on 15 Dec. */
const enMora = deudaVencida(
  { capital_centimos: 7_455_960, interes_centimos: 2_000_000, mora_centimos: 61_297 },
  {
    cuotas_vencidas: 1,
    dias_mora: 36,
    proxima_cuota: proximaCuota(2, '2026-12-15', 9_455_960),
    total_adeudado_centimos: 101_911_297,
  },
);

const alDia: DeudaCredito = { ...SIN_DEUDA, proxima_cuota: enMora.proxima_cuota, total_adeudado_centimos: 94_544_040 };

const metodos: MetodoPago[] = [
  { id: 'deposito', codigo: 'deposito', nombre: 'Depósito', requiere_referencia: false, activo: true, orden: 1 },
];

const config = (tarjeta: boolean) => ({
  items: [
    ['timezone', 'America/Costa_Rica'],
    ['allow_credit_card_payments', tarjeta ? 'true' : 'false'],
  ].map(([clave, valor]) => ({
    id: clave!,
    clave: clave!,
    valor: valor!,
    descripcion: clave!,
    categoria: 'pagos',
    tipo_dato: 'text',
    updated_at: null,
  })),
  nextCursor: null,
});

function renderDialog(deuda: DeudaCredito, opts: { tarjeta?: boolean } = {}) {
  return renderRemotePage([page(<RealizarPagoButton credito={credito} deuda={deuda} />, '/portal')], '/portal', (url, init) => {
    if (url.pathname === '/api/configuracion') return json(200, config(opts.tarjeta ?? false));
    if (url.pathname === '/api/metodos-pago') return json(200, { items: metodos, nextCursor: null });
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { monto_centimos: number };
      return json(201, { id: 'pg1', monto_centimos: body.monto_centimos } as Partial<PagoDetalle>);
    }
    return json(404, { code: 'NOT_FOUND', message: 'Recurso no encontrado' });
  });
}

async function abrir(user: ReturnType<typeof renderDialog>['user']) {
  await user.click(screen.getByRole('button', { name: 'Realizar Pago' }));
  const dialog = await screen.findByRole('dialog', { name: 'Realizar Pago' });
  await within(dialog).findByRole('form', { name: 'Reportar Pago' });
  return dialog;
}

// The dialog's forms are lazy chunks: load them once before the tests, so each test waits only for React.
beforeAll(() => Promise.all([import('./reportar-pago-form'), import('./pago-tarjeta-form')]));

const opciones = (dialog: HTMLElement) => within(dialog).getByRole('radiogroup', { name: '¿Cuánto vas a pagar?' });

describe('Realizar Pago: montos de un toque', () => {
  it('con atraso abre con "Ponerse al día" marcado y el monto del servidor en el campo', async () => {
    const { user } = renderDialog(enMora);
    const dialog = await abrir(user);
    const grupo = opciones(dialog);
    const radios = within(grupo).getAllByRole('radio');
    expect(radios.map((r) => r.textContent?.replace(/\s/g, ' '))).toEqual([
      'Ponerse al día₡95 172,57',
      'Próxima cuota₡94 559,60Vence 15 dic 2026',
      'Otro montoHasta ₡1 019 112,97',
    ]);
    expect(within(grupo).getByRole('radio', { name: /Ponerse al día/ })).toBeChecked();
    expect(within(dialog).getByLabelText('Monto (₡)')).toHaveValue('95172.57');
  });

  it('"Próxima cuota" pone su monto y avisa que el pago se aplica primero a lo vencido; "Otro monto" vacía el campo, que sigue con Tab', async () => {
    const { user } = renderDialog(enMora);
    const dialog = await abrir(user);
    const grupo = opciones(dialog);
    const monto = within(dialog).getByLabelText('Monto (₡)');

    await user.click(within(grupo).getByRole('radio', { name: /Próxima cuota/ }));
    expect(within(grupo).getByRole('radio', { name: /Próxima cuota/ })).toBeChecked();
    expect(monto).toHaveValue('94559.60');
    expect(within(dialog).getByText(/Tu pago se aplica primero a lo vencido/)).toBeInTheDocument();

    await user.click(within(grupo).getByRole('radio', { name: /Otro monto/ }));
    expect(within(grupo).getByRole('radio', { name: /Otro monto/ })).toBeChecked();
    expect(monto).toHaveValue('');
    // focus stays on the choice; the amount is the next Tab stop
    expect(within(grupo).getByRole('radio', { name: /Otro monto/ })).toHaveFocus();
    await user.tab();
    expect(monto).toHaveFocus();
    await user.keyboard('30000');
    expect(within(grupo).getByRole('radio', { name: /Otro monto/ })).toBeChecked();
  });

  it('escribir otro monto marca "Otro monto"; volver a tocar una opción repone su monto', async () => {
    const { user } = renderDialog(enMora);
    const dialog = await abrir(user);
    const grupo = opciones(dialog);
    const monto = within(dialog).getByLabelText('Monto (₡)');
    await user.clear(monto);
    await user.type(monto, '50000');
    expect(within(grupo).getByRole('radio', { name: /Otro monto/ })).toBeChecked();
    await user.click(within(grupo).getByRole('radio', { name: /Ponerse al día/ }));
    expect(monto).toHaveValue('95172.57');
    expect(within(grupo).getByRole('radio', { name: /Ponerse al día/ })).toBeChecked();
  });

  it('se usa con el teclado: Tab entra en la opción marcada y las flechas cambian de opción', async () => {
    const { user } = renderDialog(enMora);
    const dialog = await abrir(user);
    const grupo = opciones(dialog);
    const alDiaRadio = within(grupo).getByRole('radio', { name: /Ponerse al día/ });
    // focus lands in the dialog; tab until the checked choice
    for (let i = 0; i < 5 && document.activeElement !== alDiaRadio; i++) await user.tab();
    expect(alDiaRadio).toHaveFocus();
    // held down as a person presses it: the group moves focus on the next tick and checks what it focuses
    const flecha = async (nombre: RegExp) => {
      await user.keyboard('{ArrowDown>}');
      await waitFor(() => expect(within(grupo).getByRole('radio', { name: nombre })).toBeChecked());
      await user.keyboard('{/ArrowDown}');
    };
    await flecha(/Próxima cuota/);
    expect(within(dialog).getByLabelText('Monto (₡)')).toHaveValue('94559.60');
    await flecha(/Otro monto/);
    expect(within(dialog).getByLabelText('Monto (₡)')).toHaveValue('');
  });

  it('sin atraso abre con "Próxima cuota" y "Ponerse al día" no se puede elegir', async () => {
    const { user } = renderDialog(alDia);
    const dialog = await abrir(user);
    const grupo = opciones(dialog);
    const ponerse = within(grupo).getByRole('radio', { name: /Ponerse al día/ });
    expect(ponerse).toBeDisabled();
    expect(ponerse).toHaveTextContent('No tienes nada vencido');
    expect(within(grupo).getByRole('radio', { name: /Próxima cuota/ })).toBeChecked();
    expect(within(dialog).getByLabelText('Monto (₡)')).toHaveValue('94559.60');
    expect(within(dialog).queryByText(/Tu pago se aplica primero a lo vencido/)).toBeNull();
  });

  it('reporta exactamente el monto del servidor elegido, en céntimos', async () => {
    const { user, fetchMock } = renderDialog(enMora);
    const dialog = await abrir(user);
    await user.selectOptions(await within(dialog).findByLabelText('Canal de pago'), 'deposito');
    await user.click(within(dialog).getByRole('button', { name: 'Reportar Pago' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ credito_id: 'cr1', monto_centimos: 9_517_257 });
  });

  it('la pestaña Pagar con Tarjeta ofrece las mismas opciones', async () => {
    const { user } = renderDialog(enMora, { tarjeta: true });
    const dialog = await abrir(user);
    const form = await abrirPestanaTarjeta(user, dialog);
    expect(within(form).getByRole('radio', { name: /Ponerse al día/ })).toBeChecked();
    expect(within(form).getByLabelText('Monto (₡)')).toHaveValue('95172.57');
    await user.click(within(form).getByRole('radio', { name: /Próxima cuota/ }));
    expect(within(form).getByLabelText('Monto (₡)')).toHaveValue('94559.60');
  });
});
