import type { PortalResumen } from '@cuota/shared/schemas/creditos';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProximasCuotas } from './proximas-cuotas';

const cuota = (n: number, alerta: 'vencida' | 'proxima' | null): PortalResumen['proximas_cuotas'][number] => ({
  id: `q${n}`,
  credito_id: 'k1',
  numero_cuota: n,
  fecha_vencimiento: '2026-12-16',
  monto_capital_centimos: 4_000_000,
  monto_interes_centimos: 500_000,
  monto_mora_centimos: 0,
  monto_total_centimos: 4_500_000,
  saldo_capital_despues_centimos: 0,
  pagada: false,
  dias_mora: 0,
  numero_credito: 'CR-2026-000001',
  alerta,
});

describe('Próximas Cuotas', () => {
  it('cada cuota dice su crédito y su número completos: el texto se parte en líneas, nunca se corta con …', () => {
    render(<ProximasCuotas cuotas={[cuota(11, 'vencida'), cuota(12, null)]} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const titulo = screen.getByText('CR-2026-000001 · Cuota 11');
    // `truncate` (overflow hidden + ellipsis + nowrap) is what cut it on desktop.
    expect(titulo.className).not.toMatch(/\btruncate\b|text-ellipsis|whitespace-nowrap/);
    expect(screen.getByText('CR-2026-000001 · Cuota 12')).toBeInTheDocument();
    expect(screen.getByText('Vencida')).toBeInTheDocument();
  });
});
