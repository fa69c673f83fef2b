import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@cuota/shared/table';
import { ValidationError } from './errors';
import { instrumentar } from './observabilidad';
import { pausa } from './reintento';

/**
 * Clients are built once at module scope. The endpoint comes from the standard
 * AWS_ENDPOINT_URL(_DYNAMODB) variables, so the same code talks to AWS, DynamoDB Local or LocalStack.
 * The low-level client is the one traced (X-Ray): the document client sends through it.
 */
export const ddb = DynamoDBDocumentClient.from(instrumentar(new DynamoDBClient({})), {
  marshallOptions: { removeUndefinedValues: true },
});

/**
 * No SDK logger is configured (ours logs each request in commons/http.ts), but the SDK's logger
 * middleware still copies every call's input and output, item by item against the operation's
 * schema, to hand them to its no-op default logger: work thrown away on every call. Removed.
 */
ddb.middlewareStack.remove('loggerMiddleware');

export const tableName = (): string => process.env.TABLE_NAME ?? TABLE.localName;

/**
 * A cursor is the caller's input: one that decodes but is not a key of the index being read
 * (forged, or from another list) makes DynamoDB answer ValidationException. That is a 400 on
 * `cursor`, not a server error; the query cannot leave its partition whatever the cursor says.
 */
ddb.middlewareStack.add(
  (next) => async (args) => {
    try {
      return await next(args);
    } catch (error) {
      const input = args.input as { ExclusiveStartKey?: unknown } | undefined;
      if (input?.ExclusiveStartKey && (error as Error).name === 'ValidationException') {
        throw new ValidationError({ cursor: 'Cursor inválido' });
      }
      throw error;
    }
  },
  { step: 'initialize', name: 'cursorInvalido' },
);

export interface Keyed {
  pk: string;
  sk: string;
}

/** Opaque pagination cursor: the LastEvaluatedKey, base64url-encoded. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

export function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const values = Object.values(parsed);
      if (values.length > 0 && values.length <= 6 && values.every((x) => typeof x === 'string')) {
        return parsed as Record<string, unknown>;
      }
    }
  } catch {
    /* reported below */
  }
  throw new ValidationError({ cursor: 'Cursor inválido' });
}

/**
 * Every page of a query whose result is bounded by one owner (e.g. one client's credits),
 * never a portfolio-wide list: those paginate with a cursor instead.
 */
export async function queryAll(input: QueryCommandInput): Promise<{ items: Record<string, unknown>[]; count: number }> {
  const items: Record<string, unknown>[] = [];
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return { items, count };
}

/**
 * Items by key with BatchGetItem (100 keys per request, unprocessed keys retried with back-off),
 * in the order of `keyList`; a missing item comes back as undefined.
 */
export async function batchGetAll(
  keyList: readonly Keyed[],
  opts: { consistent?: boolean } = {},
): Promise<Array<Record<string, unknown> | undefined>> {
  const id = (k: { pk: unknown; sk: unknown }) => `${String(k.pk)}|${String(k.sk)}`;
  const found = new Map<string, Record<string, unknown>>();
  const unique = [...new Map(keyList.map((k) => [id(k), { pk: k.pk, sk: k.sk }])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[]; ConsistentRead?: boolean }> | undefined = {
      [tableName()]: { Keys: unique.slice(i, i + 100), ConsistentRead: opts.consistent },
    };
    for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
      if (attempt > 0) await pausa(attempt);
      const out = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of out.Responses?.[tableName()] ?? []) found.set(id(item as Keyed), item);
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return keyList.map((k) => found.get(id(k)));
}
