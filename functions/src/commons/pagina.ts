import { QueryCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@cuota/shared';
import { ddb, decodeCursor, encodeCursor, tableName } from './db';

/** Where a list lives: a partition of the table, or of one of its indexes, optionally only sort keys with a prefix. */
export interface Particion {
  pk: string;
  indice?: 'gsi1' | 'gsi2' | 'gsi3';
  prefijo?: string;
  /** A FilterExpression over a partition bounded by its owner (e.g. one user's activity), read on until a page is full. */
  filtro?: { expresion: string; valores: Record<string, NativeAttributeValue> };
}

/** A filtered partition is read page after page until `limit` items pass: at most this many pages of `limit` items examined. */
export const PAGINAS_FILTRADAS = 10;

/**
 * One page of a list, newest first (sort keys descending): at most `limit` items after `cursor`,
 * each through `mapear`, and the cursor of the next page (null after the last one). A filtered
 * partition (`donde.filtro`) is read on until `limit` items pass the filter, the partition ends
 * or PAGINAS_FILTRADAS pages were examined (then the page may be short, with the cursor to go on).
 */
export async function paginaReciente<T>(
  donde: Particion,
  opts: { limit: number; cursor?: string },
  mapear: (item: Record<string, NativeAttributeValue>) => T,
): Promise<Page<T>> {
  const pk = donde.indice ? `${donde.indice}pk` : 'pk';
  const sk = donde.indice ? `${donde.indice}sk` : 'sk';
  const conPrefijo = donde.prefijo !== undefined;
  const consulta = (desde: Record<string, NativeAttributeValue> | undefined) =>
    ddb.send(
      new QueryCommand({
        TableName: tableName(),
        ...(donde.indice ? { IndexName: donde.indice } : {}),
        KeyConditionExpression: conPrefijo ? `${pk} = :pk AND begins_with(${sk}, :p)` : `${pk} = :pk`,
        ...(donde.filtro ? { FilterExpression: donde.filtro.expresion } : {}),
        ExpressionAttributeValues: {
          ':pk': donde.pk,
          ...(conPrefijo ? { ':p': donde.prefijo } : {}),
          ...(donde.filtro?.valores ?? {}),
        },
        ScanIndexForward: false,
        Limit: opts.limit,
        ExclusiveStartKey: desde,
      }),
    );
  if (!donde.filtro) {
    const out = await consulta(decodeCursor(opts.cursor));
    return { items: (out.Items ?? []).map(mapear), nextCursor: encodeCursor(out.LastEvaluatedKey) };
  }
  /** Where a query resumes after `item`: its table key and, on an index, the index's key. */
  const claveDe = (item: Record<string, NativeAttributeValue>) => ({
    pk: item.pk,
    sk: item.sk,
    ...(donde.indice ? { [pk]: item[pk], [sk]: item[sk] } : {}),
  });
  const items: Record<string, NativeAttributeValue>[] = [];
  let desde = decodeCursor(opts.cursor);
  for (let pagina = 0; pagina < PAGINAS_FILTRADAS; pagina++) {
    const out = await consulta(desde);
    const leidos = out.Items ?? [];
    const faltan = opts.limit - items.length;
    if (leidos.length >= faltan) {
      // full: the next page starts after the last item returned (not after the last one examined)
      items.push(...leidos.slice(0, faltan));
      const fin = leidos.length === faltan && !out.LastEvaluatedKey;
      return { items: items.map(mapear), nextCursor: fin ? null : encodeCursor(claveDe(items[items.length - 1]!)) };
    }
    items.push(...leidos);
    desde = out.LastEvaluatedKey;
    if (!desde) break;
  }
  return { items: items.map(mapear), nextCursor: encodeCursor(desde) };
}
