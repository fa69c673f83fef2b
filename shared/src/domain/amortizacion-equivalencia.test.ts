import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  diasEntre,
  generarCuotas,
  sumarMeses,
  type CuotaPlan,
  type GenerarCuotasInput,
  type MetodoAmortizacion,
} from './amortizacion';
import { parseDecimal, ratio, roundHalfEven, toSafeNumber } from './money';

/*
 * generarCuotas computes in doubles when every value is an integer below 2^53, formats due dates
 * without parsing each one, and remembers rate factors. This file keeps the previous
 * implementation (all BigInt, one sumarMeses per due date, nothing remembered) and checks that
 * both give the same schedule, field by field, on random loans — including principals and rates
 * at and past the bound where the fast path hands over to BigInt, and years before 1000.
 */

function anterior(input: GenerarCuotasInput): CuotaPlan[] {
  const { principalCentimos: principal, plazoMeses: n, metodo } = input;
  if (!Number.isSafeInteger(principal) || principal < 1) throw new RangeError('principal');
  if (!Number.isSafeInteger(n) || n < 1 || n > 600) throw new RangeError('plazo');
  const annual = parseDecimal(input.tasaAnual);
  const i = ratio(annual.num, annual.den * 1200n);
  if (metodo !== 'cuota_nivelada' && metodo !== 'capital_constante') throw new RangeError('método');
  const capitalConstante = metodo === 'capital_constante' || i.num === 0n ? roundHalfEven(BigInt(principal), BigInt(n)) : null;
  let pago = 0n;
  if (capitalConstante === null) {
    const a = (i.den + i.num) ** BigInt(n);
    const b = i.den ** BigInt(n);
    pago = BigInt(toSafeNumber(roundHalfEven(BigInt(principal) * i.num * a, i.den * (a - b))));
  }
  const montos: Array<{ capital: number; interes: number; saldo: number }> = [];
  let saldo = BigInt(principal);
  for (let k = 0; k < n; k++) {
    const int = roundHalfEven(saldo * i.num, i.den);
    let capital: bigint;
    if (k === n - 1) capital = saldo;
    else if (capitalConstante !== null) capital = capitalConstante;
    else capital = pago - int;
    if (capital < 0n) capital = 0n;
    if (capital > saldo) capital = saldo;
    saldo -= capital;
    montos.push({ capital: toSafeNumber(capital), interes: toSafeNumber(int), saldo: toSafeNumber(saldo) });
  }
  let fechas: string[];
  if (input.fechaPrimerVencimiento) {
    const first = input.fechaPrimerVencimiento;
    if (diasEntre(input.fechaDesembolso, first) <= 0) throw new RangeError('primer vencimiento');
    fechas = Array.from({ length: n }, (_, k) => sumarMeses(first, k));
  } else {
    fechas = Array.from({ length: n }, (_, k) => sumarMeses(input.fechaDesembolso, k + 1));
  }
  return montos.map((m, k) => ({
    numero_cuota: k + 1,
    fecha_vencimiento: fechas[k]!,
    monto_capital_centimos: m.capital,
    monto_interes_centimos: m.interes,
    monto_total_centimos: m.capital + m.interes,
    saldo_capital_despues_centimos: m.saldo,
  }));
}

const resultado = (f: () => CuotaPlan[]): CuotaPlan[] | string => {
  try {
    return f();
  } catch (error) {
    return `${(error as Error).name}`;
  }
};

const fechaArb = (minY: number, maxY: number) =>
  fc
    .record({ y: fc.integer({ min: minY, max: maxY }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) })
    .map(({ y, m, d }) => {
      const last = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][
        m - 1
      ]!;
      return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
    });

/** Rates as stored ("24.00") and with up to six decimals (large reduced numerators: the BigInt path). */
const tasaArb = fc.oneof(
  fc.integer({ min: 0, max: 20_000 }).map((bp) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`),
  fc.integer({ min: 0, max: 200_000_000 }).map((u) => `${Math.floor(u / 1_000_000)}.${String(u % 1_000_000).padStart(6, '0')}`),
  fc.integer({ min: 0, max: 400 }).map(String),
);

const principalArb = fc.oneof(
  fc.integer({ min: 1, max: 10_000 }),
  fc.integer({ min: 10_000_00, max: 3_000_000_00 }),
  fc.integer({ min: 1, max: 1_000_000_000_000 }),
  // around and past the 2^53 / numerator bound
  fc.integer({ min: 2 ** 40, max: Number.MAX_SAFE_INTEGER }),
);

const loanArb = fc.record({
  principalCentimos: principalArb,
  tasaAnual: tasaArb,
  plazoMeses: fc.oneof(
    { weight: 9, arbitrary: fc.integer({ min: 1, max: 60 }) },
    { weight: 1, arbitrary: fc.integer({ min: 61, max: 600 }) },
  ),
  fechaDesembolso: fc.oneof({ weight: 9, arbitrary: fechaArb(1990, 2099) }, { weight: 1, arbitrary: fechaArb(0, 1100) }),
  primerVencimientoDias: fc.option(fc.integer({ min: -3, max: 400 }), { nil: undefined }),
  metodo: fc.constantFrom<MetodoAmortizacion>('cuota_nivelada', 'capital_constante'),
});

describe('generarCuotas optimizado = la implementación anterior en BigInt', () => {
  it('4 000 préstamos aleatorios dan el mismo calendario, céntimo por céntimo y fecha por fecha (o el mismo error)', () => {
    fc.assert(
      fc.property(loanArb, ({ primerVencimientoDias, ...loan }) => {
        const input: GenerarCuotasInput = { ...loan };
        if (primerVencimientoDias !== undefined) {
          const [y, m, d] = loan.fechaDesembolso.split('-').map(Number) as [number, number, number];
          const t = new Date(0);
          t.setUTCFullYear(y, m - 1, d + primerVencimientoDias);
          input.fechaPrimerVencimiento = `${String(t.getUTCFullYear()).padStart(4, '0')}-${String(t.getUTCMonth() + 1).padStart(2, '0')}-${String(t.getUTCDate()).padStart(2, '0')}`;
        }
        // twice: the second call reads the remembered rate and factors
        const esperado = resultado(() => anterior(input));
        expect(resultado(() => generarCuotas(input))).toEqual(esperado);
        expect(resultado(() => generarCuotas(input))).toEqual(esperado);
      }),
      { numRuns: 4_000 },
    );
  }, 60_000);

  it('en el borde exacto de 2^53: principal × numerador de la tasa justo debajo y justo encima', () => {
    // "24.00" → i = 1/50: numerator 1; "19.75" → 79/4 800; "0.000001" → 1/120 000 000
    for (const tasaAnual of ['24.00', '19.75', '28.00', '0.000001', '199.999999']) {
      const annual = parseDecimal(tasaAnual);
      const i = ratio(annual.num, annual.den * 1200n);
      const limite = (BigInt(Number.MAX_SAFE_INTEGER) - i.den) / i.num;
      for (const delta of [-2n, -1n, 0n, 1n, 2n]) {
        const p = limite + delta;
        if (p < 1n || p > BigInt(Number.MAX_SAFE_INTEGER)) continue;
        for (const metodo of ['cuota_nivelada', 'capital_constante'] as const) {
          const input: GenerarCuotasInput = {
            principalCentimos: Number(p),
            tasaAnual,
            plazoMeses: 36,
            fechaDesembolso: '2026-01-31',
            metodo,
          };
          expect(
            resultado(() => generarCuotas(input)),
            `${tasaAnual} ${p} ${metodo}`,
          ).toEqual(resultado(() => anterior(input)));
        }
      }
    }
  });
});
