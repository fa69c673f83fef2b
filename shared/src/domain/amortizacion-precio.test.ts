import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  diasEntre,
  generarCuotas,
  sumarDias,
  sumarMeses,
  type GenerarCuotasInput,
  type MetodoAmortizacion,
  type MultiploCuota,
} from './amortizacion';

/*
 * Grace, cuota multiples and the exact broken first period, checked against an exact BigInt
 * reference written from the rules in docs/lending-engine.md "Pricing" (not from the generator's
 * code): rationals as [num, den] pairs, every rounding half-even or up-to-multiple spelled out.
 */

type Q = [bigint, bigint];
const halfEven = ([n, d]: Q): bigint => {
  const q = n / d;
  const r2 = 2n * (n % d);
  return r2 < d ? q : r2 > d ? q + 1n : q % 2n === 0n ? q : q + 1n;
};
const decimal = (s: string): Q => {
  const [e, f = ''] = s.split('.');
  return [BigInt(e! + f), 10n ** BigInt(f.length)];
};

interface Ref {
  capital: bigint[];
  interes: bigint[];
  multiploAplicado: boolean;
}

function referencia(input: GenerarCuotasInput): Ref {
  const P = BigInt(input.principalCentimos);
  const n = input.plazoMeses;
  const g = input.mesesGracia ?? 0;
  const [an, ad] = decimal(input.tasaAnual);
  // monthly rate i = an / (ad · 1200)
  const iNum = an;
  const iDen = ad * 1200n;
  const mensual = (saldo: bigint) => halfEven([saldo * iNum, iDen]);
  const roto =
    input.periodoIrregular === 'exacto' &&
    input.fechaPrimerVencimiento !== undefined &&
    input.fechaPrimerVencimiento !== sumarMeses(input.fechaDesembolso, 1)
      ? halfEven([P * an * BigInt(diasEntre(input.fechaDesembolso, input.fechaPrimerVencimiento)), ad * 100n * 365n])
      : null;
  const m = n - g;
  const constante = input.metodo === 'capital_constante' || an === 0n;
  let cuota: bigint;
  if (constante) cuota = halfEven([P, BigInt(m)]);
  else {
    // P·i / (1 − (1+i)^−m) = P·iNum·(iDen+iNum)^m / (iDen·((iDen+iNum)^m − iDen^m))
    const a = (iDen + iNum) ** BigInt(m);
    cuota = halfEven([P * iNum * a, iDen * (a - iDen ** BigInt(m))]);
  }
  const correr = (mult: bigint | null): Ref => {
    const c = mult === null ? cuota : ((cuota + mult - 1n) / mult) * mult;
    const capital: bigint[] = [];
    const interes: bigint[] = [];
    let saldo = P;
    for (let k = 0; k < n; k++) {
      const reg = mensual(saldo);
      interes.push(k === 0 && roto !== null ? roto : reg);
      let cap = k < g ? 0n : k === n - 1 ? saldo : constante ? c : c - reg;
      cap = cap < 0n ? 0n : cap > saldo ? saldo : cap;
      capital.push(cap);
      saldo -= cap;
    }
    return { capital, interes, multiploAplicado: mult !== null };
  };
  const mult = input.multiploCuota ? BigInt(input.multiploCuota) * 100n : null;
  const con = correr(mult);
  // a multiple that would end the loan before its last cuota is dropped
  if (mult !== null && n >= 2 && con.capital.slice(0, n - 1).reduce((x, y) => x + y, 0n) === P) return correr(null);
  return con;
}

const base = {
  fechaDesembolso: '2026-01-15',
  metodo: 'cuota_nivelada' as const,
  principalCentimos: 1_000_000_00,
  tasaAnual: '24.00',
  plazoMeses: 12,
};

describe('periodo irregular exacto (actual/365, half-even)', () => {
  it('₡1 000 000 al 24 % desembolsado el 15-01 con primer vencimiento el 01-03 (45 días): interés ₡29 589,04', () => {
    const plan = generarCuotas({ ...base, fechaPrimerVencimiento: '2026-03-01', periodoIrregular: 'exacto' });
    // 1 000 000 × 0.24 × 45 / 365 = 29 589.041…
    expect(plan[0]!.monto_interes_centimos).toBe(2_958_904);
    // capital of the regular schedule: 94 559.60 − 20 000 = 74 559.60
    expect(plan[0]!.monto_capital_centimos).toBe(7_455_960);
    expect(plan[0]!.monto_total_centimos).toBe(10_414_864);
    expect(plan.slice(1, -1).every((c) => c.monto_total_centimos === 9_455_960)).toBe(true);
    expect(plan[0]!.fecha_vencimiento).toBe('2026-03-01');
  });

  it('un primer vencimiento exactamente un mes después da el mismo calendario que sin opciones', () => {
    for (const fechaDesembolso of ['2026-01-15', '2026-01-31', '2024-02-29', '2026-12-31']) {
      const primero = sumarMeses(fechaDesembolso, 1);
      // the due dates follow the explicit first one (02-28, 03-28… for a 01-31 disbursement), as before
      const sin = generarCuotas({ ...base, fechaDesembolso, fechaPrimerVencimiento: primero });
      const con = generarCuotas({ ...base, fechaDesembolso, fechaPrimerVencimiento: primero, periodoIrregular: 'exacto' });
      expect(con).toEqual(sin);
      const montos = (p: typeof sin) => p.map(({ fecha_vencimiento: _f, ...m }) => m);
      expect(montos(con)).toEqual(montos(generarCuotas({ ...base, fechaDesembolso })));
    }
  });

  it("sin periodoIrregular 'exacto' el primer periodo cobra un mes, como antes", () => {
    const plan = generarCuotas({ ...base, fechaPrimerVencimiento: '2026-03-01' });
    expect(plan[0]!.monto_interes_centimos).toBe(2_000_000);
  });

  it('un periodo corto (20 días) cobra menos: ₡13 150,68', () => {
    const plan = generarCuotas({ ...base, fechaPrimerVencimiento: '2026-02-04', periodoIrregular: 'exacto' });
    // 1 000 000 × 0.24 × 20 / 365 = 13 150.684…
    expect(plan[0]!.monto_interes_centimos).toBe(1_315_068);
  });
});

describe('periodo de gracia de capital', () => {
  it('₡1 000 000 al 24 % a 12 meses con 2 de gracia: ₡20 000 de interés y luego 10 cuotas de ₡111 326,53', () => {
    const plan = generarCuotas({ ...base, mesesGracia: 2 });
    expect(plan.slice(0, 2).map((c) => [c.monto_capital_centimos, c.monto_interes_centimos])).toEqual([
      [0, 2_000_000],
      [0, 2_000_000],
    ]);
    expect(plan.slice(2, -1).every((c) => c.monto_total_centimos === 11_132_653)).toBe(true);
    expect(plan.at(-1)!.saldo_capital_despues_centimos).toBe(0);
  });

  it('capital constante con gracia: P/(n−k) de capital', () => {
    const plan = generarCuotas({ ...base, metodo: 'capital_constante', principalCentimos: 120_000_00, mesesGracia: 2 });
    expect(plan.slice(2).every((c) => c.monto_capital_centimos === 12_000_00)).toBe(true);
  });

  it('rechaza gracia negativa, no entera o ≥ plazo', () => {
    for (const mesesGracia of [-1, 1.5, 12, 13]) expect(() => generarCuotas({ ...base, mesesGracia })).toThrow(RangeError);
  });
});

describe('cuota en múltiplos de colones', () => {
  it('₡94 559,60 en múltiplos de ₡100 sube a ₡94 600; la última toma el resto (₡94 058,10)', () => {
    const plan = generarCuotas({ ...base, multiploCuota: 100 });
    expect(plan.slice(0, -1).every((c) => c.monto_total_centimos === 9_460_000)).toBe(true);
    expect(plan.at(-1)!.monto_total_centimos).toBe(9_405_810);
  });

  it('a ₡1 y a ₡10: ₡94 560 y ₡94 560', () => {
    expect(generarCuotas({ ...base, multiploCuota: 1 })[0]!.monto_total_centimos).toBe(9_456_000);
    expect(generarCuotas({ ...base, multiploCuota: 10 })[0]!.monto_total_centimos).toBe(9_456_000);
  });

  it('un préstamo diminuto que el múltiplo liquidaría antes de tiempo vuelve al céntimo', () => {
    const plan = generarCuotas({ ...base, principalCentimos: 500_00, multiploCuota: 100 });
    expect(plan[0]!.monto_total_centimos).toBe(4_728);
    expect(plan.at(-1)!.saldo_capital_despues_centimos).toBe(0);
  });

  it('rechaza otros múltiplos', () => {
    expect(() => generarCuotas({ ...base, multiploCuota: 5 as MultiploCuota })).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------- properties

const fechaArb = fc
  .record({ y: fc.integer({ min: 2000, max: 2099 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) })
  .map(({ y, m, d }) => {
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
  });

const loanArb = fc
  .record({
    principalCentimos: fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 10_000_00, max: 50_000_000_00 })),
    bp: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 6000 })),
    plazoMeses: fc.integer({ min: 1, max: 72 }),
    graciaFraccion: fc.double({ min: 0, max: 0.99, noNaN: true }),
    fechaDesembolso: fechaArb,
    primerVencimientoDias: fc.option(fc.integer({ min: 1, max: 75 }), { nil: undefined }),
    multiploCuota: fc.constantFrom<MultiploCuota | null>(null, 1, 10, 100),
    metodo: fc.constantFrom<MetodoAmortizacion>('cuota_nivelada', 'capital_constante'),
  })
  .map(({ bp, graciaFraccion, primerVencimientoDias, ...l }): GenerarCuotasInput => ({
    ...l,
    tasaAnual: (bp / 100).toFixed(2),
    mesesGracia: Math.floor(graciaFraccion * l.plazoMeses),
    periodoIrregular: 'exacto',
    ...(primerVencimientoDias ? { fechaPrimerVencimiento: sumarDias(l.fechaDesembolso, primerVencimientoDias) } : {}),
  }));

describe('propiedades con gracia, múltiplos y periodo irregular (3 000 préstamos)', () => {
  it('igual a la referencia exacta; Σ capital = P, último saldo 0, montos ≥ 0, gracia sin capital, múltiplos salvo la última', () => {
    fc.assert(
      fc.property(loanArb, (input) => {
        const plan = generarCuotas(input);
        const ref = referencia(input);
        expect(plan.map((c) => BigInt(c.monto_capital_centimos))).toEqual(ref.capital);
        expect(plan.map((c) => BigInt(c.monto_interes_centimos))).toEqual(ref.interes);
        expect(plan.reduce((s, c) => s + c.monto_capital_centimos, 0)).toBe(input.principalCentimos);
        expect(plan.at(-1)!.saldo_capital_despues_centimos).toBe(0);
        for (const c of plan) {
          expect(c.monto_capital_centimos).toBeGreaterThanOrEqual(0);
          expect(c.monto_interes_centimos).toBeGreaterThanOrEqual(0);
          expect(c.monto_total_centimos).toBe(c.monto_capital_centimos + c.monto_interes_centimos);
        }
        const g = input.mesesGracia ?? 0;
        expect(plan.slice(0, g).every((c) => c.monto_capital_centimos === 0)).toBe(true);
        const nivelada = input.metodo === 'cuota_nivelada' && input.tasaAnual !== '0.00';
        const m = (input.multiploCuota ?? 0) * 100;
        const roto = plan[0]!.monto_interes_centimos !== referenciaMensual(input);
        // the multiple holds on every amortizing cuota but the last (and period 1 when broken),
        // unless the loan is too small for it (then the reference dropped it as well)
        if (m && nivelada && ref.multiploAplicado) {
          plan.slice(g, -1).forEach((c, k) => {
            if (k + g === 0 && roto) return;
            expect(c.monto_total_centimos % m).toBe(0);
          });
        }
        if (input.fechaPrimerVencimiento && input.fechaPrimerVencimiento !== sumarMeses(input.fechaDesembolso, 1)) {
          const [an, ad] = decimal(input.tasaAnual);
          const dias = BigInt(diasEntre(input.fechaDesembolso, input.fechaPrimerVencimiento));
          expect(BigInt(plan[0]!.monto_interes_centimos)).toBe(
            halfEven([BigInt(input.principalCentimos) * an * dias, ad * 36_500n]),
          );
        }
      }),
      { numRuns: 3_000 },
    );
  }, 30_000);
});

function referenciaMensual(input: GenerarCuotasInput): number {
  const [an, ad] = decimal(input.tasaAnual);
  return Number(halfEven([BigInt(input.principalCentimos) * an, ad * 1200n]));
}
