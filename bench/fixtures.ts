import { generarCuotas } from '@cuota/shared';
import { ddb } from '@cuota/functions/commons/db';
import { itemFor } from '@cuota/functions/commons/items';
import { itemCuotaNueva } from '@cuota/functions/entities/cuota';
import type { Item } from '../infra/local/seed/demo-portfolio';

/** What the bench parts share: the read meter around a handler, and the portfolio's credits and aggregates as the API and the stream consumer store them. */

// ---------------------------------------------------------------- read meter

export interface Medida {
  /** Read units DynamoDB reported (ReturnConsumedCapacity TOTAL), summed over every call the handler made. */
  rcu: number;
  llamadas: number;
  /** Items DynamoDB evaluated: ScannedCount of queries, the items a BatchGet returned. */
  leidos: number;
  ms: number;
  body: string;
}
type Handler = (e: never) => Promise<{ statusCode?: number; body?: string }>;

let midiendo: Omit<Medida, 'ms' | 'body'> | null = null;
let instalado = false;

/** Adds ReturnConsumedCapacity TOTAL to every call of the handlers' client while a measure runs, and sums what comes back. */
function instalarMedidor(): void {
  if (instalado) return;
  instalado = true;
  ddb.middlewareStack.add(
    (next) => async (args) => {
      if (!midiendo) return next(args);
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const out = result.output as { ConsumedCapacity?: unknown; ScannedCount?: number; Responses?: Record<string, unknown[]> };
      for (const c of [out.ConsumedCapacity].flat() as Array<{ CapacityUnits?: number } | undefined>)
        midiendo.rcu += c?.CapacityUnits ?? 0;
      midiendo.leidos += out.ScannedCount ?? Object.values(out.Responses ?? {}).reduce((s, r) => s + r.length, 0);
      midiendo.llamadas++;
      return result;
    },
    { step: 'initialize', name: 'benchConsumedCapacity' },
  );
}

/** One call of `handler`, measured; anything but a 200 throws with the answer. */
export async function medir(handler: Handler, event: unknown): Promise<Medida> {
  instalarMedidor();
  midiendo = { rcu: 0, llamadas: 0, leidos: 0 };
  const t0 = performance.now();
  const res = await handler(event as never);
  const ms = performance.now() - t0;
  const m = midiendo;
  midiendo = null;
  if (res.statusCode !== 200) throw new Error(`respuesta ${res.statusCode}: ${res.body}`);
  return { ...m, ms, body: res.body ?? '' };
}

/** A warm-up call, then five: the first measured call's counts, and the median time of the five. */
export async function medirCinco(handler: Handler, evento: () => unknown): Promise<{ primera: Medida; ms: number }> {
  await medir(handler, evento());
  const runs: Medida[] = [];
  for (let k = 0; k < 5; k++) runs.push(await medir(handler, evento()));
  return { primera: runs[0]!, ms: runs.map((r) => r.ms).sort((a, b) => a - b)[2]! };
}

// ---------------------------------------------------------------- portfolio

export interface CreditoDeBench {
  id: string;
  created_at: string;
  numero_credito: string;
  cliente_id: string;
  cliente_apellido: string;
  principal: number;
  plazo: number;
  desembolso: string;
  estado: string;
  /** Fields of the credit beyond (or instead of) the common ones. */
  campos?: Record<string, unknown>;
}

/**
 * A credit at 28 % (36,40 % moratoria, 3 days of tolerance) in level cuotas, nothing paid or
 * overdue yet, and its cuotas: the items approval writes.
 */
export function creditoConCuotas(c: CreditoDeBench): Item[] {
  const cuotas = generarCuotas({
    principalCentimos: c.principal,
    tasaAnual: '28.00',
    plazoMeses: c.plazo,
    fechaDesembolso: c.desembolso,
    metodo: 'cuota_nivelada',
  });
  const credito = itemFor.credito({
    id: c.id,
    created_at: c.created_at,
    numero_credito: c.numero_credito,
    cliente_id: c.cliente_id,
    cliente_nombre: 'Cliente',
    cliente_apellido: c.cliente_apellido,
    producto_id: 'BPROD',
    monto_principal_centimos: c.principal,
    saldo_capital_centimos: c.principal,
    saldo_mora_centimos: 0,
    tasa_interes_anual: '28.00',
    tasa_moratoria_anual: '36.40',
    dias_tolerancia: 3,
    metodo_amortizacion: 'cuota_nivelada',
    plazo_meses: c.plazo,
    estado: c.estado,
    fecha_desembolso: c.desembolso,
    fecha_primer_vencimiento: cuotas[0]!.fecha_vencimiento,
    proximo_vencimiento: cuotas[0]!.fecha_vencimiento,
    ...c.campos,
    version: 1,
  }) as Item;
  return [credito, ...cuotas.map((q) => itemCuotaNueva(q, c.id, `${c.id}-${q.numero_cuota}`) as Item)];
}

/** Aggregate fields by 'pk|sk', as the stream consumer would hold them. */
export type Agregados = Record<string, Record<string, number>>;

/** Adds one item's contribution (`{ 'pk|sk': { campo: n } }`) to `agg`. */
export function sumarContribucion(agg: Agregados, contribucion: Agregados): void {
  for (const [k, campos] of Object.entries(contribucion))
    for (const [f, v] of Object.entries(campos)) (agg[k] ??= {})[f] = (agg[k]![f] ?? 0) + v;
}

/** The aggregate items of `agg`. */
export function itemsDeAgregados(agg: Agregados): Item[] {
  return Object.entries(agg).map(([clave, campos]) => {
    const [pk, sk] = clave.split('|') as [string, string];
    return { pk, sk, tipo: 'agregado', ...campos } as Item;
  });
}
