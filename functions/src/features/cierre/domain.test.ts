import { describe, expect, it } from 'vitest';
import { normalizarCuota, pendiente, proximaRevision } from './domain';

describe('proximaRevision: la fecha en que el cierre puede cambiar el crédito', () => {
  it('mientras está vigente y pagó por adelantado, el día siguiente a su primer vencimiento (vigente → al_dia)', () => {
    expect(proximaRevision({ estado: 'vigente', proximo_vencimiento: '2026-03-15' }, '2026-02-15')).toBe('2026-02-16');
  });
  it('si no, el vencimiento impago más antiguo; ninguna una vez cancelado', () => {
    expect(proximaRevision({ estado: 'vigente', proximo_vencimiento: '2026-02-15' }, '2026-02-15')).toBe('2026-02-15');
    expect(proximaRevision({ estado: 'al_dia', proximo_vencimiento: '2026-03-15' }, '2026-02-15')).toBe('2026-03-15');
    expect(proximaRevision({ estado: 'vencido', proximo_vencimiento: '2026-02-15' }, '2026-02-15')).toBe('2026-02-15');
    expect(proximaRevision({ estado: 'cancelado', proximo_vencimiento: null }, '2026-02-15')).toBeNull();
  });
});

describe('normalizarCuota', () => {
  it('una cuota pagada sin campos por componente se considera pagada por completo', () => {
    const c = normalizarCuota({
      numero_cuota: 1,
      fecha_vencimiento: '2026-02-15',
      monto_capital_centimos: 100,
      monto_interes_centimos: 20,
      monto_mora_centimos: 3,
      pagada: true,
      dias_mora: 2,
    });
    expect(pendiente(c).total).toBe(0);
    expect(c).toMatchObject({ pagado_capital_centimos: 100, pagado_interes_centimos: 20, pagado_mora_centimos: 3 });
  });
});
