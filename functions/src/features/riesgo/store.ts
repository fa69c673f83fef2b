import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#commons/db';
import { CondicionFallida } from '#commons/errors';
import { escribirUna, put } from '#commons/transaccion';
import { aggKeys, claveProvisionesMes, PARTICION_PROVISIONES } from '#entities/agregados';
import { ENTITY } from '#entities/comun';

type Item = Record<string, unknown>;

/** The risk aggregate the stream consumer keeps (dashboard/riesgo.ts): one item, whatever the portfolio size. */
export async function leerAgregadoRiesgo(): Promise<Item> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: aggKeys.riesgo() }));
  return out.Item ?? {};
}

export async function leerInstantanea(mes: string): Promise<Item | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: claveProvisionesMes(mes), ConsistentRead: true }));
  return out.Item ?? null;
}

/** The months with a stored snapshot, newest first (one small partition: one item per month). */
export async function leerMesesConInstantanea(): Promise<string[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': PARTICION_PROVISIONES },
      ProjectionExpression: 'mes',
      ScanIndexForward: false,
      Limit: 120,
    }),
  );
  return (out.Items ?? []).map((i) => String(i.mes));
}

/** Puts a month's snapshot only if none exists: true when this call wrote it. */
export async function guardarInstantaneaSiFalta(mes: string, datos: Item): Promise<boolean> {
  try {
    await escribirUna(
      put({ ...claveProvisionesMes(mes), tipo: ENTITY.provisionesMes, mes, ...datos }, { condicion: 'attribute_not_exists(pk)' }),
    );
    return true;
  } catch (error) {
    if (error instanceof CondicionFallida) return false;
    throw error;
  }
}
