import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { pagosTexts } from '@cuota/shared/texts/pagos';
import { ddb, tableName } from '#commons/db';
import { CondicionFallida, ConflictError, TransaccionOcupada } from '#commons/errors';
import { expiraEn } from '#commons/idempotencia';
import { ENTITY, keys } from '#commons/keys';
import { conReintentos, escribirTransaccion, type Accion as TransactItem, type Elemento } from '#commons/transaccion';

/**
 * `Idempotency-Key` for money (api.md): the record (caller + key → fingerprint of the request and
 * the response) is put with attribute_not_exists in the SAME TransactWrite as the money record, so
 * exactly one of any number of concurrent identical requests writes; the others find the record
 * and answer with its response. A different request under a used key is a 409. Records expire
 * after IDEMPOTENCIA_HORAS (an expired record no longer blocks its key).
 */

const INTENTOS = 8;

interface Registro {
  huella: string;
  respuesta: unknown;
  expira_en: number;
}

async function leerRegistro(userId: string, clave: string, now: Date): Promise<Registro | null> {
  const out = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.idempotencia(userId, clave), ConsistentRead: true }),
  );
  const item = out.Item;
  if (!item || Number(item.expira_en) <= Math.floor(now.getTime() / 1000)) return null;
  return { huella: String(item.huella), respuesta: item.respuesta, expira_en: Number(item.expira_en) };
}

export interface Preparado<T> {
  /** Actions, or operations carrying their own error for a failed condition (written after the record). */
  items: Elemento[];
  respuesta: T;
}

/**
 * Runs a money-creating write at most once per (caller, key). `preparar` validates and builds the
 * transaction items and the response; it runs again on a retry, so it must not write.
 * Without a key the write simply happens.
 */
export async function unaVez<T>(
  opts: { userId: string; clave: string | null; ruta: string; huella: string; now: Date },
  preparar: () => Promise<Preparado<T>>,
): Promise<{ respuesta: T; repetida: boolean }> {
  const { userId, clave, now } = opts;
  if (!clave) {
    const { items, respuesta } = await preparar();
    await escribirTransaccion(items);
    return { respuesta, repetida: false };
  }
  const nowSec = Math.floor(now.getTime() / 1000);
  return conReintentos(
    async () => {
      const previo = await leerRegistro(userId, clave, now);
      if (previo) {
        if (previo.huella !== opts.huella) throw new ConflictError(pagosTexts.idempotenciaConflicto, 'IDEMPOTENCY_KEY_REUSED');
        return { respuesta: previo.respuesta as T, repetida: true };
      }
      let preparado: Preparado<T>;
      try {
        preparado = await preparar();
      } catch (error) {
        // a request with this key may have committed between the read above and preparar's reads
        // (e.g. the pago it reverses is already reversado): answer with its record, not the refusal
        const ahora = await leerRegistro(userId, clave, now);
        if (ahora?.huella === opts.huella) return { respuesta: ahora.respuesta as T, repetida: true };
        throw error;
      }
      const { items, respuesta } = preparado;
      const registro: TransactItem = {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.idempotencia(userId, clave),
            tipo: ENTITY.idempotencia,
            ruta: opts.ruta,
            huella: opts.huella,
            respuesta,
            created_at: now.toISOString(),
            expira_en: expiraEn(now),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR expira_en <= :ahora',
          ExpressionAttributeValues: { ':ahora': nowSec },
        },
      };
      await escribirTransaccion([registro, ...items], { intentos: 1 });
      return { respuesta, repetida: false };
    },
    {
      intentos: INTENTOS,
      // another request with this key won (its record, item 0) or is committing: read its record and answer with it
      reintentar: (e) => e instanceof TransaccionOcupada || (e instanceof CondicionFallida && e.indice === 0),
      siAgota: () => new ConflictError(pagosTexts.ocupado, 'IDEMPOTENCY_BUSY'),
    },
  );
}
