import { parseDecimal, ratio, roundHalfEven, toSafeNumber, type Ratio } from './money';

/**
 * Schedule generation (lending-rules.md "Amortization"). Like Fineract, the amounts are a pure
 * function of the loan terms and the due dates are generated separately; all arithmetic is
 * exact (BigInt) and every rounding is half-even to the céntimo.
 */

export const METODOS_AMORTIZACION = ['cuota_nivelada', 'capital_constante'] as const;
export type MetodoAmortizacion = (typeof METODOS_AMORTIZACION)[number];

export interface GenerarCuotasInput {
  principalCentimos: number;
  /** Annual nominal rate in percent as a decimal string, e.g. "24.00". */
  tasaAnual: string;
  plazoMeses: number;
  /** YYYY-MM-DD */
  fechaDesembolso: string;
  /** YYYY-MM-DD; defaults to the disbursement date + 1 month. */
  fechaPrimerVencimiento?: string;
  metodo: MetodoAmortizacion;
  /**
   * How period 1 is charged when the first due date is not exactly one month after the
   * disbursement (a "broken period"): 'mensual' (the default, as before) charges one month,
   * rate/12; 'exacto' charges balance × annual rate × days / 365 (actual/365, half-even) and
   * keeps the principal schedule of the regular level cuota, so only cuota 1 differs
   * (docs/lending-engine.md "Pricing"). A first due date exactly one month later is regular
   * either way.
   */
  periodoIrregular?: PeriodoIrregular;
  /** Periodo de gracia de capital: the first k cuotas pay interest only (0 ≤ k < plazo). */
  mesesGracia?: number;
  /**
   * Cuota in multiples of 1, 10 or 100 colones: the level cuota (the capital share for capital
   * constante and zero-rate schedules) is rounded UP to the multiple and the last cuota takes the
   * remainder; null/undefined keeps the céntimo.
   */
  multiploCuota?: MultiploCuota | null;
}

export const PERIODOS_IRREGULARES = ['mensual', 'exacto'] as const;
export type PeriodoIrregular = (typeof PERIODOS_IRREGULARES)[number];
export const MULTIPLOS_CUOTA = [1, 10, 100] as const;
export type MultiploCuota = (typeof MULTIPLOS_CUOTA)[number];

export interface CuotaPlan {
  numero_cuota: number;
  fecha_vencimiento: string;
  monto_capital_centimos: number;
  monto_interes_centimos: number;
  monto_total_centimos: number;
  saldo_capital_despues_centimos: number;
}

export const PLAZO_MAXIMO_GENERABLE = 600;

// ---------------------------------------------------------------- dates

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(iso: string): { y: number; m: number; d: number } {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new RangeError(`fecha inválida: "${iso}"`);
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) throw new RangeError(`fecha inválida: "${iso}"`);
  return { y, m, d };
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const pad = (n: number, len = 2) => String(n).padStart(len, '0');

/**
 * The same day `months` months later; a day the target month lacks (29th–31st) becomes that
 * month's last day. Always computed from the anchor, so 01-31 + 2 months is 03-31, not 03-28.
 */
export function sumarMeses(iso: string, months: number): string {
  const { y, m, d } = parseIsoDate(iso);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return `${pad(ty, 4)}-${pad(tm)}-${pad(Math.min(d, daysInMonth(ty, tm)))}`;
}

/** Whole days from `desde` to `hasta` (negative when hasta is earlier). */
export function diasEntre(desde: string, hasta: string): number {
  const a = parseIsoDate(desde);
  const b = parseIsoDate(hasta);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

export function sumarDias(iso: string, days: number): string {
  const { y, m, d } = parseIsoDate(iso);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The two-digit forms of 0–31, built once (a schedule formats one date per cuota). */
const DOS_DIGITOS = Array.from({ length: 32 }, (_, k) => pad(k));
const DIAS_MES = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * `months` months after the anchor (y, m, d), as sumarMeses gives it, without parsing or a Date:
 * for years ≥ 1000 (four digits, Gregorian leap years, as Date.UTC counts them from year 100 on).
 */
function mesesDesde(y: number, m: number, d: number, months: number): string {
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  const ultimo = tm === 2 ? ((ty % 4 === 0 && ty % 100 !== 0) || ty % 400 === 0 ? 29 : 28) : DIAS_MES[tm]!;
  return `${ty}-${DOS_DIGITOS[tm]}-${DOS_DIGITOS[d < ultimo ? d : ultimo]}`;
}

/** The due date of each period k = 0…n−1: anchor + (k + desfase) months. */
function serieMensual(anchor: string, n: number, desfase: number): string[] {
  const { y, m, d } = parseIsoDate(anchor);
  const largo = Math.max(0, Math.trunc(n)) || 0; // as Array.from({ length: n }) reads it
  const out = new Array<string>(largo);
  // years before 1000 keep sumarMeses' own formatting (and Date.UTC's reading of years 0–99)
  for (let k = 0; k < largo; k++) out[k] = y >= 1000 ? mesesDesde(y, m, d, k + desfase) : sumarMeses(anchor, k + desfase);
  return out;
}

/**
 * Monthly due dates. With an explicit first due date the series is anchored on it; without one
 * it is anchored on the disbursement date (due k = disbursement + k months), so a loan disbursed
 * on 01-31 falls due 02-28, 03-31, 04-30…
 */
export function fechasVencimiento(input: {
  fechaDesembolso: string;
  fechaPrimerVencimiento?: string;
  plazoMeses: number;
}): string[] {
  parseIsoDate(input.fechaDesembolso);
  const { plazoMeses: n } = input;
  if (input.fechaPrimerVencimiento) {
    const first = input.fechaPrimerVencimiento;
    if (diasEntre(input.fechaDesembolso, first) <= 0) {
      throw new RangeError('el primer vencimiento debe ser posterior al desembolso');
    }
    return serieMensual(first, n, 0);
  }
  return serieMensual(input.fechaDesembolso, n, 1);
}

// ---------------------------------------------------------------- amounts

const tasasPeriodicas = new Map<string, Ratio>();

/** Periodic (monthly) rate i = annual percent / 100 / 12, exact (remembered per rate string: a portfolio has few). */
export function tasaPeriodica(tasaAnual: string): Ratio {
  let i = tasasPeriodicas.get(tasaAnual);
  if (!i) {
    const annual = parseDecimal(tasaAnual);
    i = ratio(annual.num, annual.den * 1200n);
    if (tasasPeriodicas.size >= 1_000) tasasPeriodicas.clear();
    tasasPeriodicas.set(tasaAnual, i);
  }
  return i;
}

/** balance × rate rounded half-even to the céntimo. */
function interes(balance: bigint, i: Ratio): bigint {
  return roundHalfEven(balance * i.num, i.den);
}

/**
 * Cuota nivelada: P·i / (1 − (1+i)^−n) = P·p·(q+p)^n / (q·((q+p)^n − q^n)) for i = p/q,
 * rounded half-even. Zero rate: P/n rounded half-even (the remainder goes to the last cuota).
 */
export function cuotaNivelada(principalCentimos: number, tasaAnual: string, plazoMeses: number): number {
  validarTerminos(principalCentimos, plazoMeses);
  const i = tasaPeriodica(tasaAnual);
  if (i.num === 0n) return capitalPorCuota(principalCentimos, plazoMeses);
  const f = factorNivelado(tasaAnual, i, plazoMeses);
  return toSafeNumber(roundHalfEven(BigInt(principalCentimos) * f.num, f.den));
}

const factoresNivelados = new Map<string, Ratio>();

/** p·(q+p)^n / (q·((q+p)^n − q^n)) for i = p/q, unreduced: the payment per céntimo of principal (remembered per rate and term). */
function factorNivelado(tasaAnual: string, i: Ratio, plazoMeses: number): Ratio {
  const clave = `${tasaAnual}|${plazoMeses}`;
  let f = factoresNivelados.get(clave);
  if (!f) {
    const a = (i.den + i.num) ** BigInt(plazoMeses);
    const b = i.den ** BigInt(plazoMeses);
    f = { num: i.num * a, den: i.den * (a - b) };
    if (factoresNivelados.size >= 1_000) factoresNivelados.clear();
    factoresNivelados.set(clave, f);
  }
  return f;
}

/**
 * Capital constante (and any zero-rate schedule): each cuota's capital is P/n rounded half-even to
 * the céntimo; the last cuota takes what is left, so it differs from the others by at most n/2
 * céntimos either way (lending-rules.md "Amortization").
 */
export function capitalPorCuota(principalCentimos: number, plazoMeses: number): number {
  validarTerminos(principalCentimos, plazoMeses);
  return toSafeNumber(roundHalfEven(BigInt(principalCentimos), BigInt(plazoMeses)));
}

function validarTerminos(principalCentimos: number, plazoMeses: number): void {
  if (!Number.isSafeInteger(principalCentimos) || principalCentimos < 1) {
    throw new RangeError('el principal debe ser un entero de céntimos ≥ 1');
  }
  if (!Number.isSafeInteger(plazoMeses) || plazoMeses < 1 || plazoMeses > PLAZO_MAXIMO_GENERABLE) {
    throw new RangeError(`el plazo debe ser un entero entre 1 y ${PLAZO_MAXIMO_GENERABLE} meses`);
  }
}

type Montos = Array<{ capital: number; interes: number; saldo: number }>;

/**
 * The capital and interest of each period, without dates. The last period takes the whole
 * remaining balance as capital (Fineract `adjustPrincipalIfLastRepaymentPeriod`), so
 * Σ capital = principal exactly. Capital is never more than the balance left, so tiny loans
 * whose rounded payment (or half-even capital share) exceeds their true one never go below zero.
 */
export function calcularMontos(input: Omit<GenerarCuotasInput, 'fechaDesembolso' | 'fechaPrimerVencimiento'>): Montos {
  const t = terminosMontos(input);
  return t.exactoEnNumber ? montosNumber(t) : montosBigInt(t);
}

interface TerminosMontos {
  principal: number;
  n: number;
  i: Ratio;
  /** P/n half-even for capital constante and zero-rate schedules, else null. */
  capitalConstante: number | null;
  /** The cuota nivelada (0 when capitalConstante is set). */
  pago: number;
  /** Every product of the loop (balance × i.num, plus i.den) is an integer below 2^53: exact in doubles. */
  exactoEnNumber: boolean;
}

const MAX_SEGURO = BigInt(Number.MAX_SAFE_INTEGER);

function terminosMontos(input: Omit<GenerarCuotasInput, 'fechaDesembolso' | 'fechaPrimerVencimiento'>): TerminosMontos {
  const { principalCentimos: principal, plazoMeses: n, metodo } = input;
  validarTerminos(principal, n);
  const i = tasaPeriodica(input.tasaAnual);
  if (metodo !== 'cuota_nivelada' && metodo !== 'capital_constante')
    throw new RangeError(`método desconocido: ${String(metodo)}`);
  const capitalConstante = metodo === 'capital_constante' || i.num === 0n ? capitalPorCuota(principal, n) : null;
  const pago = capitalConstante !== null ? 0 : cuotaNivelada(principal, input.tasaAnual, n);
  // the balance never grows (capital ≥ 0), so balance × i.num ≤ principal × i.num
  const exactoEnNumber = BigInt(principal) * i.num + i.den <= MAX_SEGURO;
  return { principal, n, i, capitalConstante, pago, exactoEnNumber };
}

/**
 * Cuota k's capital (of n) in BigInt: none in a grace month, the whole balance at the last cuota,
 * else the constant capital or what the payment leaves after the month's interest; never below
 * zero nor above the balance.
 */
function capitalDeCuota(c: {
  k: number;
  n: number;
  gracia: number;
  saldo: bigint;
  capitalConstante: bigint | null;
  pago: bigint;
  interes: bigint;
}): bigint {
  let capital: bigint;
  if (c.k < c.gracia) capital = 0n;
  else if (c.k === c.n - 1) capital = c.saldo;
  else if (c.capitalConstante !== null) capital = c.capitalConstante;
  else capital = c.pago - c.interes;
  if (capital < 0n) capital = 0n;
  if (capital > c.saldo) capital = c.saldo;
  return capital;
}

/** The exact schedule in BigInt: any principal and rate. */
function montosBigInt(t: TerminosMontos): Montos {
  const { n, i } = t;
  const capitalConstante = t.capitalConstante !== null ? BigInt(t.capitalConstante) : null;
  const pago = BigInt(t.pago);
  const out: Montos = [];
  let saldo = BigInt(t.principal);
  for (let k = 0; k < n; k++) {
    const int = interes(saldo, i);
    const capital = capitalDeCuota({ k, n, gracia: 0, saldo, capitalConstante, pago, interes: int });
    saldo -= capital;
    out.push({ capital: toSafeNumber(capital), interes: toSafeNumber(int), saldo: toSafeNumber(saldo) });
  }
  return out;
}

/**
 * x / den rounded half-even, for integers 0 ≤ x and 0 < den with x + den < 2^53. Every value is
 * an integer a double holds exactly: the quotient of the division is floored (a correctly rounded
 * x / den never crosses the next integer when x < 2^53), q·den ≤ x, and 2·r is a power-of-two
 * multiple — the same result as roundHalfEven in BigInt, without allocating.
 */
function halfEvenNumber(x: number, den: number): number {
  let q = Math.floor(x / den);
  let r = x - q * den;
  // not reached for x < 2^53 (see above); kept so a misjudged bound still rounds exactly
  while (r < 0) {
    q--;
    r += den;
  }
  while (r >= den) {
    q++;
    r -= den;
  }
  const r2 = 2 * r;
  if (r2 < den) return q;
  if (r2 > den) return q + 1;
  return q % 2 === 0 ? q : q + 1;
}

/** The same schedule as montosBigInt, in doubles, when terminosMontos says every value is exact there. */
function montosNumber(t: TerminosMontos): Montos {
  const { n, capitalConstante, pago } = t;
  const num = Number(t.i.num);
  const den = Number(t.i.den);
  const out: Montos = new Array(n);
  let saldo = t.principal;
  for (let k = 0; k < n; k++) {
    const int = halfEvenNumber(saldo * num, den);
    let capital: number;
    if (k === n - 1) capital = saldo;
    else if (capitalConstante !== null) capital = capitalConstante;
    else capital = pago - int;
    if (capital < 0) capital = 0;
    if (capital > saldo) capital = saldo;
    saldo -= capital;
    out[k] = { capital, interes: int, saldo };
  }
  return out;
}

/** The full amortization schedule: amounts per period plus their due dates. */
export function generarCuotas(input: GenerarCuotasInput): CuotaPlan[] {
  const fechas = fechasVencimiento(input);
  const montos = conOpciones(input) ? montosConOpciones(input) : calcularMontos(input);
  const out = new Array<CuotaPlan>(montos.length);
  for (let k = 0; k < montos.length; k++) {
    const m = montos[k]!;
    out[k] = {
      numero_cuota: k + 1,
      fecha_vencimiento: fechas[k]!,
      monto_capital_centimos: m.capital,
      monto_interes_centimos: m.interes,
      monto_total_centimos: m.capital + m.interes,
      saldo_capital_despues_centimos: m.saldo,
    };
  }
  return out;
}

// ---------------------------------------------------------------- pricing options

/** True when grace, a cuota multiple or an exact broken first period change the plain schedule. */
function conOpciones(input: GenerarCuotasInput): boolean {
  return (input.mesesGracia ?? 0) !== 0 || (input.multiploCuota ?? null) !== null || interesPrimerPeriodoExacto(input) !== null;
}

/**
 * The exact interest of a broken first period, or null when period 1 is a regular month (no
 * explicit first due date, one exactly a month later, or periodoIrregular 'mensual'):
 * principal × annual% / 100 × days / 365, half-even (actual/365, as moraDiaria).
 */
export function interesPrimerPeriodoExacto(input: GenerarCuotasInput): number | null {
  const primero = input.fechaPrimerVencimiento;
  if (input.periodoIrregular !== 'exacto' || !primero) return null;
  if (primero === sumarMeses(input.fechaDesembolso, 1)) return null;
  const dias = diasEntre(input.fechaDesembolso, primero);
  if (dias <= 0) throw new RangeError('el primer vencimiento debe ser posterior al desembolso');
  const t = parseDecimal(input.tasaAnual);
  return toSafeNumber(roundHalfEven(BigInt(input.principalCentimos) * t.num * BigInt(dias), t.den * 36_500n));
}

function validarOpciones(input: GenerarCuotasInput): { gracia: number; multiplo: bigint | null } {
  const gracia = input.mesesGracia ?? 0;
  if (!Number.isSafeInteger(gracia) || gracia < 0 || gracia >= input.plazoMeses) {
    throw new RangeError('los meses de gracia deben ser un entero entre 0 y el plazo − 1');
  }
  const m = input.multiploCuota ?? null;
  if (m !== null && !MULTIPLOS_CUOTA.includes(m)) throw new RangeError('el múltiplo de cuota debe ser 1, 10 o 100 colones');
  return { gracia, multiplo: m === null ? null : BigInt(m) * 100n };
}

/** x rounded up to a multiple of m (x ≥ 0). */
function alMultiploSuperior(x: bigint, m: bigint): bigint {
  return ((x + m - 1n) / m) * m;
}

/**
 * The schedule with grace, a cuota multiple and/or an exact broken first period, all in BigInt.
 * Grace periods pay interest only; the level cuota (or P/(n−k) of capital) is computed over the
 * n − k amortizing months. Period 1's capital is that of the regular schedule (cuota − one
 * month's interest); only its interest is the exact broken-period amount. When a rounded-up
 * multiple would pay the loan off before its last cuota (tiny loans), the multiple is dropped.
 */
function montosConOpciones(input: GenerarCuotasInput): Montos {
  const { gracia, multiplo } = validarOpciones(input);
  const t = terminosMontos({ ...input, plazoMeses: input.plazoMeses - gracia });
  const primero = interesPrimerPeriodoExacto(input);
  const conMultiplo = montosGenerales(input.principalCentimos, input.plazoMeses, gracia, t, primero, multiplo);
  if (multiplo === null || input.plazoMeses < 2 || conMultiplo[input.plazoMeses - 2]!.saldo > 0) return conMultiplo;
  return montosGenerales(input.principalCentimos, input.plazoMeses, gracia, t, primero, null);
}

function montosGenerales(
  principal: number,
  n: number,
  gracia: number,
  t: TerminosMontos,
  primero: number | null,
  multiplo: bigint | null,
): Montos {
  const { i } = t;
  let capitalConstante = t.capitalConstante !== null ? BigInt(t.capitalConstante) : null;
  let pago = BigInt(t.pago);
  if (multiplo !== null) {
    if (capitalConstante !== null) capitalConstante = alMultiploSuperior(capitalConstante, multiplo);
    else pago = alMultiploSuperior(pago, multiplo);
  }
  const out: Montos = [];
  let saldo = BigInt(principal);
  for (let k = 0; k < n; k++) {
    const regular = interes(saldo, i);
    const int = k === 0 && primero !== null ? BigInt(primero) : regular;
    const capital = capitalDeCuota({ k, n, gracia, saldo, capitalConstante, pago, interes: regular });
    saldo -= capital;
    out.push({ capital: toSafeNumber(capital), interes: toSafeNumber(int), saldo: toSafeNumber(saldo) });
  }
  return out;
}

/**
 * One day of moratory interest on overdue capital: capital × annual% / 100 / 365 (actual/365),
 * rounded half-even. The daily close adds this once per business date.
 */
export function moraDiaria(capitalVencidoCentimos: number, tasaMoratoriaAnual: string): number {
  if (!Number.isSafeInteger(capitalVencidoCentimos) || capitalVencidoCentimos < 0) {
    throw new RangeError('el capital vencido debe ser un entero de céntimos ≥ 0');
  }
  const t = parseDecimal(tasaMoratoriaAnual);
  return toSafeNumber(roundHalfEven(BigInt(capitalVencidoCentimos) * t.num, t.den * 36_500n));
}
