import { formatCRC } from '@cuota/shared/montos';
import type { MetodoPago } from '@cuota/shared/schemas/configuracion';
import { montosTexts } from '@cuota/shared/texts/montos';
import { json, page, renderRemotePage } from '@cuota/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RealizarPagoButton } from './realizar-pago-dialog';
import { abrirPestanaTarjeta, llenarTarjeta } from './tarjeta.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const metodos: MetodoPago[] = [
  { id: 'deposito', codigo: 'deposito', nombre: 'Depósito', requiere_referencia: false, activo: true, orden: 1 },
];
const ajuste = (clave: string, valor: string) => ({
  id: clave,
  clave,
  valor,
  descripcion: clave,
  categoria: 'pagos',
  tipo_dato: 'text',
  updated_at: null,
});

type Handler = Parameters<typeof renderRemotePage>[2];
const api: Handler = (url, init) => {
  if (url.pathname === '/api/configuracion')
    return json(200, { items: [ajuste('allow_credit_card_payments', 'true')], nextCursor: null });
  if (url.pathname === '/api/metodos-pago') return json(200, { items: metodos, nextCursor: null });
  // the answer does not matter here: what was sent does
  if (init?.method === 'POST') return json(500, { code: 'INTERNAL', message: 'no' });
  return json(404, { code: 'NOT_FOUND', message: 'Recurso no encontrado' });
};

// The dialog's forms are lazy chunks: load them once before the tests, so each test waits only for React.
beforeAll(() => Promise.all([import('./reportar-pago-form'), import('./pago-tarjeta-form')]));

async function abrirDialogo() {
  const view = renderRemotePage(
    [page(<RealizarPagoButton credito={{ id: 'cr1', numero_credito: 'CR-2026-0007' }} />, '/portal')],
    '/portal',
    api,
  );
  await view.user.click(screen.getByRole('button', { name: 'Realizar Pago' }));
  const dialog = await screen.findByRole('dialog', { name: 'Realizar Pago' });
  await within(dialog).findByRole('form', { name: 'Reportar Pago' });
  const cuerpos = () =>
    view.fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)));
  return { ...view, dialog, cuerpos };
}

describe('el monto de un pago se escribe a la costarricense', () => {
  it('Reportar Pago: 62.550 se lee ₡62 550,00 mientras se escribe y se envían 6 255 000 céntimos', async () => {
    const { user, dialog, cuerpos } = await abrirDialogo();
    const form = within(dialog).getByRole('form', { name: 'Reportar Pago' });
    const monto = within(form).getByLabelText('Monto (₡)');
    await user.type(monto, '62.550');
    expect(monto).toHaveAccessibleDescription(expect.stringContaining(`Se registrará ${formatCRC(62_550_00)}`));
    await user.selectOptions(
      within(form).getByLabelText('Canal de pago'),
      await within(form).findByRole('option', { name: 'Depósito' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Reportar Pago' }));
    await waitFor(() => expect(cuerpos()).toHaveLength(1));
    expect(cuerpos()[0]).toMatchObject({ credito_id: 'cr1', monto_centimos: 62_550_00 });
  });

  it('Reportar Pago: un monto ambiguo se explica al escribirlo y no se envía', async () => {
    const { user, dialog, cuerpos } = await abrirDialogo();
    const form = within(dialog).getByRole('form', { name: 'Reportar Pago' });
    const monto = within(form).getByLabelText('Monto (₡)');
    await user.type(monto, '1,000.50');
    expect(monto).toHaveAccessibleDescription(expect.stringContaining(montosTexts.ambiguo));
    await user.click(within(form).getByRole('button', { name: 'Reportar Pago' }));
    expect(await within(form).findByText(montosTexts.ambiguo)).toBeInTheDocument();
    expect(monto).toHaveAttribute('aria-invalid', 'true');
    expect(cuerpos()).toHaveLength(0);
  });

  it('Pagar con Tarjeta: 1.000.000,50 se envía como 100 000 050 céntimos', async () => {
    const { user, dialog, cuerpos } = await abrirDialogo();
    const form = await abrirPestanaTarjeta(user, dialog);
    const monto = within(form).getByLabelText('Monto (₡)');
    await user.type(monto, '1.000.000,50');
    expect(monto).toHaveAccessibleDescription(expect.stringContaining(`Se registrará ${formatCRC(1_000_000_50)}`));
    await llenarTarjeta(user, form, { numero: '4242 4242 4242 4242', cvv: '123' });
    await user.click(within(form).getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(cuerpos()).toHaveLength(1));
    expect(cuerpos()[0]).toEqual({ credito_id: 'cr1', monto_centimos: 1_000_000_50, tarjeta_ultimos4: '4242' });
  });
});
