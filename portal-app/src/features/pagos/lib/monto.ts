import { montoTextoSchema } from '@cuota/shared/schemas/common';
import { pagoReportarSchema } from '@cuota/shared/schemas/pagos';
import { pagosTexts } from '@cuota/shared/texts/pagos';
import * as z from 'zod/mini';

const t = pagosTexts;

/**
 * The amount as typed, read by the shared amount reader (500.000, 25 000,50, ₡1500.5, …), to
 * integer céntimos with the §5 messages: empty → 'El monto es requerido'; letters, a minus sign or
 * anything not above 0 → 'Debe ser un monto válido mayor a 0'; an ambiguous or malformed amount
 * (1,000.50, 50.00.0, more than 2 decimals) → its own reason.
 */
export const montoColonesSchema = z.pipe(
  montoTextoSchema({ requerido: t.montoRequerido, invalido: t.montoInvalido }),
  pagoReportarSchema.shape.monto_centimos,
);
