import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, parseDecimal, ratio, roundHalfEven, roundRatio, splitEvenly, toSafeNumber } from './money';

describe('roundHalfEven', () => {
  it('redondea las mitades exactas al par más cercano', () => {
    expect(roundHalfEven(5n, 2n)).toBe(2n); // 2,5
    expect(roundHalfEven(7n, 2n)).toBe(4n); // 3,5
    expect(roundHalfEven(1n, 2n)).toBe(0n); // 0,5
    expect(roundHalfEven(-5n, 2n)).toBe(-2n);
    expect(roundHalfEven(-7n, 2n)).toBe(-4n);
    expect(roundHalfEven(5n, -2n)).toBe(-2n);
  });

  it('redondea al más cercano cuando no es una mitad', () => {
    expect(roundHalfEven(100000005n, 1000n)).toBe(100000n); // 100 000,005 → no es mitad de céntimo
    expect(roundHalfEven(1001n, 1000n)).toBe(1n);
    expect(roundHalfEven(1499n, 1000n)).toBe(1n);
    expect(roundHalfEven(1501n, 1000n)).toBe(2n);
    expect(roundHalfEven(-1501n, 1000n)).toBe(-2n);
    expect(roundHalfEven(12n, 4n)).toBe(3n);
  });

  it('rechaza el denominador cero', () => {
    expect(() => roundHalfEven(1n, 0n)).toThrow(RangeError);
  });

  it('queda a media unidad o menos del valor exacto y es simétrico', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.bigInt({ min: 1n, max: 10n ** 15n }), (num, den) => {
        const r = roundHalfEven(num, den);
        const diff = r * den - num; // (r − num/den)·den
        expect(2n * (diff < 0n ? -diff : diff) <= den).toBe(true);
        expect(roundHalfEven(-num, den)).toBe(-r);
      }),
      { numRuns: 2000 },
    );
  });

  it('roundRatio nombra el modo', () => {
    expect(roundRatio(ratio(25n, 10n), 'half-even')).toBe(2n);
  });
});

describe('parseDecimal', () => {
  it('lee tasas como "24.00" sin flotantes', () => {
    expect(parseDecimal('24.00')).toEqual({ num: 24n, den: 1n });
    expect(parseDecimal('18.5')).toEqual({ num: 37n, den: 2n });
    expect(parseDecimal('0.125')).toEqual({ num: 1n, den: 8n });
    expect(parseDecimal('0')).toEqual({ num: 0n, den: 1n });
  });

  it('rechaza textos que no son decimales no negativos', () => {
    for (const bad of ['', '-1', '1,5', 'abc', '1.', '.5', '1e3', '1.1234567']) {
      expect(() => parseDecimal(bad)).toThrow(RangeError);
    }
  });
});

describe('splitEvenly', () => {
  it('deja el resto explícito y lo suma a la última parte', () => {
    expect(splitEvenly(100, 3)).toEqual({ share: 33, remainder: 1, amounts: [33, 33, 34] });
    expect(splitEvenly(2, 5)).toEqual({ share: 0, remainder: 2, amounts: [0, 0, 0, 0, 2] });
    expect(splitEvenly(90, 3)).toEqual({ share: 30, remainder: 0, amounts: [30, 30, 30] });
  });

  it('rechaza céntimos no enteros o partes inválidas', () => {
    expect(() => splitEvenly(1.5, 2)).toThrow(RangeError);
    expect(() => splitEvenly(-1, 2)).toThrow(RangeError);
    expect(() => splitEvenly(10, 0)).toThrow(RangeError);
  });

  it('suma exactamente el total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 1, max: 1000 }), (total, parts) => {
        const { amounts, remainder, share } = splitEvenly(total, parts);
        expect(amounts).toHaveLength(parts);
        expect(amounts.reduce((a, b) => BigInt(a) + BigInt(b), 0n)).toBe(BigInt(total));
        expect(remainder).toBeGreaterThanOrEqual(0);
        expect(remainder).toBeLessThan(parts);
        expect(amounts.slice(0, -1).every((a) => a === share)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('allocate', () => {
  it('reparte por pesos y entrega el resto céntimo a céntimo desde el primero', () => {
    expect(allocate(100, [1, 1, 1])).toEqual({ amounts: [34, 33, 33], remainder: 1 });
    expect(allocate(1001, [70, 30])).toEqual({ amounts: [701, 300], remainder: 1 });
    expect(allocate(5, [0, 1, 1])).toEqual({ amounts: [0, 3, 2], remainder: 1 });
  });

  it('rechaza pesos inválidos', () => {
    expect(() => allocate(10, [])).toThrow(RangeError);
    expect(() => allocate(10, [0, 0])).toThrow(RangeError);
    expect(() => allocate(10, [-1, 2])).toThrow(RangeError);
  });

  it('suma exactamente el total y cada parte difiere a lo sumo un céntimo de su proporción', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 12 }).filter((w) => w.some((x) => x > 0)),
        (total, weights) => {
          const { amounts } = allocate(total, weights);
          expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = weights.reduce((a, b) => a + b, 0);
          // exactly, in integers: |a − total·w/sum| ≤ 1 ⇔ |a·sum − total·w| ≤ sum (a float quotient near 10^12 is
          // off by ~1e-4). Exactly 1 happens: a leftover céntimo handed to a share that had no fraction.
          amounts.forEach((a, k) => {
            const desvio = BigInt(a) * BigInt(sum) - BigInt(total) * BigInt(weights[k]!);
            expect(desvio <= BigInt(sum) && -desvio <= BigInt(sum)).toBe(true);
          });
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('toSafeNumber', () => {
  it('convierte sólo enteros que caben exactos en un number', () => {
    expect(toSafeNumber(123n)).toBe(123);
    expect(() => toSafeNumber(2n ** 53n)).toThrow(RangeError);
  });
});
