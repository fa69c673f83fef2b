import { describe, expect, it } from 'vitest';
import { cifrasCartera, contribucion } from './domain';

const ctx = { fecha: '2026-03-15', fechaDe: (iso: string) => iso.slice(0, 10) };
const CARTERA = 'AGG#CARTERA|RESUMEN';
const RIESGO = 'AGG#RIESGO|RESUMEN';

const credito = (over: Record<string, unknown> = {}) => ({
  id: 'C1',
  cliente_id: 'CLI-1',
  estado: 'vencido',
  saldo_capital_centimos: 400_000_00,
  saldo_mora_centimos: 9_000_00,
  dias_mora_max: 100,
  ...over,
});

describe('contribución al agregado de riesgo', () => {
  it('un crédito activo suma en su día de mora; uno reestructurado en sus propios contadores', () => {
    expect(contribucion('credito', credito(), ctx)[RIESGO]).toEqual({ n_100: 1, s_100: 400_000_00 });
    expect(contribucion('credito', credito({ reestructurado: true, dias_mora_max: 0, estado: 'al_dia' }), ctx)[RIESGO]).toEqual({
      nr_0: 1,
      sr_0: 400_000_00,
    });
    // 366 days or more share one counter
    expect(contribucion('credito', credito({ dias_mora_max: 900 }), ctx)[RIESGO]).toEqual({ n_366: 1, s_366: 400_000_00 });
  });

  it('un crédito castigado sale de la cartera activa, del PAR, de la antigüedad y de la mora, y expone su saldo castigado', () => {
    const c = contribucion(
      'credito',
      credito({
        estado: 'castigado',
        saldo_capital_centimos: 300_000_00,
        castigo_pendiente_capital_centimos: 300_000_00,
        castigo_pendiente_interes_centimos: 20_000_00,
        castigo_pendiente_mora_centimos: 9_000_00,
      }),
      ctx,
    );
    expect(c[CARTERA]).toEqual({ creditos_castigado: 1, capital_castigado_centimos: 300_000_00 });
    expect(c[RIESGO]).toEqual({ castigados: 1, castigado_saldo_centimos: 329_000_00, castigado_capital_centimos: 300_000_00 });
    const cifras = cifrasCartera(c[CARTERA]);
    expect(cifras.cartera_activa_centimos).toBe(0);
    expect(cifras.par30.capital_centimos).toBe(0);
    expect(cifras.saldo_mora_centimos).toBe(0);
  });

  it('un pago conciliado de un crédito castigado cuenta como recuperación, no como cobro del mes', () => {
    const pago = {
      id: 'P1',
      estado: 'conciliado',
      recuperacion: true,
      monto_centimos: 15_000_00,
      fecha_pago: '2026-03-10',
      conciliado_en: '2026-03-10T15:00:00.000Z',
      aplicado_mora_centimos: 9_000_00,
      aplicado_interes_centimos: 6_000_00,
      aplicado_capital_centimos: 0,
    };
    const c = contribucion('pago', pago, ctx);
    expect(c[RIESGO]).toEqual({ recuperaciones: 1, recuperaciones_centimos: 15_000_00 });
    expect(c['AGG#MES#2026-03|RESUMEN']).toEqual({ recuperaciones: 1, recuperado_centimos: 15_000_00 });
    // reconciliation's daily counts still include it
    expect(c['AGG#PAGOS_DIA#2026-03-10|RESUMEN']).toMatchObject({ recibidos: 1, conciliados: 1 });
  });
});
