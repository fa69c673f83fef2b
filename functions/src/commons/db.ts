import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@cuota/shared/table';
import { ValidationError } from './errors';

/**
 * Clients are built once at module scope. The endpoint comes from the standard
 * AWS_ENDPOINT_URL(_DYNAMODB) variables, so the same code talks to AWS, DynamoDB Local or LocalStack.
 */
export const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = (): string => process.env.TABLE_NAME ?? TABLE.localName;

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
