import type { CreditoDetalle, Liquidacion } from '@cuota/shared/schemas/creditos';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, page, renderRemotePage } from '../../../test/render';
import { LiquidacionCredito } from './liquidacion-credito';

afterEach(() => {
  vi.restoreAllMocks();
});

const credito = {
  id: 'cr1',
  deuda: { fecha: '2026-03-12' },
} as unknown as CreditoDetalle;

const liq = (fecha: string, over: Partial<Liquidacion> = {}): Liquidacion => ({
  fecha,
  capital_pendiente_centimos: 100_000_000,
  interes_corriente_centimos: 65_753,
  interes_vencido_centimos: 0,
  capital_vencido_centimos: 0,
  mora_centimos: 0,
  total_centimos: 100_065_753,
  dias_interes: 1,
  ...over,
});

describe('Liquidación en el detalle del crédito', () => {
  it('muestra el desglose del servidor para la fecha elegida y el error en español de una fecha fuera de rango', async () => {
    renderRemotePage([page(<LiquidacionCredito credito={credito} />, '/creditos/:id')], '/creditos/cr1', (url) => {
      const fecha = url.searchParams.get('fecha') ?? '';
      if (url.pathname !== '/api/creditos/cr1/liquidacion') return json(404, { error: 'x' });
      if (fecha > '2026-05-11')
        return json(400, {
          code: 'VALIDATION_ERROR',
          message: 'La fecha no puede ser posterior al 2026-05-11 (60 días desde hoy).',
        });
      return json(200, liq(fecha));
    });
    const total = await screen.findByTestId('liquidacion-total');
    expect(total.textContent?.replace(/\s/g, ' ')).toMatch(/1 000 657,53/);
    const tarjeta = screen.getByTestId('liquidacion');
    expect(within(tarjeta).getByText('Intereses corrientes devengados (1 día)')).toBeInTheDocument();
    expect(within(tarjeta).getByRole('button', { name: /Imprimir liquidación/ })).toBeEnabled();

    fireEvent.change(screen.getByLabelText('Fecha de pago'), { target: { value: '2026-06-30' } });
    expect(await screen.findByText(/no puede ser posterior/)).toBeInTheDocument();
    expect(screen.queryByTestId('liquidacion-total')).toBeNull();
  });
});
