import type { CreditoPortal, DeudaCredito } from '@cuota/shared/schemas/creditos';
import { creditoDePrueba, deudaVencida, json, page, proximaCuota, renderRemotePage, SIN_DEUDA } from '@cuota/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MisCreditosTab } from './mis-creditos-tab';

afterEach(() => {
  vi.unstubAllGlobals();
});

function credito(id: string, estado: CreditoPortal['estado'], deuda: DeudaCredito): CreditoPortal {
  return creditoDePrueba({
    id,
    numero_credito: `CR-2026-${id}`,
    estado,
    saldo_mora_centimos: deuda.vencido.mora_centimos,
    deuda,
  });
}

// monto al día ₡180 403,75
const enMora = credito(
  '000001',
  'vencido',
  deudaVencida(
    { capital_centimos: 14_911_920, interes_centimos: 3_000_000, mora_centimos: 128_455 },
    {
      cuotas_vencidas: 2,
      dias_mora: 35,
      proxima_cuota: proximaCuota(7, '2026-12-16', 9_455_960),
      total_adeudado_centimos: 77_128_455,
    },
  ),
);
const alDia = credito('000002', 'al_dia', {
  ...SIN_DEUDA,
  proxima_cuota: proximaCuota(3, '2026-12-01', 4_500_000),
  total_adeudado_centimos: 30_450_000,
});
const cancelado = credito('000003', 'cancelado', SIN_DEUDA);

function renderTab(items: CreditoPortal[]) {
  return renderRemotePage([page(<MisCreditosTab />, '/portal')], '/portal', (url) => {
    if (url.pathname === '/api/portal/creditos') return json(200, { items, nextCursor: null });
    return json(404, { code: 'NOT_FOUND', message: 'Recurso no encontrado' });
  });
}

/** The card (Card's rounded border) whose title is the credit number. */
const tarjeta = async (numero: string) =>
  (await screen.findByRole('heading', { name: numero })).closest<HTMLElement>('.rounded-xl')!;
const texto = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');

describe('Mis Créditos: lo que se debe', () => {
  it('un crédito en mora muestra el saldo en mora por componente, el monto para ponerse al día, la próxima cuota y el total', async () => {
    renderTab([enMora]);
    const card = await tarjeta('CR-2026-000001');
    const mora = within(card).getByRole('region', { name: 'Saldo en mora' });
    expect(texto(mora)).toContain('2 cuotas vencidas · 35 días de atraso');
    const fila = (label: string) => texto(within(mora).getByText(label).parentElement!);
    expect(fila('Capital')).toBe('Capital₡149 119,20');
    expect(fila('Intereses')).toBe('Intereses₡30 000,00');
    expect(fila('Intereses moratorios')).toBe('Intereses moratorios₡1 284,55');
    expect(fila('Para ponerse al día')).toBe('Para ponerse al día₡180 403,75');
    expect(texto(within(card).getByText('Próxima cuota').parentElement!)).toBe(
      'Próxima cuota₡94 559,60Cuota 7 · vence 16 dic 2026',
    );
    expect(texto(within(card).getByText('Total adeudado').parentElement!)).toBe('Total adeudado₡771 284,55');
    expect(within(card).getByRole('button', { name: 'Realizar Pago' })).toBeInTheDocument();
  });

  it('un crédito al día lo dice, con su próxima cuota; uno cancelado no muestra deuda ni pago', async () => {
    renderTab([alDia, cancelado]);
    const card = await tarjeta('CR-2026-000002');
    expect(within(card).getByText('Estás al día')).toBeInTheDocument();
    expect(within(card).queryByRole('region', { name: 'Saldo en mora' })).toBeNull();
    expect(texto(within(card).getByText('Próxima cuota').parentElement!)).toBe(
      'Próxima cuota₡45 000,00Cuota 3 · vence 01 dic 2026',
    );
    expect(texto(within(card).getByText('Total adeudado').parentElement!)).toBe('Total adeudado₡304 500,00');

    const fin = await tarjeta('CR-2026-000003');
    expect(within(fin).queryByText('Total adeudado')).toBeNull();
    expect(within(fin).queryByText('Estás al día')).toBeNull();
    expect(within(fin).queryByRole('button', { name: 'Realizar Pago' })).toBeNull();
  });
});
