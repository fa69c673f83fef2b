import { generarCuotas, type MetodoAmortizacion } from '@cuota/shared';
import { normalizarCuota, type CuotaSaldo, type TerminosCredito } from '../src/features/cierre/domain';
import type { PagoValorado } from '../src/features/cierre/recalculo';
import type { Excedente } from '../src/features/cierre/reprogramacion';

/** The disbursement date of the engine's unit tests: cuotas fall due on the 15th from 2026-02-15. */
export const DESEMBOLSO = '2026-01-15';

/**
 * A fresh schedule as the disbursement writes it (no pagado_* fields yet, nothing overdue):
 * ₡1 000 000 at 24 % over 12 months, cuota nivelada, disbursed on DESEMBOLSO, unless told.
 */
export function cuotasNuevas(
  principal = 1_000_000_00,
  plazo = 12,
  tasa = '24.00',
  metodo: MetodoAmortizacion = 'cuota_nivelada',
  mesesGracia = 0,
  desembolso = DESEMBOLSO,
): CuotaSaldo[] {
  return generarCuotas({
    principalCentimos: principal,
    tasaAnual: tasa,
    plazoMeses: plazo,
    fechaDesembolso: desembolso,
    metodo,
    mesesGracia,
  }).map((c) => normalizarCuota({ ...c, pagada: false, dias_mora: 0, monto_mora_centimos: 0 }));
}

/**
 * The credit's terms for a replay: first due date 2026-02-15, 3 days of tolerance, mora at 31.20 %;
 * the method and the processing rules (`reglas_motor`) only when given, as a credit stores them.
 */
export function terminosDePrueba(tasa: string, metodo?: MetodoAmortizacion, reglas?: number): TerminosCredito {
  return {
    fecha_primer_vencimiento: '2026-02-15',
    dias_tolerancia: 3,
    tasa_moratoria_anual: '31.20',
    tasa_interes_anual: tasa,
    fecha_desembolso: DESEMBOLSO,
    ...(metodo === undefined ? {} : { metodo_amortizacion: metodo }),
    ...(reglas === undefined ? {} : { reglas_motor: reglas }),
  };
}

/** A payment at its value date, ordered by its id unless told; the customer's choice for an excess when given. */
export function pagoValorado(
  fecha_valor: string,
  monto_centimos: number,
  pago_id: string,
  excedente?: Excedente,
  orden = pago_id,
): PagoValorado {
  return { pago_id, fecha_valor, monto_centimos, orden, ...(excedente ? { excedente } : {}) };
}
