import * as z from 'zod/mini';
import { leerMonto, mensajeMonto } from '../montos';

export const LIST_DEFAULT_LIMIT = 25;
/** The longest `?q=` a search accepts; the search boxes take no more. */
export const LARGO_MAXIMO_BUSQUEDA = 100;
export const LIST_MAX_LIMIT = 100;

/** `?limit=` of a list, 1..LIST_MAX_LIMIT. */
export const limiteLista = z.coerce
  .number({ error: 'El límite debe ser un número' })
  .check(
    z.int('El límite debe ser un número entero'),
    z.gte(1, 'El límite mínimo es 1'),
    z.lte(LIST_MAX_LIMIT, `El límite máximo es ${LIST_MAX_LIMIT}`),
  );
/** `?cursor=` of a list. */
export const cursorLista = z.optional(z.string().check(z.maxLength(1024, 'Cursor inválido')));

/** `?limit=&cursor=` on every list (api.md). */
export const paginationQuery = z.object({
  limit: z._default(limiteLista, LIST_DEFAULT_LIMIT),
  cursor: cursorLista,
});

export function page<T extends z.core.$ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });
}

export const idParam = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, 'Identificador inválido')),
});

export const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z.optional(z.record(z.string(), z.string())),
});

export const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha inválida (AAAA-MM-DD)'));
export const centimos = z
  .number()
  .check(z.int('El monto debe estar en céntimos enteros'), z.gte(0), z.lte(Number.MAX_SAFE_INTEGER));

/**
 * An amount field of a form, as typed in colones (leerMonto: 500.000, 500 000, ₡1.000.000,50,
 * 62550,5, 500000.50), to integer céntimos: what the API receives. Empty gives `requerido`;
 * letters or a minus sign give `invalido` when set; an ambiguous or malformed amount gives its
 * reason (TEXTS.montos). Pipe it into the route's own céntimos schema for the range messages.
 */
export function montoTextoSchema(mensajes: { requerido: string; invalido?: string }) {
  return z.pipe(
    z.string({ error: mensajes.requerido }),
    z.transform((texto, ctx) => {
      const lectura = leerMonto(texto);
      if (lectura.ok) return lectura.centimos;
      ctx.issues.push({ code: 'custom', message: mensajeMonto(lectura.error, mensajes), input: texto });
      return z.NEVER;
    }),
  );
}

export type Page<T> = { items: T[]; nextCursor: string | null };
