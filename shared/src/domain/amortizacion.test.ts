import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capitalPorCuota,
  cuotaNivelada,
  diasEntre,
  fechasVencimiento,
  generarCuotas,
  moraDiaria,
  sumarDias,
  sumarMeses,
  type CuotaPlan,
  type GenerarCuotasInput,
  type MetodoAmortizacion,
} from './amortizacion';

const base = { fechaDesembolso: '2026-01-15', metodo: 'cuota_nivelada' } as const;

describe('generarCuotas: cuota nivelada', () => {
  const plan = generarCuotas({ ...base, principalCentimos: 1_000_000_00, tasaAnual: '24.00', plazoMeses: 12 });

  it('₡1 000 000 al 24 % a 12 meses da cuotas de ₡94 559,60 y una última de ₡94 559,57', () => {
    expect(plan).toHaveLength(12);
    expect(plan.slice(0, 11).every((c) => c.monto_total_centimos === 9_455_960)).toBe(true);
    expect(plan[11]!.monto_total_centimos).toBe(9_455_957);
    expect(cuotaNivelada(1_000_000_00, '24.00', 12)).toBe(9_455_960);
  });

  it('calcula el interés sobre el saldo y redondea half-even cada periodo', () => {
    expect(plan[0]).toEqual({
      numero_cuota: 1,
      fecha_vencimiento: '2026-02-15',
      monto_capital_centimos: 7_455_960,
      monto_interes_centimos: 2_000_000,
      monto_total_centimos: 9_455_960,
      saldo_capital_despues_centimos: 92_544_040,
    });
    // 92 544 040 × 0,02 = 1 850 880,8 → 1 850 881
    expect(plan[1]!.monto_interes_centimos).toBe(1_850_881);
    expect(plan[11]).toMatchObject({
      monto_capital_centimos: 9_270_546,
      monto_interes_centimos: 185_411,
      saldo_capital_despues_centimos: 0,
    });
    expect(plan.reduce((s, c) => s + c.monto_capital_centimos, 0)).toBe(1_000_000_00);
  });

  it('con tasa cero divide el principal en partes iguales y deja el resto en la última', () => {
    const cero = generarCuotas({ ...base, principalCentimos: 100_000_00 + 2, tasaAnual: '0.00', plazoMeses: 3 });
    expect(cero.map((c) => c.monto_capital_centimos)).toEqual([3_333_334, 3_333_334, 3_333_334]);
    const conResto = generarCuotas({ ...base, principalCentimos: 100_000_00, tasaAnual: '0', plazoMeses: 3 });
    expect(conResto.map((c) => c.monto_total_centimos)).toEqual([3_333_333, 3_333_333, 3_333_334]);
    expect(conResto.every((c) => c.monto_interes_centimos === 0)).toBe(true);
    expect(conResto.map((c) => c.saldo_capital_despues_centimos)).toEqual([6_666_667, 3_333_334, 0]);
  });

  it('un plazo de un mes paga todo el capital más un mes de interés', () => {
    expect(generarCuotas({ ...base, principalCentimos: 50_000_00, tasaAnual: '36.00', plazoMeses: 1 })).toEqual([
      {
        numero_cuota: 1,
        fecha_vencimiento: '2026-02-15',
        monto_capital_centimos: 50_000_00,
        monto_interes_centimos: 150_000,
        monto_total_centimos: 5_150_000,
        saldo_capital_despues_centimos: 0,
      },
    ]);
  });

  it('nunca deja un saldo negativo en préstamos diminutos', () => {
    // pago redondeado (1) mayor que el exacto (0,567): sin tope el saldo pasaría de cero
    const plan6 = generarCuotas({ ...base, principalCentimos: 6, tasaAnual: '24.00', plazoMeses: 12 });
    expect(plan6.every((c) => c.saldo_capital_despues_centimos >= 0 && c.monto_capital_centimos >= 0)).toBe(true);
    expect(plan6.reduce((s, c) => s + c.monto_capital_centimos, 0)).toBe(6);
  });
});

describe('generarCuotas: capital constante', () => {
  it('₡100 000 al 18 % a 3 meses: capital igual con el resto al final e interés decreciente (verificado a mano)', () => {
    const plan = generarCuotas({
      principalCentimos: 100_000_00,
      tasaAnual: '18.00',
      plazoMeses: 3,
      fechaDesembolso: '2026-01-15',
      metodo: 'capital_constante',
    });
    // i = 1,5 %: 10 000 000 × 0,015 = 150 000; 6 666 667 × 0,015 = 100 000,005 → 100 000; 3 333 334 × 0,015 = 50 000,01 → 50 000
    expect(
      plan.map((c) => [
        c.monto_capital_centimos,
        c.monto_interes_centimos,
        c.monto_total_centimos,
        c.saldo_capital_despues_centimos,
      ]),
    ).toEqual([
      [3_333_333, 150_000, 3_483_333, 6_666_667],
      [3_333_333, 100_000, 3_433_333, 3_333_334],
      [3_333_334, 50_000, 3_383_334, 0],
    ]);
  });

  it('₡120 000 al 24 % a 12 meses: ₡10 000 de capital por mes e interés de ₡2 400 a ₡200', () => {
    const plan = generarCuotas({
      ...base,
      metodo: 'capital_constante',
      principalCentimos: 120_000_00,
      tasaAnual: '24',
      plazoMeses: 12,
    });
    expect(plan.every((c) => c.monto_capital_centimos === 10_000_00)).toBe(true);
    expect(plan.map((c) => c.monto_interes_centimos)).toEqual(
      [2400, 2200, 2000, 1800, 1600, 1400, 1200, 1000, 800, 600, 400, 200].map((x) => x * 100),
    );
  });
});

describe('capital constante y tasa cero: P/n half-even, el resto en la última', () => {
  it('₡100 000,59 a 60 meses: ₡1 666,68 por cuota (no ₡1 666,67) y la última ₡1 666,47', () => {
    // 10 000 059 / 60 = 166 667,65 → 166 668; la última: 10 000 059 − 59 × 166 668 = 166 647
    for (const metodo of ['capital_constante', 'cuota_nivelada'] as const) {
      const plan = generarCuotas({
        ...base,
        metodo,
        principalCentimos: 10_000_059,
        tasaAnual: metodo === 'cuota_nivelada' ? '0' : '12',
        plazoMeses: 60,
      });
      expect(plan.slice(0, -1).every((c) => c.monto_capital_centimos === 166_668)).toBe(true);
      expect(plan.at(-1)!.monto_capital_centimos).toBe(166_647);
    }
    expect(capitalPorCuota(10_000_059, 60)).toBe(166_668);
    expect(cuotaNivelada(10_000_059, '0.00', 60)).toBe(166_668);
  });

  it('un medio céntimo exacto va al par: 5/2 → 2 y 7/2 → 4', () => {
    expect(capitalPorCuota(5, 2)).toBe(2);
    expect(capitalPorCuota(7, 2)).toBe(4);
  });

  it('contra el cociente exacto en BigInt (2 000 préstamos): cada cuota salvo la última es P/n half-even, Σ = P, nada negativo', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_00 }),
        fc.integer({ min: 1, max: 120 }),
        fc.constantFrom('0', '18.00'),
        (p, n, tasaAnual) => {
          const plan = generarCuotas({ ...base, metodo: 'capital_constante', principalCentimos: p, tasaAnual, plazoMeses: n });
          const P = BigInt(p);
          const N = BigInt(n);
          // exact half-even of P/N: q or q+1 by twice the remainder, ties to the even one
          const q = P / N;
          const r2 = 2n * (P % N);
          const esperada = r2 < N ? q : r2 > N ? q + 1n : q % 2n === 0n ? q : q + 1n;
          let saldo = P;
          for (const [k, c] of plan.entries()) {
            const capital = BigInt(c.monto_capital_centimos);
            if (k < n - 1) expect(capital).toBe(esperada < saldo ? esperada : saldo);
            else expect(capital).toBe(saldo);
            expect(capital >= 0n).toBe(true);
            saldo -= capital;
          }
          expect(saldo).toBe(0n);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('fechas de vencimiento', () => {
  it('desembolsado el 31 de enero vence el último día de los meses cortos, anclado al día original', () => {
    const fechas = generarCuotas({
      ...base,
      fechaDesembolso: '2026-01-31',
      principalCentimos: 1_000_00,
      tasaAnual: '12',
      plazoMeses: 5,
    }).map((c) => c.fecha_vencimiento);
    expect(fechas).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30']);
  });

  it('respeta los años bisiestos y el cambio de año', () => {
    expect(fechasVencimiento({ fechaDesembolso: '2027-12-30', plazoMeses: 3 })).toEqual([
      '2028-01-30',
      '2028-02-29',
      '2028-03-30',
    ]);
  });

  it('usa el primer vencimiento indicado como ancla', () => {
    expect(fechasVencimiento({ fechaDesembolso: '2026-01-20', fechaPrimerVencimiento: '2026-03-05', plazoMeses: 3 })).toEqual([
      '2026-03-05',
      '2026-04-05',
      '2026-05-05',
    ]);
    expect(fechasVencimiento({ fechaDesembolso: '2026-01-01', fechaPrimerVencimiento: '2026-01-29', plazoMeses: 3 })).toEqual([
      '2026-01-29',
      '2026-02-28',
      '2026-03-29',
    ]);
  });

  it('rechaza un primer vencimiento que no es posterior al desembolso y fechas inválidas', () => {
    expect(() =>
      fechasVencimiento({ fechaDesembolso: '2026-01-20', fechaPrimerVencimiento: '2026-01-20', plazoMeses: 3 }),
    ).toThrow(RangeError);
    expect(() => fechasVencimiento({ fechaDesembolso: '2026-02-30', plazoMeses: 3 })).toThrow(RangeError);
    expect(() => fechasVencimiento({ fechaDesembolso: '26-1-1', plazoMeses: 3 })).toThrow(RangeError);
  });

  it('sumarMeses, sumarDias y diasEntre', () => {
    expect(sumarMeses('2026-03-31', -1)).toBe('2026-02-28');
    expect(sumarMeses('2026-08-31', 6)).toBe('2027-02-28');
    expect(sumarDias('2026-02-27', 2)).toBe('2026-03-01');
    expect(diasEntre('2026-01-31', '2026-03-01')).toBe(29);
    expect(diasEntre('2026-03-01', '2026-01-31')).toBe(-29);
  });
});

describe('validación de los términos', () => {
  it('rechaza principal, plazo, tasa o método inválidos', () => {
    const ok: GenerarCuotasInput = { ...base, principalCentimos: 100, tasaAnual: '10', plazoMeses: 2 };
    expect(() => generarCuotas({ ...ok, principalCentimos: 0 })).toThrow(RangeError);
    expect(() => generarCuotas({ ...ok, principalCentimos: 10.5 })).toThrow(RangeError);
    expect(() => generarCuotas({ ...ok, plazoMeses: 0 })).toThrow(RangeError);
    expect(() => generarCuotas({ ...ok, plazoMeses: 1.5 })).toThrow(RangeError);
    expect(() => generarCuotas({ ...ok, tasaAnual: '-5' })).toThrow(RangeError);
    expect(() => generarCuotas({ ...ok, tasaAnual: '24,00' })).toThrow(RangeError);
    expect(() => generarCuotas({ ...ok, metodo: 'aleman' as MetodoAmortizacion })).toThrow(RangeError);
  });
});

describe('moraDiaria', () => {
  it('capital vencido × tasa moratoria / 365, half-even', () => {
    // 1 000 000 × 30 % / 365 = 821,917… → 822
    expect(moraDiaria(1_000_000, '30.00')).toBe(822);
    // 73 × 25 % / 365 = 0,05 → 0; 1 460 × 25 % / 365 = 1; 2 190 × 25 % / 365 = 1,5 → 2 (par)
    expect(moraDiaria(73, '25')).toBe(0);
    expect(moraDiaria(1460, '25')).toBe(1);
    expect(moraDiaria(2190, '25')).toBe(2);
    expect(moraDiaria(0, '30')).toBe(0);
  });
});

// ---------------------------------------------------------------- properties

const fechaArb = fc
  .record({ y: fc.integer({ min: 2000, max: 2099 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) })
  .map(({ y, m, d }) => {
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
  });

/** Basis points 0–20 000 (0 %–200 %) written as the decimal string the product stores. */
const tasaArb = fc
  .oneof(fc.constant(0), fc.integer({ min: 1, max: 6000 }), fc.integer({ min: 0, max: 20_000 }))
  .map((bp) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`);

const loanArb = fc.record({
  principalCentimos: fc.oneof(
    fc.integer({ min: 1, max: 10_000 }),
    fc.integer({ min: 10_000_00, max: 3_000_000_00 }),
    fc.integer({ min: 1, max: 1_000_000_000_000 }),
  ),
  tasaAnual: tasaArb,
  // the spec's 1–60 months mostly, with some very long terms (their cost dominates the suite)
  plazoMeses: fc.oneof(
    { weight: 9, arbitrary: fc.integer({ min: 1, max: 60 }) },
    { weight: 1, arbitrary: fc.integer({ min: 61, max: 360 }) },
  ),
  fechaDesembolso: fechaArb,
  primerVencimientoDias: fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
  metodo: fc.constantFrom<MetodoAmortizacion>('cuota_nivelada', 'capital_constante'),
});

/**
 * The rules' invariants for one schedule, as messages. Plain comparisons instead of `expect`
 * keep 10 000 loans (≈ 300 000 cuotas) well under a second.
 */
function violaciones(plan: CuotaPlan[], input: GenerarCuotasInput): string[] {
  const out: string[] = [];
  if (plan.length !== input.plazoMeses) out.push(`${plan.length} cuotas para un plazo de ${input.plazoMeses}`);
  let capital = 0;
  let saldoAnterior = input.principalCentimos;
  let fechaAnterior = input.fechaDesembolso;
  plan.forEach((c, k) => {
    const n = `cuota ${k + 1}`;
    if (c.numero_cuota !== k + 1) out.push(`${n}: numero_cuota ${c.numero_cuota}`);
    for (const [campo, v] of Object.entries(c)) {
      if (typeof v === 'number' && (!Number.isSafeInteger(v) || v < 0)) out.push(`${n}: ${campo} = ${v}`);
    }
    if (c.monto_total_centimos !== c.monto_capital_centimos + c.monto_interes_centimos)
      out.push(`${n}: total ≠ capital + interés`);
    if (c.saldo_capital_despues_centimos !== saldoAnterior - c.monto_capital_centimos)
      out.push(`${n}: saldo ≠ saldo anterior − capital`);
    if (c.saldo_capital_despues_centimos > saldoAnterior) out.push(`${n}: el saldo crece`);
    if (diasEntre(fechaAnterior, c.fecha_vencimiento) <= 0)
      out.push(`${n}: vence ${c.fecha_vencimiento}, no después de ${fechaAnterior}`);
    capital += c.monto_capital_centimos;
    saldoAnterior = c.saldo_capital_despues_centimos;
    fechaAnterior = c.fecha_vencimiento;
  });
  if (capital !== input.principalCentimos) out.push(`Σ capital ${capital} ≠ principal ${input.principalCentimos}`);
  if (plan.at(-1)?.saldo_capital_despues_centimos !== 0) out.push('el último saldo no es 0');
  return out;
}

describe('propiedades del calendario (10 000 préstamos aleatorios)', () => {
  it('Σ capital = principal, último saldo 0, montos ≥ 0, total = capital + interés, saldo no creciente, n cuotas', () => {
    let prestamos = 0;
    fc.assert(
      fc.property(loanArb, ({ primerVencimientoDias, ...loan }) => {
        const input: GenerarCuotasInput = {
          ...loan,
          ...(primerVencimientoDias ? { fechaPrimerVencimiento: sumarDias(loan.fechaDesembolso, primerVencimientoDias) } : {}),
        };
        const errores = violaciones(generarCuotas(input), input);
        if (errores.length > 0) throw new Error(errores.join('; '));
        prestamos++;
      }),
      { numRuns: 10_000 },
    );
    expect(prestamos).toBeGreaterThanOrEqual(10_000);
  }, 20_000);

  it('con montos y tasas realistas el saldo baja en cada cuota y las cuotas niveladas son iguales salvo la última', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000_00, max: 10_000_000_00 }),
        fc.integer({ min: 0, max: 6000 }),
        fc.integer({ min: 2, max: 60 }),
        fc.constantFrom<MetodoAmortizacion>('cuota_nivelada', 'capital_constante'),
        (principalCentimos, bp, plazoMeses, metodo) => {
          const tasaAnual = (bp / 100).toFixed(2);
          const plan = generarCuotas({ principalCentimos, tasaAnual, plazoMeses, fechaDesembolso: '2026-01-31', metodo });
          let saldo = principalCentimos;
          for (const c of plan) {
            expect(c.saldo_capital_despues_centimos).toBeLessThan(saldo);
            saldo = c.saldo_capital_despues_centimos;
          }
          if (metodo === 'cuota_nivelada' && bp > 0) {
            const pago = cuotaNivelada(principalCentimos, tasaAnual, plazoMeses);
            expect(plan.slice(0, -1).every((c) => c.monto_total_centimos === pago)).toBe(true);
            // the last cuota absorbs only the accumulated rounding (≤ 1 céntimo a period, compounded)
            const cota = plazoMeses * (1 + bp / 120_000) ** plazoMeses;
            expect(Math.abs(plan.at(-1)!.monto_total_centimos - pago)).toBeLessThanOrEqual(cota);
          }
          if (metodo === 'capital_constante') {
            const intereses = plan.map((c) => c.monto_interes_centimos);
            expect(intereses.every((x, k) => k === 0 || x <= intereses[k - 1]!)).toBe(true);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('la cuota nivelada es la fórmula exacta redondeada al céntimo (a medio céntimo o menos)', () => {
    // An exact oracle: with i = bp / 120 000 (bp = rate in hundredths of a percent),
    // p·i / (1 − (1 + i)^−n) = p·bp·(120 000 + bp)^n / (120 000·((120 000 + bp)^n − 120 000^n)).
    // (The floating-point formula is no oracle: at tiny rates 1 − (1 + i)^−n cancels and it is off by
    // more than 1e-4 céntimos, e.g. p = 628 698 097, 0.01 %, 36 months.)
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000_00, max: 10_000_000_00 }),
        fc.integer({ min: 1, max: 6000 }),
        fc.integer({ min: 1, max: 60 }),
        (p, bp, n) => {
          const base = 120_000n;
          const crecido = (base + BigInt(bp)) ** BigInt(n);
          const num = BigInt(p) * BigInt(bp) * crecido;
          const den = base * (crecido - base ** BigInt(n));
          const cuota = BigInt(cuotaNivelada(p, (bp / 100).toFixed(2), n));
          const dos = 2n * (cuota * den - num);
          expect(dos <= den && -dos <= den, `p=${p} bp=${bp} n=${n} → ${cuota}`).toBe(true);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('el caso que la fórmula en coma flotante redondeaba mal: 628 698 097 céntimos al 0.01 % en 36 meses', () => {
    // exact value 17 466 528.500 042 55…: rounds up
    expect(cuotaNivelada(628_698_097, '0.01', 36)).toBe(17_466_529);
  });
});
