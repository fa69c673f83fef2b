import { QueryCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@cuota/shared';
import { ddb, decodeCursor, encodeCursor, tableName } from './db';

/** Where a list lives: a partition of the table, or of one of its indexes, optionally only sort keys with a prefix. */
export interface Particion {
  pk: string;
  indice?: 'gsi1' | 'gsi2' | 'gsi3';
  prefijo?: string;
  /** A FilterExpression over a partition bounded by its owner (e.g. one user's activity): pages may come back short. */
  filtro?: { expresion: string; valores: Record<string, NativeAttributeValue> };
}

/**
 * One page of a list, newest first (sort keys descending): at most `limit` items after `cursor`,
 * each through `mapear`, and the cursor of the next page (null after the last one).
 */
export async function paginaReciente<T>(
  donde: Particion,
  opts: { limit: number; cursor?: string },
  mapear: (item: Record<string, NativeAttributeValue>) => T,
): Promise<Page<T>> {
  const pk = donde.indice ? `${donde.indice}pk` : 'pk';
  const sk = donde.indice ? `${donde.indice}sk` : 'sk';
  const conPrefijo = donde.prefijo !== undefined;
  const out = await ddb.send(
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
      ExclusiveStartKey: decodeCursor(opts.cursor),
    }),
  );
  return { items: (out.Items ?? []).map(mapear), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}
