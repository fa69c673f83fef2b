import { CREDIT_LINE_LIMIT_CENTIMOS, diasEntre, formatCRC, riskFromScore, type FactorScore, type Riesgo } from '@cuota/shared';
import { scoringTexts } from '@cuota/shared/texts/scoring';
import { fill } from '@cuota/shared/texts/fill';

/**
 * Explainable scorecard (lending-rules.md "Scoring"): 300 points to start, each factor adds
 * (or takes away) points with a reason an analyst can read, and the total is kept in 300–850.
 * The best case of every factor adds exactly 550, so a flawless applicant scores 850.
 * Pure: the same inputs always give the same factors.
 */

export const SCORE_BASE = 300;
export const SCORE_MIN = 300;
export const SCORE_MAX = 850;

export const PUNTOS = {
  kyc: 80,
  documentoCedula: 40,
  documentoOtro: 30,
  /** by age band: [minimum age, points] from the oldest band down */
  edad: [
    [66, 25],
    [56, 45],
    [35, 60],
    [25, 45],
    [18, 25],
  ] as const,
  historialSin: 40,
  historialUno: 70,
  historialVarios: 90,
  moraNinguna: 110,
  moraTolerancia: 50,
  moraVencido: -50,
  /** line usage after the request: [max % used, points] */
  linea: [
    [30, 100],
    [60, 70],
    [90, 35],
    [100, 10],
  ] as const,
  lineaExcede: -60,
  montoEnRango: 40,
  montoBajo: 20,
  montoAlto: 0,
  plazoEnRango: 30,
} as const;

export interface EntradaScore {
  /** Business date (YYYY-MM-DD) the age is measured on. */
  fechaNegocio: string;
  cliente: {
    kyc_completado: boolean;
    identidad_tipo: string;
    identidad_numero: string | null;
    fecha_nacimiento: string | null;
  };
  /** The client's existing credits (any estado). */
  creditos: ReadonlyArray<{ estado: string; saldo_capital_centimos: number; saldo_mora_centimos: number }>;
  montoCentimos: number;
  plazoMeses: number;
  producto: {
    monto_minimo_centimos: number;
    monto_maximo_centimos: number;
    plazo_minimo_meses: number;
    plazo_maximo_meses: number;
  } | null;
}

export interface ResultadoScore {
  score: number;
  riesgo: Riesgo;
  factores: FactorScore[];
}

const s = scoringTexts;
const CEDULA = /^[1-9]\d{8}$/;

/** Whole years from `nacimiento` to `fecha` (both YYYY-MM-DD). */
export function edadEn(nacimiento: string, fecha: string): number {
  const [ny, nm, nd] = nacimiento.split('-').map(Number) as [number, number, number];
  const [fy, fm, fd] = fecha.split('-').map(Number) as [number, number, number];
  return fy - ny - (fm < nm || (fm === nm && fd < nd) ? 1 : 0);
}

function factorKyc(c: EntradaScore['cliente']): FactorScore {
  return c.kyc_completado
    ? { codigo: 'KYC', descripcion: s.kyc, puntos: PUNTOS.kyc, motivo: s.kycSi }
    : { codigo: 'KYC', descripcion: s.kyc, puntos: 0, motivo: s.kycNo };
}

function factorDocumento(c: EntradaScore['cliente']): FactorScore {
  const numero = c.identidad_numero?.trim() ?? '';
  const base = { codigo: 'DOCUMENTO_IDENTIDAD', descripcion: s.documento };
  if (c.identidad_tipo === 'cedula' && CEDULA.test(numero.replace(/\D/g, ''))) {
    return { ...base, puntos: PUNTOS.documentoCedula, motivo: s.documentoCedula };
  }
  if (numero.length >= 5)
    return { ...base, puntos: PUNTOS.documentoOtro, motivo: fill(s.documentoOtro, { tipo: c.identidad_tipo }) };
  return { ...base, puntos: 0, motivo: s.documentoNo };
}

function factorEdad(c: EntradaScore['cliente'], fecha: string): FactorScore {
  const base = { codigo: 'EDAD', descripcion: s.edad };
  if (!c.fecha_nacimiento || !/^\d{4}-\d{2}-\d{2}$/.test(c.fecha_nacimiento) || diasEntre(c.fecha_nacimiento, fecha) < 0) {
    return { ...base, puntos: 0, motivo: s.edadDesconocida };
  }
  const edad = edadEn(c.fecha_nacimiento, fecha);
  const bandas = PUNTOS.edad;
  const i = bandas.findIndex(([min]) => edad >= min);
  if (i < 0) return { ...base, puntos: 0, motivo: fill(s.edadMenor, { edad }) };
  const [min, puntos] = bandas[i]!;
  const rango = i === 0 ? `tramo ${min}+` : `tramo ${min}–${bandas[i - 1]![0] - 1}`;
  return { ...base, puntos, motivo: fill(s.edadRango, { edad, rango }) };
}

function factorHistorial(creditos: EntradaScore['creditos']): FactorScore {
  const base = { codigo: 'HISTORIAL_CREDITOS', descripcion: s.historial };
  const cancelados = creditos.filter((c) => c.estado === 'cancelado').length;
  if (cancelados === 0) {
    return { ...base, puntos: PUNTOS.historialSin, motivo: creditos.length === 0 ? s.historialSin : s.historialSinCancelar };
  }
  return {
    ...base,
    puntos: cancelados === 1 ? PUNTOS.historialUno : PUNTOS.historialVarios,
    motivo: fill(s.historialCancelados, { n: cancelados }),
  };
}

function factorMora(creditos: EntradaScore['creditos']): FactorScore {
  const base = { codigo: 'MORA_ACTUAL', descripcion: s.mora };
  const vencidos = creditos.filter((c) => c.estado === 'vencido').length;
  const mora = creditos.reduce((t, c) => t + c.saldo_mora_centimos, 0);
  if (vencidos > 0)
    return { ...base, puntos: PUNTOS.moraVencido, motivo: fill(s.moraVencido, { n: vencidos, mora: formatCRC(mora) }) };
  if (mora > 0) return { ...base, puntos: PUNTOS.moraTolerancia, motivo: fill(s.moraTolerancia, { mora: formatCRC(mora) }) };
  return { ...base, puntos: PUNTOS.moraNinguna, motivo: s.moraNo };
}

function factorLinea(creditos: EntradaScore['creditos'], monto: number): FactorScore {
  const base = { codigo: 'USO_LINEA', descripcion: s.linea };
  const usado = creditos.reduce((t, c) => t + c.saldo_capital_centimos, 0);
  const despues = usado + monto;
  if (despues > CREDIT_LINE_LIMIT_CENTIMOS) {
    return {
      ...base,
      puntos: PUNTOS.lineaExcede,
      motivo: fill(s.lineaExcede, { disponible: formatCRC(Math.max(0, CREDIT_LINE_LIMIT_CENTIMOS - usado)) }),
    };
  }
  // integer comparison: despues / limite ≤ pct / 100
  const [, puntos] = PUNTOS.linea.find(([pct]) => despues * 100 <= pct * CREDIT_LINE_LIMIT_CENTIMOS)!;
  const pct = Math.floor((despues * 100) / CREDIT_LINE_LIMIT_CENTIMOS);
  return {
    ...base,
    puntos,
    motivo: fill(s.lineaUso, { pct, usado: formatCRC(despues), limite: formatCRC(CREDIT_LINE_LIMIT_CENTIMOS) }),
  };
}

function factorMonto(e: EntradaScore): FactorScore {
  const base = { codigo: 'MONTO_VS_PRODUCTO', descripcion: s.monto };
  const p = e.producto;
  if (!p) return { ...base, puntos: 0, motivo: s.montoSinProducto };
  const min = formatCRC(p.monto_minimo_centimos);
  const max = formatCRC(p.monto_maximo_centimos);
  if (e.montoCentimos < p.monto_minimo_centimos) return { ...base, puntos: PUNTOS.montoBajo, motivo: fill(s.montoBajo, { min }) };
  if (e.montoCentimos > p.monto_maximo_centimos) return { ...base, puntos: PUNTOS.montoAlto, motivo: fill(s.montoAlto, { max }) };
  return { ...base, puntos: PUNTOS.montoEnRango, motivo: fill(s.montoEnRango, { min, max }) };
}

function factorPlazo(e: EntradaScore): FactorScore {
  const base = { codigo: 'PLAZO', descripcion: s.plazo };
  const p = e.producto;
  if (!p) return { ...base, puntos: 0, motivo: s.plazoSinProducto };
  const vars = { plazo: e.plazoMeses, min: p.plazo_minimo_meses, max: p.plazo_maximo_meses };
  return e.plazoMeses >= p.plazo_minimo_meses && e.plazoMeses <= p.plazo_maximo_meses
    ? { ...base, puntos: PUNTOS.plazoEnRango, motivo: fill(s.plazoEnRango, vars) }
    : { ...base, puntos: 0, motivo: fill(s.plazoFuera, vars) };
}

export function calcularScore(e: EntradaScore): ResultadoScore {
  const factores = [
    factorKyc(e.cliente),
    factorDocumento(e.cliente),
    factorEdad(e.cliente, e.fechaNegocio),
    factorHistorial(e.creditos),
    factorMora(e.creditos),
    factorLinea(e.creditos, e.montoCentimos),
    factorMonto(e),
    factorPlazo(e),
  ];
  const bruto = factores.reduce((t, f) => t + f.puntos, SCORE_BASE);
  const score = Math.min(SCORE_MAX, Math.max(SCORE_MIN, bruto));
  return { score, riesgo: riskFromScore(score), factores };
}
