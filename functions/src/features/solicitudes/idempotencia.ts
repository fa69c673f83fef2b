import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { pagosTexts } from '@cuota/shared/texts/pagos';
import { ddb, tableName } from '#commons/db';
import { ConflictError } from '#commons/errors';
import { expiraEn } from '#commons/idempotencia';
import { keys } from '#commons/keys';
import { itemIdempotencia } from '#entities/idempotencia';
import type { Accion } from '#commons/transaccion';

/**
 * The disbursement's `Idempotency-Key`, the same record the payment routes write
 * (commons/idempotencia, keys.idempotencia: caller + key → fingerprint and first answer): it is put
 * in the disbursement's own TransactWrite, conditional on not existing (or having expired), so of
 * any number of identical requests one writes and the rest, reading the record, answer with the
 * first response. The same key with a different request is a 409.
 */

/** The first answer under this caller's key, or null when there is none (or it expired). */
export async function respuestaPrevia<T>(userId: string, clave: string, firma: string, now: Date): Promise<T | null> {
  const out = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.idempotencia(userId, clave), ConsistentRead: true }),
  );
  const item = out.Item;
  if (!item || Number(item.expira_en) <= Math.floor(now.getTime() / 1000)) return null;
  if (item.huella !== firma) throw new ConflictError(pagosTexts.idempotenciaConflicto, 'IDEMPOTENCY_KEY_REUSED');
  return item.respuesta as T;
}

/** The record to write with the disbursement. */
export function registroIdempotencia(
  opts: { userId: string; clave: string; ruta: string; huella: string; now: Date },
  respuesta: unknown,
): Accion {
  return {
    Put: {
      TableName: tableName(),
      Item: itemIdempotencia(opts.userId, opts.clave, {
        ruta: opts.ruta,
        huella: opts.huella,
        respuesta,
        created_at: opts.now.toISOString(),
        expira_en: expiraEn(opts.now),
      }),
      ConditionExpression: 'attribute_not_exists(pk) OR expira_en <= :ahora',
      ExpressionAttributeValues: { ':ahora': Math.floor(opts.now.getTime() / 1000) },
    },
  };
}
