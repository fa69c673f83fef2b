import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Gestion, Page, Promesa } from '@cuota/shared';
import { ddb, decodeCursor, encodeCursor, tableName } from '#commons/db';
import { put, type Operacion } from '#commons/transaccion';
import {
  gestionDeItem,
  particionCobroCredito,
  itemGestion,
  itemPromesa,
  PREFIJO_GESTION,
  PREFIJO_PROMESA,
  promesaDeItem,
} from '#entities/gestion';

/** Items of one prefix in the credit's partition, newest first (sort keys are PREFIJO#created_at#id). */
async function pagina<T>(
  creditoId: string,
  prefijo: string,
  mapear: (item: Record<string, unknown>) => T,
  opts: { limit: number; cursor?: string },
): Promise<Page<T>> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': particionCobroCredito(creditoId), ':p': prefijo },
      ScanIndexForward: false,
      Limit: opts.limit,
      ExclusiveStartKey: decodeCursor(opts.cursor),
    }),
  );
  return { items: (out.Items ?? []).map(mapear), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

export const leerGestiones = (creditoId: string, opts: { limit: number; cursor?: string }): Promise<Page<Gestion>> =>
  pagina(creditoId, PREFIJO_GESTION, gestionDeItem, opts);

export const leerPromesas = (creditoId: string, opts: { limit: number; cursor?: string }): Promise<Page<Promesa>> =>
  pagina(creditoId, PREFIJO_PROMESA, promesaDeItem, opts);

export const gestionNueva = (g: Gestion): Operacion => put(itemGestion(g), { condicion: 'attribute_not_exists(pk)' });
export const promesaNueva = (p: Promesa): Operacion => put(itemPromesa(p), { condicion: 'attribute_not_exists(pk)' });
