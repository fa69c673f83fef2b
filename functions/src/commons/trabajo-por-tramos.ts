import type { Context } from 'aws-lambda';

/** Time left to the Lambda's timeout that a run keeps free: it stops between pages. */
const MARGEN_MS = 60_000;

/** What a run is given: `{ cursor, limit }` as the Lambda's payload, or as an EventBridge-style `detail`. */
export type EntradaDeTramo =
  { cursor?: unknown; limit?: unknown; detail?: { cursor?: unknown; limit?: unknown } } | null | undefined;

/**
 * The slice an on-demand job runs ('migrar-identidades', 'reindexar-busqueda',
 * 'indexar-actividad'): where to go on (`cursor`, null from the start), how many records at most
 * (`limit`, else `limitePorDefecto`) and the time it may take (the Lambda's time left minus a
 * minute; none without a context).
 */
export function tramoDeTrabajo(
  event: EntradaDeTramo,
  context: Pick<Context, 'getRemainingTimeInMillis'> | undefined,
  limitePorDefecto: number,
): { cursor: string | null; limit: number; presupuestoMs: number | undefined } {
  const entrada = event?.detail ?? event ?? {};
  const cursor = typeof entrada.cursor === 'string' && entrada.cursor ? entrada.cursor : null;
  const limit =
    typeof entrada.limit === 'number' && Number.isInteger(entrada.limit) && entrada.limit > 0 ? entrada.limit : limitePorDefecto;
  const presupuestoMs = context ? Math.max(0, context.getRemainingTimeInMillis() - MARGEN_MS) : undefined;
  return { cursor, limit, presupuestoMs };
}
