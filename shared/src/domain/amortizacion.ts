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
}

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
    return Array.from({ length: n }, (_, k) => sumarMeses(first, k));
  }
  return Array.from({ length: n }, (_, k) => sumarMeses(input.fechaDesembolso, k + 1));
}

// ---------------------------------------------------------------- amounts

/** Periodic (monthly) rate i = annual percent / 100 / 12, exact. */
export function tasaPeriodica(tasaAnual: string): Ratio {
  const annual = parseDecimal(tasaAnual);
  return ratio(annual.num, annual.den * 1200n);
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
  const a = (i.den + i.num) ** BigInt(plazoMeses);
  const b = i.den ** BigInt(plazoMeses);
  return toSafeNumber(roundHalfEven(BigInt(principalCentimos) * i.num * a, i.den * (a - b)));
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

/**
 * The capital and interest of each period, without dates. The last period takes the whole
 * remaining balance as capital (Fineract `adjustPrincipalIfLastRepaymentPeriod`), so
 * Σ capital = principal exactly. Capital is never more than the balance left, so tiny loans
 * whose rounded payment (or half-even capital share) exceeds their true one never go below zero.
 */
export function calcularMontos(input: Omit<GenerarCuotasInput, 'fechaDesembolso' | 'fechaPrimerVencimiento'>): Array<{
  capital: number;
  interes: number;
  saldo: number;
}> {
  const { principalCentimos: principal, plazoMeses: n, metodo } = input;
  validarTerminos(principal, n);
  const i = tasaPeriodica(input.tasaAnual);
  if (metodo !== 'cuota_nivelada' && metodo !== 'capital_constante')
    throw new RangeError(`método desconocido: ${String(metodo)}`);
  const capitalConstante = metodo === 'capital_constante' || i.num === 0n ? BigInt(capitalPorCuota(principal, n)) : null;
  const pago = capitalConstante !== null ? 0n : BigInt(cuotaNivelada(principal, input.tasaAnual, n));

  const out: Array<{ capital: number; interes: number; saldo: number }> = [];
  let saldo = BigInt(principal);
  for (let k = 0; k < n; k++) {
    const int = interes(saldo, i);
    let capital: bigint;
    if (k === n - 1) capital = saldo;
    else if (capitalConstante !== null) capital = capitalConstante;
    else capital = pago - int;
    if (capital < 0n) capital = 0n;
    if (capital > saldo) capital = saldo;
    saldo -= capital;
    out.push({ capital: toSafeNumber(capital), interes: toSafeNumber(int), saldo: toSafeNumber(saldo) });
  }
  return out;
}

/** The full amortization schedule: amounts per period plus their due dates. */
export function generarCuotas(input: GenerarCuotasInput): CuotaPlan[] {
  const montos = calcularMontos(input);
  const fechas = fechasVencimiento(input);
  return montos.map((m, k) => ({
    numero_cuota: k + 1,
    fecha_vencimiento: fechas[k]!,
    monto_capital_centimos: m.capital,
    monto_interes_centimos: m.interes,
    monto_total_centimos: m.capital + m.interes,
    saldo_capital_despues_centimos: m.saldo,
  }));
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
