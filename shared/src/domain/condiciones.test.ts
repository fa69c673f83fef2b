import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { condicionesDePrueba } from '../testing/datos';
import { sumarMeses } from './amortizacion';
import {
  aniosDesde,
  comisionFormalizacion,
  condicionesDelCredito,
  costoTotalCredito,
  opcionesDeCalendario,
  tasaEfectivaAnual,
} from './condiciones';

describe('comisionFormalizacion', () => {
  it('3 % deducida de ₡500 000: ₡15 000 de comisión, ₡500 000 financiados, ₡485 000 al cliente', () => {
    expect(comisionFormalizacion({ tipo: 'porcentaje', valor: '3.00', modalidad: 'deducida' }, 500_000_00)).toEqual({
      comision_centimos: 15_000_00,
      principal_centimos: 500_000_00,
      neto_centimos: 485_000_00,
    });
  });

  it('financiada: se suma al principal y el cliente recibe todo el monto', () => {
    expect(comisionFormalizacion({ tipo: 'fija', valor: 25_000_00, modalidad: 'financiada' }, 500_000_00)).toEqual({
      comision_centimos: 25_000_00,
      principal_centimos: 525_000_00,
      neto_centimos: 500_000_00,
    });
  });

  it('redondea el porcentaje half-even al céntimo', () => {
    // 2.5 % of 1.00 = 2.5 céntimos → 2; of 3.00 = 7.5 → 8
    expect(comisionFormalizacion({ tipo: 'porcentaje', valor: '2.50', modalidad: 'deducida' }, 100).comision_centimos).toBe(2);
    expect(comisionFormalizacion({ tipo: 'porcentaje', valor: '2.50', modalidad: 'deducida' }, 300).comision_centimos).toBe(8);
  });

  it('sin comisión no cambia nada; una deducida que se come el monto se rechaza', () => {
    expect(comisionFormalizacion(null, 1_000)).toEqual({ comision_centimos: 0, principal_centimos: 1_000, neto_centimos: 1_000 });
    expect(() => comisionFormalizacion({ tipo: 'fija', valor: 1_000, modalidad: 'deducida' }, 1_000)).toThrow(RangeError);
    expect(() => comisionFormalizacion({ tipo: 'fija', valor: 1.5, modalidad: 'deducida' }, 1_000)).toThrow(RangeError);
  });

  it('contra el redondeo exacto en BigInt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000_00 }), fc.integer({ min: 0, max: 9_999 }), (monto, cp) => {
        const valor = `${Math.floor(cp / 100)}.${String(cp % 100).padStart(2, '0')}`;
        const num = BigInt(monto) * BigInt(cp);
        const den = 10_000n;
        const q = num / den;
        const r2 = 2n * (num % den);
        const esperado = r2 < den ? q : r2 > den ? q + 1n : q % 2n === 0n ? q : q + 1n;
        const c = comisionFormalizacion({ tipo: 'porcentaje', valor, modalidad: 'financiada' }, monto);
        expect(BigInt(c.comision_centimos)).toBe(esperado);
        expect(c.principal_centimos).toBe(monto + c.comision_centimos);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('tasaEfectivaAnual', () => {
  it('sin comisión al 24 % nominal: (1.02)^12 − 1 = 26.82 %', () => {
    const c = condicionesDelCredito({
      montoAprobadoCentimos: 1_000_000_00,
      tasaAnual: '24.00',
      plazoMeses: 12,
      metodo: 'cuota_nivelada',
      fechaDesembolso: '2026-01-31',
    });
    expect(c.tae).toBe('26.82');
    expect(c.comision_centimos).toBe(0);
  });

  it('un mes, 1 % de comisión deducida al 12 %: (101 000 / 99 000)^12 − 1', () => {
    const c = condicionesDelCredito({
      montoAprobadoCentimos: 100_000_00,
      tasaAnual: '12.00',
      plazoMeses: 1,
      metodo: 'cuota_nivelada',
      fechaDesembolso: '2026-03-10',
      producto: {
        comision_formalizacion_tipo: 'porcentaje',
        comision_formalizacion_valor: '1.00',
        comision_formalizacion_modalidad: 'deducida',
      },
    });
    expect(c.neto_centimos).toBe(99_000_00);
    expect(c.cuotas[0]!.monto_total_centimos).toBe(101_000_00);
    expect(c.tae).toBe((((101_000 / 99_000) ** 12 - 1) * 100).toFixed(2));
  });

  it('tasa cero sin comisión: 0.00', () => {
    expect(
      tasaEfectivaAnual(
        1_200,
        [1, 2, 3].map((k) => ({ fecha_vencimiento: sumarMeses('2026-01-01', k), monto_total_centimos: 400 })),
        '2026-01-01',
      ),
    ).toBe('0.00');
  });

  it('años: igual al conteo mes a mes desde el desembolso (fechas aleatorias, hasta 50 años)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 18_300 }), (base, dias) => {
        const desde = new Date(Date.UTC(2000, 0, 1 + base)).toISOString().slice(0, 10);
        const hasta = new Date(Date.UTC(2000, 0, 1 + base + dias)).toISOString().slice(0, 10);
        let meses = 0;
        while (sumarMeses(desde, meses + 1) <= hasta) meses++;
        const resto = Math.round((Date.parse(hasta) - Date.parse(sumarMeses(desde, meses))) / 86_400_000);
        expect(aniosDesde(desde, hasta)).toBe(meses / 12 + resto / 365);
      }),
      { numRuns: 500 },
    );
  });

  it('años: meses enteros como 1/12 y el resto en días / 365', () => {
    expect(aniosDesde('2026-01-31', '2026-02-28')).toBe(1 / 12);
    expect(aniosDesde('2026-01-15', '2026-03-01')).toBeCloseTo(1 / 12 + 14 / 365, 15);
    expect(aniosDesde('2026-01-15', '2026-02-04')).toBeCloseTo(20 / 365, 15);
  });

  it('la tasa devuelta anula el valor presente al medio centésimo (préstamos aleatorios con comisión, gracia y múltiplos)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50_000_00, max: 20_000_000_00 }),
        fc.integer({ min: 100, max: 6_000 }),
        fc.integer({ min: 2, max: 60 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 1 }),
        fc.constantFrom(null, 1, 10, 100),
        fc.integer({ min: 0, max: 40 }),
        (monto, bp, plazo, cp, gracia, multiplo, extra) => {
          const fechaDesembolso = '2026-05-20';
          const c = condicionesDelCredito({
            montoAprobadoCentimos: monto,
            tasaAnual: (bp / 100).toFixed(2),
            plazoMeses: plazo,
            metodo: 'cuota_nivelada',
            fechaDesembolso,
            fechaPrimerVencimiento: extra
              ? sumarMeses(fechaDesembolso, 1).replace(/-\d\d$/, `-${String(1 + (extra % 28)).padStart(2, '0')}`)
              : undefined,
            producto: {
              comision_formalizacion_tipo: 'porcentaje',
              comision_formalizacion_valor: (cp / 100).toFixed(2),
              comision_formalizacion_modalidad: cp % 2 ? 'financiada' : 'deducida',
              meses_gracia: gracia,
              multiplo_cuota: multiplo,
            },
          });
          const vp = (tae: number) =>
            c.cuotas.reduce(
              (s, q) => s + q.monto_total_centimos / (1 + tae) ** aniosDesde(fechaDesembolso, q.fecha_vencimiento),
              0,
            );
          const tae = Number(c.tae) / 100;
          expect(vp(tae - 0.00005)).toBeGreaterThan(c.neto_centimos);
          expect(vp(tae + 0.00005)).toBeLessThan(c.neto_centimos);
          expect(c.costo_total_centimos).toBe(c.cuotas.reduce((s, q) => s + q.monto_total_centimos, 0) - c.neto_centimos);
          expect(c.costo_total_centimos).toBe(costoTotalCredito(c.cuotas, c.comision_centimos));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('condicionesDelCredito', () => {
  it('₡500 000 al 24 % a 12 meses, 3 % deducida, 2 de gracia, múltiplos de ₡100', () => {
    const c = condicionesDelCredito({ ...condicionesDePrueba, fechaDesembolso: '2026-01-15' });
    expect(c.comision_centimos).toBe(15_000_00);
    expect(c.neto_centimos).toBe(485_000_00);
    expect(c.cuotas.slice(0, 2).map((q) => q.monto_total_centimos)).toEqual([10_000_00, 10_000_00]);
    // 500 000 × 0.02 / (1 − 1.02^−10) = 55 663.26… → ₡55 700
    expect(c.cuota_centimos).toBe(55_700_00);
    expect(c.cuotas.slice(2, -1).every((q) => q.monto_total_centimos === 55_700_00)).toBe(true);
    expect(c.interes_primer_periodo_centimos).toBe(10_000_00);
    expect(c.costo_total_centimos).toBe(c.cuotas.reduce((s, q) => s + q.monto_interes_centimos, 0) + 15_000_00);
    expect(Number(c.tae)).toBeGreaterThan(26.82);
  });

  it('con primer vencimiento a 45 días muestra el interés del periodo irregular y la cuota regular', () => {
    const c = condicionesDelCredito({
      montoAprobadoCentimos: 1_000_000_00,
      tasaAnual: '24.00',
      plazoMeses: 12,
      metodo: 'cuota_nivelada',
      fechaDesembolso: '2026-01-15',
      fechaPrimerVencimiento: '2026-03-01',
    });
    expect(c.interes_primer_periodo_centimos).toBe(2_958_904);
    expect(c.cuota_centimos).toBe(9_455_960);
  });

  it('opcionesDeCalendario: sin campos, el calendario de siempre con el periodo irregular exacto', () => {
    expect(opcionesDeCalendario({})).toEqual({ periodoIrregular: 'exacto', mesesGracia: 0, multiploCuota: null });
    expect(opcionesDeCalendario({ meses_gracia: 3, multiplo_cuota: 10 })).toEqual({
      periodoIrregular: 'exacto',
      mesesGracia: 3,
      multiploCuota: 10,
    });
  });
});
