import { colonesToCentimos, pagoReportarSchema, TEXTS } from '@cuota/shared';
import * as z from 'zod';

const t = TEXTS.pagos;
const MAX_COLONES = Number.MAX_SAFE_INTEGER / 100;

/** '25000', '25 000,50', '₡25000.5' → colones; NaN when it is not a number. */
export function parseColones(texto: string): number {
  const limpio = texto.replace(/[\s\u00a0₡]/g, '').replace(',', '.');
  return /^\d+(\.\d*)?$|^\.\d+$/.test(limpio) ? Number(limpio) : Number.NaN;
}

/**
 * The amount as typed, in colones, to integer céntimos with the §5 messages: empty →
 * 'El monto es requerido', anything else not above 0 → 'Debe ser un monto válido mayor a 0'.
 */
export const montoColonesSchema = z
  .string()
  .trim()
  .min(1, t.montoRequerido)
  .transform(parseColones)
  .pipe(
    z
      .number({ error: t.montoInvalido })
      .refine((n) => Number.isFinite(n) && n > 0 && n <= MAX_COLONES, t.montoInvalido)
      .transform(colonesToCentimos)
      .pipe(pagoReportarSchema.shape.monto_centimos),
  );

/** Céntimos as the amount input's text ('25000', '25000.50'). */
export function colonesTexto(centimos: number | undefined): string {
  if (centimos === undefined || !Number.isSafeInteger(centimos) || centimos <= 0) return '';
  const colones = Math.trunc(centimos / 100);
  const resto = centimos % 100;
  return resto === 0 ? String(colones) : `${colones}.${String(resto).padStart(2, '0')}`;
}
