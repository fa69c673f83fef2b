import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mesesDelRango, porcentaje, rangoDias, reporteCartera, reporteColocacion, reporteRecaudacion } from './domain';

describe('reportes: lectura de los agregados', () => {
  it('porcentaje es el cociente exacto redondeado a medio par con dos decimales (referencia BigInt)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), fc.integer({ min: 1, max: 2 ** 50 }), (parte, total) => {
        const escalado = BigInt(parte) * 10_000n;
        const q = escalado / BigInt(total);
        const r = escalado - q * BigInt(total);
        const doble = 2n * r;
        const redondeado = doble > BigInt(total) || (doble === BigInt(total) && q % 2n === 1n) ? q + 1n : q;
        expect(porcentaje(parte, total)).toBe(`${redondeado / 100n}.${String(redondeado % 100n).padStart(2, '0')}`);
      }),
    );
    expect(porcentaje(1, 8)).toBe('12.50');
    expect(porcentaje(5, 0)).toBe('0.00');
  });

  it('la cartera lista todo estado presente (castigado incluido) en orden fijo y los cinco tramos', () => {
    const r = reporteCartera(
      {
        estado_zeta_creditos: 1,
        estado_castigado_creditos: 2,
        estado_castigado_capital_centimos: 50,
        estado_al_dia_creditos: 3,
        estado_al_dia_capital_centimos: 900,
        tramo_0_creditos: 3,
        tramo_0_capital_centimos: 900,
      },
      '2026-03-15',
    );
    expect(r.por_estado.map((e) => e.estado)).toEqual(['al_dia', 'castigado', 'zeta']);
    expect(r.total).toEqual({ creditos: 6, saldo_capital_centimos: 950 });
    expect(r.por_tramo.map((t) => t.tramo)).toEqual(['0', '1_30', '31_60', '61_90', 'mas_90']);
  });

  it('rangos: por defecto 30 días hasta hoy; invertidos o de más de 366 días no valen; meses hasta 36', () => {
    expect(rangoDias({}, '2026-03-15')).toEqual({ desde: '2026-02-14', hasta: '2026-03-15' });
    expect(rangoDias({ desde: '2026-03-16', hasta: '2026-03-15' }, '2026-03-15')).toBeNull();
    expect(rangoDias({ desde: '2025-03-15', hasta: '2026-03-15' }, '2026-03-15')).not.toBeNull();
    expect(rangoDias({ desde: '2025-03-14', hasta: '2026-03-15' }, '2026-03-15')).toBeNull();
    expect(mesesDelRango('2025-11-20', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(mesesDelRango('2020-01-01', '2026-02-01')).toBeNull();
  });

  it('recaudación y colocación suman por canal, día, mes y producto', () => {
    const dias = ['2026-01-31', '2026-02-01'];
    const items = [
      { recaudo_reportado_pagos: 1, recaudo_reportado_centimos: 10, colocacion_P1_creditos: 1, colocacion_P1_centimos: 100 },
      {
        recaudo_ventanilla_efectivo_pagos: 2,
        recaudo_ventanilla_efectivo_centimos: 5,
        colocacion_P1_creditos: 2,
        colocacion_P1_centimos: 7,
      },
    ];
    const rec = reporteRecaudacion(dias[0]!, dias[1]!, dias, items);
    expect(rec.canales).toEqual(['ventanilla_efectivo', 'reportado']);
    expect(rec.totales).toMatchObject({ pagos: 3, monto_centimos: 15 });
    const col = reporteColocacion(dias[0]!, dias[1]!, dias, items, new Map([['P1', 'Personal']]));
    expect(col.meses).toEqual([
      {
        mes: '2026-01',
        creditos: 1,
        monto_centimos: 100,
        por_producto: [{ producto_id: 'P1', producto_nombre: 'Personal', creditos: 1, monto_centimos: 100 }],
      },
      {
        mes: '2026-02',
        creditos: 2,
        monto_centimos: 7,
        por_producto: [{ producto_id: 'P1', producto_nombre: 'Personal', creditos: 2, monto_centimos: 7 }],
      },
    ]);
    expect(col.totales).toMatchObject({ creditos: 3, monto_centimos: 107 });
  });
});
