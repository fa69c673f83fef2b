import * as z from 'zod';
import { leerMonto, mensajeMonto } from '../montos';

export const LIST_DEFAULT_LIMIT = 25;
export const LIST_MAX_LIMIT = 100;

/** `?limit=&cursor=` on every list (api.md). */
export const paginationQuery = z.object({
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int('El límite debe ser un número entero')
    .min(1, 'El límite mínimo es 1')
    .max(LIST_MAX_LIMIT, `El límite máximo es ${LIST_MAX_LIMIT}`)
    .default(LIST_DEFAULT_LIMIT),
  cursor: z.string().max(1024, 'Cursor inválido').optional(),
});

export function page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const idParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Identificador inválido'),
});

export const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha inválida (AAAA-MM-DD)');
export const centimos = z.number().int('El monto debe estar en céntimos enteros').min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * An amount field of a form, as typed in colones (leerMonto: 500.000, 500 000, ₡1.000.000,50,
 * 62550,5, 500000.50), to integer céntimos: what the API receives. Empty gives `requerido`;
 * letters or a minus sign give `invalido` when set; an ambiguous or malformed amount gives its
 * reason (TEXTS.montos). Pipe it into the route's own céntimos schema for the range messages.
 */
export function montoTextoSchema(mensajes: { requerido: string; invalido?: string }) {
  return z.string({ error: mensajes.requerido }).transform((texto, ctx) => {
    const lectura = leerMonto(texto);
    if (lectura.ok) return lectura.centimos;
    ctx.addIssue({ code: 'custom', message: mensajeMonto(lectura.error, mensajes), input: texto });
    return z.NEVER;
  });
}

export type Page<T> = { items: T[]; nextCursor: string | null };
