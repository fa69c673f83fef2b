import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@cuota/shared/schemas/common';
import { ddb, decodeCursor, encodeCursor, tableName } from './db';
import { ValidationError } from './errors';

/**
 * One "newest first" page over several index partitions that share a sort-key format
 * (e.g. gsi3 SOLICITUDES#enviado and SOLICITUDES#en_analisis, both `created_at#id`).
 * Each partition is read from just below the cursor with `Limit = limit`, the results are
 * merged, and the cursor is the last sort key returned: cost is at most partitions × limit
 * items per page, whatever the size of the table.
 */
export async function mergedNewestFirst(opts: {
  index: 'gsi1' | 'gsi2' | 'gsi3';
  partitions: readonly string[];
  limit: number;
  cursor?: string;
}): Promise<Page<Record<string, unknown>>> {
  const pkAttr = `${opts.index}pk`;
  const skAttr = `${opts.index}sk`;
  const decoded = decodeCursor(opts.cursor);
  const before = decoded?.antes;
  if (decoded && typeof before !== 'string') throw new ValidationError({ cursor: 'Cursor inválido' });

  const pages = await Promise.all(
    opts.partitions.map(async (pk) => {
      const out = await ddb.send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: opts.index,
          KeyConditionExpression: before ? '#pk = :pk AND #sk < :antes' : '#pk = :pk',
          ExpressionAttributeNames: { '#pk': pkAttr, ...(before ? { '#sk': skAttr } : {}) },
          ExpressionAttributeValues: { ':pk': pk, ...(before ? { ':antes': before } : {}) },
          ScanIndexForward: false,
          Limit: opts.limit,
        }),
      );
      return { items: out.Items ?? [], more: Boolean(out.LastEvaluatedKey) };
    }),
  );
  const merged = pages.flatMap((p) => p.items).sort((a, b) => String(b[skAttr]).localeCompare(String(a[skAttr])));
  const items = merged.slice(0, opts.limit);
  const more = merged.length > opts.limit || pages.some((p) => p.more);
  const last = items.at(-1);
  return { items, nextCursor: more && last ? encodeCursor({ antes: String(last[skAttr]) }) : null };
}
