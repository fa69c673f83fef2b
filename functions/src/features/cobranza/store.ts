import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, ddb, decodeCursor, encodeCursor, tableName } from '#commons/db';
import { ValidationError } from '#commons/errors';
import { actualizar, type Operacion } from '#commons/transaccion';
import { aggCobranza, claveCobradoresCobranza, PARTICION_TODOS } from '#entities/cobranza';
import { claveCliente } from '#entities/cliente';
import { ENTITY } from '#entities/comun';
import { claveCredito } from '#entities/credito';
import type { Tramo } from './domain';

type Item = Record<string, unknown>;

/** One key range of one worklist partition, on gsi4 (días) or gsi5 (monto). */
export interface Consulta {
  indice: 'gsi4' | 'gsi5';
  pk: string;
  tramo: Tramo;
  filtro?: { expresion: string; nombres: Record<string, string>; valores: Record<string, unknown> };
}

/** At most this many rounds of reads per request (with filters a round may return few items). */
const RONDAS = 3;

/**
 * One ascending page merged over several key ranges that share a sort-key format. Each range is
 * read from just after the cursor with Limit = limit; an item is returned only when every range
 * that has more was read past it, so the cursor (the last sort key returned, or the furthest
 * point all ranges were read to) never skips one. Cost ≤ ranges × limit × RONDAS items, whatever
 * the size of the portfolio.
 */
export async function paginaFusionada(consultas: readonly Consulta[], limit: number, cursor?: string) {
  const decoded = decodeCursor(cursor);
  let despues = decoded?.d;
  if (decoded && typeof despues !== 'string') throw new ValidationError({ cursor: 'Cursor inválido' });
  const items: Item[] = [];
  let leidos = 0;
  for (let ronda = 0; ronda < RONDAS; ronda++) {
    const r = await ronda1(consultas, limit - items.length, despues as string | undefined);
    items.push(...r.items);
    leidos += r.leidos;
    despues = r.hasta ?? undefined;
    if (items.length >= limit || r.hasta === null) break;
  }
  return { items, nextCursor: despues ? encodeCursor({ d: despues }) : null, leidos };
}

async function ronda1(consultas: readonly Consulta[], limit: number, despues: string | undefined) {
  const sk = consultas[0]!.indice + 'sk';
  const lecturas = await Promise.all(
    consultas.map(async (c) => {
      const desde = despues && despues + ' ' > c.tramo.desde ? despues + ' ' : c.tramo.desde;
      if (desde > c.tramo.hasta) return { items: [] as Item[], limite: null, leidos: 0 };
      const out = await ddb.send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: c.indice,
          KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :desde AND :hasta',
          ...(c.filtro ? { FilterExpression: c.filtro.expresion } : {}),
          ExpressionAttributeNames: { '#pk': `${c.indice}pk`, '#sk': sk, ...c.filtro?.nombres },
          ExpressionAttributeValues: { ':pk': c.pk, ':desde': desde, ':hasta': c.tramo.hasta, ...c.filtro?.valores },
          Limit: limit,
        }),
      );
      const limite = out.LastEvaluatedKey ? String(out.LastEvaluatedKey[sk]) : null;
      return { items: out.Items ?? [], limite, leidos: out.ScannedCount ?? 0 };
    }),
  );
  const limites = lecturas.map((l) => l.limite).filter((l): l is string => l !== null);
  const tope = limites.length > 0 ? limites.reduce((a, b) => (a < b ? a : b)) : null;
  const fusion = lecturas
    .flatMap((l) => l.items)
    .filter((i) => tope === null || String(i[sk]) <= tope)
    .sort((a, b) => (String(a[sk]) < String(b[sk]) ? -1 : 1));
  const items = fusion.slice(0, limit);
  const cortado = fusion.length > limit;
  const hasta = cortado ? String(items.at(-1)![sk]) : tope;
  return { items, hasta, leidos: lecturas.reduce((s, l) => s + l.leidos, 0) };
}

/** The cobradores holding a worklist partition ({ id: nombre }): one attribute `c_<id>` each. */
export async function leerCobradores(): Promise<Record<string, string>> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: claveCobradoresCobranza() }));
  const item = out.Item ?? {};
  return Object.fromEntries(
    Object.entries(item)
      .filter(([k]) => k.startsWith('c_'))
      .map(([k, v]) => [k.slice(2), String(v)]),
  );
}

/** Adds (or renames) a cobrador in the partitions list, in the assignment's transaction. */
export function registrarCobrador(id: string, nombre: string): Operacion {
  return actualizar(claveCobradoresCobranza(), 'SET #c = :nombre, tipo = :tipo', {
    nombres: { '#c': `c_${id}` },
    valores: { ':nombre': nombre, ':tipo': ENTITY.cobranza },
  });
}

/** The per-bucket aggregates of the given partitions (TODOS when null). */
export async function leerTotales(particiones: readonly string[] | null): Promise<Array<Item | undefined>> {
  return batchGetAll((particiones ?? [PARTICION_TODOS]).map(aggCobranza));
}

export async function leerClientes(ids: readonly string[]): Promise<Map<string, Item>> {
  const unicos = [...new Set(ids)];
  const items = unicos.length > 0 ? await batchGetAll(unicos.map(claveCliente)) : [];
  return new Map(items.filter((i): i is Item => i !== undefined).map((i) => [String(i.id), i]));
}

export async function leerCreditos(ids: readonly string[]): Promise<Array<Item | undefined>> {
  return batchGetAll(ids.map(claveCredito), { consistent: true });
}
