/**
 * Exact money arithmetic in integer céntimos (lending-rules.md "Money"). Rationals are BigInt
 * numerator/denominator pairs; the only rounding mode is named: half-even to the céntimo
 * (Fineract's default). Remainders of divisions are returned explicitly, never dropped.
 */

/** A non-reduced rational number num/den with den > 0. */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

export type RoundingMode = 'half-even';

function abs(x: bigint): bigint {
  return x < 0n ? -x : x;
}

export function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function ratio(num: bigint, den: bigint = 1n): Ratio {
  if (den === 0n) throw new RangeError('denominador cero');
  const sign = den < 0n ? -1n : 1n;
  const g = gcd(num, den) || 1n;
  return { num: (sign * num) / g, den: (sign * den) / g };
}

/**
 * num/den rounded to the nearest integer; exact halves go to the even neighbour
 * (2.5 → 2, 3.5 → 4, −2.5 → −2).
 */
export function roundHalfEven(num: bigint, den: bigint): bigint {
  if (den === 0n) throw new RangeError('denominador cero');
  if (den < 0n) return roundHalfEven(-num, -den);
  if (num < 0n) return -roundHalfEven(-num, den);
  const q = num / den;
  const twiceRest = 2n * (num % den);
  if (twiceRest < den) return q;
  if (twiceRest > den) return q + 1n;
  return q % 2n === 0n ? q : q + 1n;
}

/** Rounds a rational to integer céntimos with the named mode. */
export function roundRatio(value: Ratio, mode: RoundingMode = 'half-even'): bigint {
  switch (mode) {
    case 'half-even':
      return roundHalfEven(value.num, value.den);
  }
}

/**
 * Parses a non-negative decimal string such as "24.00" or "18.5" exactly (no floats).
 * Up to 6 decimals; the result is reduced.
 */
export function parseDecimal(value: string): Ratio {
  const match = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(value.trim());
  if (!match) throw new RangeError(`decimal inválido: "${value}"`);
  const decimals = match[2] ?? '';
  return ratio(BigInt(match[1]! + decimals), 10n ** BigInt(decimals.length));
}

/** A BigInt that must fit a JS number exactly (what items and JSON carry). */
export function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('monto fuera de rango');
  }
  return Number(value);
}

export function assertCentimos(value: number, name = 'monto'): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} debe ser un entero de céntimos`);
}

export interface SplitEvenly {
  /** The equal share, floor(total / parts). */
  share: number;
  /** total − parts × share, always in [0, parts). */
  remainder: number;
  /** `parts` amounts summing to total; the remainder is added to the last one. */
  amounts: number[];
}

/**
 * Splits non-negative céntimos into `parts` equal shares; the remainder goes to the last share
 * (the convention for zero-rate and capital-constante schedules).
 */
export function splitEvenly(totalCentimos: number, parts: number): SplitEvenly {
  assertCentimos(totalCentimos);
  if (totalCentimos < 0) throw new RangeError('el monto no puede ser negativo');
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError('partes debe ser un entero ≥ 1');
  const share = Math.floor(totalCentimos / parts);
  const remainder = totalCentimos - share * parts;
  const amounts = Array.from({ length: parts }, (_, k) => (k === parts - 1 ? share + remainder : share));
  return { share, remainder, amounts };
}

/**
 * Allocates non-negative céntimos in proportion to integer weights (dinero.js `allocate`):
 * each share is floored, then the leftover céntimos (returned as `remainder`) are handed out
 * one by one from the first share with a non-zero weight. Σ amounts = total exactly.
 */
export function allocate(totalCentimos: number, weights: readonly number[]): { amounts: number[]; remainder: number } {
  assertCentimos(totalCentimos);
  if (totalCentimos < 0) throw new RangeError('el monto no puede ser negativo');
  if (weights.length === 0 || weights.some((w) => !Number.isSafeInteger(w) || w < 0)) {
    throw new RangeError('los pesos deben ser enteros ≥ 0');
  }
  const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (sum === 0n) throw new RangeError('la suma de los pesos debe ser positiva');
  const total = BigInt(totalCentimos);
  const amounts = weights.map((w) => (total * BigInt(w)) / sum);
  const remainder = total - amounts.reduce((a, b) => a + b, 0n);
  let left = remainder;
  for (let k = 0; left > 0n; k = (k + 1) % amounts.length) {
    if (weights[k] === 0) continue;
    amounts[k] = amounts[k]! + 1n;
    left -= 1n;
  }
  return { amounts: amounts.map(toSafeNumber), remainder: toSafeNumber(remainder) };
}
