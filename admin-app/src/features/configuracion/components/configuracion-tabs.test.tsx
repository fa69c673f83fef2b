import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, page, renderRemotePage } from '../../../test/render';
import { PagosTab, SistemaTab } from './configuracion-tabs';

afterEach(() => {
  vi.unstubAllGlobals();
});

const item = (
  clave: string,
  valor: string,
  categoria: 'general' | 'pagos',
  tipo_dato: 'text' | 'boolean' | 'password' = 'text',
) => ({
  id: clave,
  clave,
  valor,
  descripcion: clave,
  categoria,
  tipo_dato,
  updated_at: null,
});

const config = {
  items: [
    item('timezone', 'America/Costa_Rica', 'general'),
    item('tasa_usura_credito_anual', '37.13', 'general'),
    item('allow_credit_card_payments', 'false', 'pagos', 'boolean'),
    item('payment_reflection_hours', '48', 'pagos'),
    item('stripe_secret_key', '', 'pagos', 'password'),
  ],
  nextCursor: null,
};
const metodos = {
  items: [{ id: 'sinpe_movil', codigo: 'sinpe_movil', nombre: 'SINPE Móvil', requiere_referencia: true, activo: true, orden: 1 }],
  nextCursor: null,
};

function renderConfig(tab: ReactElement) {
  return renderRemotePage([page(tab, '/configuracion')], '/configuracion', (url, init) => {
    if (init?.method === 'PUT') return json(200, item('tasa_usura_credito_anual', '38.00', 'general'));
    if (init?.method === 'PATCH') return json(200, { ...metodos.items[0], activo: false });
    if (url.pathname === '/api/metodos-pago') return json(200, metodos);
    return json(200, config);
  });
}

describe('Configuración: pestañas de administrador', () => {
  it('Sistema: guarda al salir del campo solo si cambió, y muestra la hora de la zona', async () => {
    const { user, fetchMock } = renderConfig(<SistemaTab />);
    expect(await screen.findByText(/Hora actual en esta zona/)).toBeInTheDocument();
    const tasa = screen.getByDisplayValue('37.13');
    await user.click(tasa);
    await user.tab();
    expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(false);
    await user.clear(tasa);
    await user.type(tasa, '38.00');
    await user.tab();
    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT');
    expect(String(put?.[0])).toContain('/api/configuracion/tasa_usura_credito_anual');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ valor: '38.00' });
    expect(await screen.findByText('Configuración actualizada')).toBeInTheDocument();
  });

  it('Sistema: el error del servidor se va al volver al valor guardado, sin otro PUT', async () => {
    const { user, fetchMock } = renderRemotePage([page(<SistemaTab />, '/configuracion')], '/configuracion', (_url, init) => {
      if (init?.method === 'PUT') {
        return json(400, { code: 'VALIDATION', message: 'Datos inválidos', details: { valor: 'Debe ser un número' } });
      }
      return json(200, config);
    });
    const tasa = await screen.findByDisplayValue('37.13');
    await user.clear(tasa);
    await user.type(tasa, 'abc');
    await user.tab();
    expect(await screen.findByText('Debe ser un número')).toBeInTheDocument();
    expect(tasa).toHaveValue('abc');
    expect(tasa).toHaveAttribute('aria-invalid', 'true');

    await user.clear(tasa);
    await user.type(tasa, '37.13');
    expect(screen.queryByText('Debe ser un número')).not.toBeInTheDocument();
    expect(tasa).not.toHaveAttribute('aria-invalid', 'true');
    await user.tab();
    expect(screen.queryByText('Debe ser un número')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'PUT')).toHaveLength(1);
  });

  it('Pagos: Stripe con switch y contraseña, nota de horas, métodos con Requiere referencia', async () => {
    const { user } = renderConfig(<PagosTab />);
    expect(await screen.findByText('Configuración de Stripe')).toBeInTheDocument();
    expect(await screen.findByText(/tardan 48 horas en aparecer/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /allow_credit_card_payments|tarjeta/ })).toHaveAttribute('aria-checked', 'false');
    const lista = (await screen.findByText('SINPE Móvil')).closest('li') as HTMLElement;
    expect(within(lista).getByText('Requiere referencia')).toBeInTheDocument();
    await user.click(within(lista).getByRole('switch', { name: 'Activo: SINPE Móvil' }));
    expect(await screen.findByText('Método actualizado')).toBeInTheDocument();
  });
});
