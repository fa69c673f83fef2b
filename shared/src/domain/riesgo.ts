/**
 * Risk categories, provisions, write-off and recoveries as pure functions (docs/riesgo.md).
 *
 * A credit's category follows from its días de mora (and whether it was restructured) with
 * thresholds and estimation percentages that are settings; the defaults are modelled on the
 * categories of Acuerdo SUGEF 1-05 (A1 … E), simplified to days past due only.
 */
import { parseDecimal, roundHalfEven } from './money';

export const CATEGORIAS_RIESGO = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'D', 'E'] as const;
export type CategoriaRiesgo = (typeof CATEGORIAS_RIESGO)[number];

/** Días de mora beyond this are counted together (the aggregates keep one counter per day up to it). */
export const DIAS_MORA_TOPE = 366;

export interface ParametrosRiesgo {
  /** Upper bound (inclusive, días de mora) of A1 … D, strictly increasing; E is everything beyond the last. */
  umbrales: readonly number[];
  /** Minimum estimation percentage per category A1 … E, decimal strings 0–100 (e.g. "0.5"). */
  porcentajes: readonly string[];
  /** The best category a restructured credit may have. */
  minimaReestructurado: CategoriaRiesgo;
}

export const UMBRALES_DEFECTO = [0, 30, 45, 60, 75, 90, 120] as const;
export const PORCENTAJES_DEFECTO = ['0.5', '2', '5', '10', '25', '50', '75', '100'] as const;
export const MINIMA_REESTRUCTURADO_DEFECTO: CategoriaRiesgo = 'B1';

export const PARAMETROS_RIESGO_DEFECTO: ParametrosRiesgo = {
  umbrales: UMBRALES_DEFECTO,
  porcentajes: PORCENTAJES_DEFECTO,
  minimaReestructurado: MINIMA_REESTRUCTURADO_DEFECTO,
};

const indice = (c: CategoriaRiesgo) => CATEGORIAS_RIESGO.indexOf(c);

/**
 * The category of a credit: the first whose threshold covers its días de mora (E past the last),
 * then, for a restructured credit, never better than `minimaReestructurado`.
 */
export function categoriaRiesgo(diasMora: number, reestructurado: boolean, p: ParametrosRiesgo): CategoriaRiesgo {
  const dias = Math.max(0, Math.trunc(diasMora));
  let i = p.umbrales.findIndex((u) => dias <= u);
  if (i < 0) i = CATEGORIAS_RIESGO.length - 1;
  if (reestructurado) i = Math.max(i, indice(p.minimaReestructurado));
  return CATEGORIAS_RIESGO[i]!;
}

/** The required provision of a balance at a percentage string, half-even to the céntimo. */
export function provision(saldoCentimos: number, porcentaje: string): number {
  const r = parseDecimal(porcentaje);
  return Number(roundHalfEven(BigInt(saldoCentimos) * r.num, r.den * 100n));
}

/** Comma-separated list as the settings store it ("0,30,45"): trimmed parts. */
export const partesLista = (valor: string): string[] => valor.split(',').map((s) => s.trim());

/** A thresholds setting is valid: 7 integers, strictly increasing, 0 … DIAS_MORA_TOPE − 1. */
export function umbralesValidos(valor: string): number[] | null {
  const partes = partesLista(valor);
  if (partes.length !== CATEGORIAS_RIESGO.length - 1 || partes.some((s) => !/^\d{1,3}$/.test(s))) return null;
  const n = partes.map(Number);
  if (n.some((x, i) => x >= DIAS_MORA_TOPE || (i > 0 && x <= n[i - 1]!))) return null;
  return n;
}

/** A percentages setting is valid: 8 decimals 0–100 with at most 2 decimals. */
export function porcentajesValidos(valor: string): string[] | null {
  const partes = partesLista(valor);
  if (partes.length !== CATEGORIAS_RIESGO.length) return null;
  if (partes.some((s) => !/^\d{1,3}(\.\d{1,2})?$/.test(s) || Number(s) > 100)) return null;
  return partes;
}

export const esCategoriaRiesgo = (v: string): v is CategoriaRiesgo => (CATEGORIAS_RIESGO as readonly string[]).includes(v);

/** Per días de mora (0 … DIAS_MORA_TOPE) and restructured flag: how many credits and what balance. */
export interface TramoDias {
  dias: number;
  reestructurado: boolean;
  creditos: number;
  saldo_centimos: number;
}

export interface FilaProvision {
  categoria: CategoriaRiesgo;
  porcentaje: string;
  creditos: number;
  saldo_centimos: number;
  provision_centimos: number;
}

/**
 * The provisions report from the per-day counters: each day bucket goes to its category, balances
 * are summed per category and each category's provision is rounded once (half-even) on its sum.
 */
export function provisionesPorCategoria(
  tramos: readonly TramoDias[],
  p: ParametrosRiesgo,
): { filas: FilaProvision[]; total: Omit<FilaProvision, 'categoria' | 'porcentaje'> } {
  const filas: FilaProvision[] = CATEGORIAS_RIESGO.map((categoria, i) => ({
    categoria,
    porcentaje: p.porcentajes[i] ?? '100',
    creditos: 0,
    saldo_centimos: 0,
    provision_centimos: 0,
  }));
  for (const t of tramos) {
    const f = filas[indice(categoriaRiesgo(t.dias, t.reestructurado, p))]!;
    f.creditos += t.creditos;
    f.saldo_centimos += t.saldo_centimos;
  }
  for (const f of filas) f.provision_centimos = provision(f.saldo_centimos, f.porcentaje);
  const total = filas.reduce(
    (s, f) => ({
      creditos: s.creditos + f.creditos,
      saldo_centimos: s.saldo_centimos + f.saldo_centimos,
      provision_centimos: s.provision_centimos + f.provision_centimos,
    }),
    { creditos: 0, saldo_centimos: 0, provision_centimos: 0 },
  );
  return { filas, total };
}

// ---------------------------------------------------------------- write-off and recoveries

/** What is written off, by component. */
export interface Componentes {
  capital: number;
  interes: number;
  mora: number;
}

export const totalComponentes = (c: Componentes): number => c.capital + c.interes + c.mora;

/** A cuota as the write-off reads it (the engine's CuotaSaldo fields it needs). */
export interface CuotaCastigo {
  fecha_vencimiento: string;
  monto_capital_centimos: number;
  monto_interes_centimos: number;
  pagado_capital_centimos: number;
  pagado_interes_centimos: number;
  monto_mora_centimos: number;
  pagado_mora_centimos: number;
  interes_condonado_centimos?: number;
}

/**
 * The balance written off on `fecha`: all unpaid capital, the unpaid interest of cuotas due on or
 * before `fecha` (interest not yet due is not earned and is not written off) and all unpaid mora.
 */
export function saldoACastigar(cuotas: readonly CuotaCastigo[], fecha: string): Componentes {
  let capital = 0;
  let interes = 0;
  let mora = 0;
  for (const c of cuotas) {
    capital += c.monto_capital_centimos - c.pagado_capital_centimos;
    mora += c.monto_mora_centimos - c.pagado_mora_centimos;
    if (c.fecha_vencimiento <= fecha)
      interes += c.monto_interes_centimos - c.pagado_interes_centimos - (c.interes_condonado_centimos ?? 0);
  }
  return { capital, interes, mora };
}

/**
 * A recovery on a written-off credit: applied in the engine's order, mora → interés → capital, to
 * what is still written off. Never more than that (the caller refuses a larger amount).
 */
export function aplicarRecuperacion(pendiente: Componentes, monto: number): { aplicado: Componentes; resto: Componentes } {
  let queda = monto;
  const tomar = (disponible: number) => {
    const x = Math.min(Math.max(0, disponible), queda);
    queda -= x;
    return x;
  };
  const mora = tomar(pendiente.mora);
  const interes = tomar(pendiente.interes);
  const capital = tomar(pendiente.capital);
  if (queda > 0) throw new RangeError('la recuperación excede el saldo castigado');
  return {
    aplicado: { capital, interes, mora },
    resto: { capital: pendiente.capital - capital, interes: pendiente.interes - interes, mora: pendiente.mora - mora },
  };
}
