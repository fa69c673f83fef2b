import {
  calcularMontos,
  leerMonto,
  SOLICITUD_MONTO_MAX_CENTIMOS,
  SOLICITUD_MONTO_MIN_CENTIMOS,
  SOLICITUD_PLAZO_MAX,
  SOLICITUD_PLAZO_MIN,
  type MetodoAmortizacion,
} from '@cuota/shared';

/** How many rows of the schedule the preview lists; the totals cover every cuota. */
export const FILAS_VISTA_PREVIA = 6;

export interface FilaVistaPrevia {
  numero: number;
  capital: number;
  interes: number;
  total: number;
  saldo: number;
}

export interface VistaPrevia {
  metodo: MetodoAmortizacion;
  plazoMeses: number;
  /** The first cuota: the level payment for cuota nivelada, the largest one for capital constante. */
  cuotaCentimos: number;
  totalInteresesCentimos: number;
  totalPagarCentimos: number;
  filas: FilaVistaPrevia[];
}

/**
 * A number (the term) as typed in an es-CR text box: spaces (also the no-break ones es-CR groups
 * thousands with) are dropped and a decimal comma is accepted. '' and anything else give NaN.
 * Amounts are read by the shared leerMonto instead.
 */
export function leerNumero(texto: string): number {
  const limpio = texto.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return limpio === '' ? Number.NaN : Number(limpio);
}

/** The amount typed in colones (leerMonto) as céntimos, or null when it is not a valid solicitud amount. */
export function montoCentimosDe(texto: string): number | null {
  const lectura = leerMonto(texto);
  if (!lectura.ok) return null;
  const { centimos } = lectura;
  return centimos >= SOLICITUD_MONTO_MIN_CENTIMOS && centimos <= SOLICITUD_MONTO_MAX_CENTIMOS ? centimos : null;
}

/** The term typed in months, or null when it is not a whole number in 1..60. */
export function plazoMesesDe(texto: string): number | null {
  const meses = leerNumero(texto);
  return Number.isInteger(meses) && meses >= SOLICITUD_PLAZO_MIN && meses <= SOLICITUD_PLAZO_MAX ? meses : null;
}

/**
 * The schedule the server would generate on approval (functions/src/features/solicitudes/domain.ts
 * planDesembolso calls the same shared engine with the product's rate and method), so the preview
 * matches it to the céntimo. Dates are left out: they depend on the day the credit is disbursed.
 */
export function vistaPrevia(
  input: { montoCentimos: number; plazoMeses: number; tasaAnual: string; metodo: MetodoAmortizacion },
  filas = FILAS_VISTA_PREVIA,
): VistaPrevia | null {
  let montos: ReturnType<typeof calcularMontos>;
  try {
    montos = calcularMontos({
      principalCentimos: input.montoCentimos,
      tasaAnual: input.tasaAnual,
      plazoMeses: input.plazoMeses,
      metodo: input.metodo,
    });
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
  const totalIntereses = montos.reduce((sum, m) => sum + m.interes, 0);
  const primera = montos[0];
  if (!primera) return null;
  return {
    metodo: input.metodo,
    plazoMeses: input.plazoMeses,
    cuotaCentimos: primera.capital + primera.interes,
    totalInteresesCentimos: totalIntereses,
    totalPagarCentimos: input.montoCentimos + totalIntereses,
    filas: montos.slice(0, filas).map((m, k) => ({
      numero: k + 1,
      capital: m.capital,
      interes: m.interes,
      total: m.capital + m.interes,
      saldo: m.saldo,
    })),
  };
}
