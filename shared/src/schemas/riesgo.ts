import * as z from 'zod/mini';
import { CATEGORIAS_RIESGO } from '../domain/riesgo';
import { riesgoTexts } from '../texts/riesgo';

const t = riesgoTexts;

/** POST /api/creditos/{id}/castigar (admin): the reason is kept on the credit, the ledger and the activity log. */
export const castigarCreditoSchema = z.object({
  motivo: z
    .string({ error: t.motivoRequerido })
    .check(z.trim(), z.minLength(10, t.motivoRequerido), z.maxLength(500, t.motivoLargo)),
});
export type CastigarCredito = z.infer<typeof castigarCreditoSchema>;

const componentes = z.object({
  capital_centimos: z.number().check(z.int()),
  interes_centimos: z.number().check(z.int()),
  mora_centimos: z.number().check(z.int()),
  total_centimos: z.number().check(z.int()),
});

/** A credit's write-off as stored and answered: what was written off, what is still owed of it, what was recovered. */
export const castigoSchema = z.object({
  credito_id: z.string(),
  numero_credito: z.string(),
  fecha: z.string(),
  motivo: z.string(),
  castigado_por: z.string(),
  dias_mora: z.number().check(z.int()),
  castigado: componentes,
  pendiente: componentes,
  recuperado_centimos: z.number().check(z.int()),
});
export type Castigo = z.infer<typeof castigoSchema>;

/** GET /api/creditos/{id}/castigo: the balance a write-off would take today (preview) or the one it took. */
export const castigoVistaSchema = z.object({
  estado: z.enum(['castigable', 'no_castigable', 'castigado']),
  motivo_no_castigable: z.nullable(z.string()),
  dias_mora: z.number().check(z.int()),
  dias_minimos: z.number().check(z.int()),
  categoria: z.enum(CATEGORIAS_RIESGO),
  saldo: componentes,
  castigo: z.nullable(castigoSchema),
});
export type CastigoVista = z.infer<typeof castigoVistaSchema>;

export const provisionesQuerySchema = z.object({
  mes: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, t.mesInvalido))),
});

export const filaProvisionSchema = z.object({
  categoria: z.enum(CATEGORIAS_RIESGO),
  porcentaje: z.string(),
  creditos: z.number().check(z.int()),
  saldo_centimos: z.number().check(z.int()),
  provision_centimos: z.number().check(z.int()),
});
export type FilaProvisionApi = z.infer<typeof filaProvisionSchema>;

/** GET /api/reportes/provisiones[?mes=YYYY-MM]: now (from the aggregates) or a stored month-end snapshot. */
export const reporteProvisionesSchema = z.object({
  mes: z.nullable(z.string()),
  fecha_corte: z.string(),
  tomado_en: z.nullable(z.string()),
  umbrales: z.array(z.number().check(z.int())),
  categoria_minima_reestructurado: z.enum(CATEGORIAS_RIESGO),
  filas: z.array(filaProvisionSchema),
  total: z.object({
    creditos: z.number().check(z.int()),
    saldo_centimos: z.number().check(z.int()),
    provision_centimos: z.number().check(z.int()),
  }),
  castigados: z.object({ creditos: z.number().check(z.int()), saldo_centimos: z.number().check(z.int()) }),
  recuperaciones_centimos: z.number().check(z.int()),
  meses_disponibles: z.array(z.string()),
});
export type ReporteProvisiones = z.infer<typeof reporteProvisionesSchema>;
