import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { CREDITO_ESTADOS, type Cuota, type Page, type Pago } from '@cuota/shared';
import { ddb, decodeCursor, encodeCursor, queryAll, tableName, batchGetAll } from '#commons/db';
import { keys } from '#commons/keys';
import { mergedNewestFirst } from '#commons/merged-page';
import { creditoAApi, type CreditoGuardado } from '#entities/credito';
import { cuotaAApi, PREFIJO_CUOTA, type CuotaGuardada } from '#entities/cuota';
import { pagoDeItem, particionPagosCredito, type PagoGuardado } from '#entities/pago';

/**
 * The reads of credit items, their cuotas and their payments. The use cases that compose them
 * (detail, lists, search, documents) are in service.ts.
 */

export type { CreditoGuardado };

export async function obtenerCredito(id: string): Promise<CreditoGuardado | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.credito(id) }));
  return out.Item ? creditoAApi(out.Item) : null;
}

/** Credits newest first: of one estado (its own gsi2 partition), or of all of them merged. */
export async function leerCreditos(opts: { estado?: string; limit: number; cursor?: string }): Promise<Page<CreditoGuardado>> {
  if (opts.estado) {
    const out = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.creditosList(opts.estado) },
        ScanIndexForward: false,
        Limit: opts.limit,
        ExclusiveStartKey: decodeCursor(opts.cursor),
      }),
    );
    return { items: (out.Items ?? []).map(creditoAApi), nextCursor: encodeCursor(out.LastEvaluatedKey) };
  }
  const page = await mergedNewestFirst({
    index: 'gsi2',
    partitions: CREDITO_ESTADOS.map((e) => keys.creditosList(e)),
    limit: opts.limit,
    cursor: opts.cursor,
  });
  return { items: page.items.map(creditoAApi), nextCursor: page.nextCursor };
}

/** The ids of the credits with a search term starting with `termino` (one page of the credit search index). */
export async function leerIdsPorTermino(termino: string, opts: { limit: number; cursor?: string }): Promise<Page<string>> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :term)',
      ExpressionAttributeValues: { ':pk': keys.busquedaCredito(termino, '').pk, ':term': termino },
      Limit: opts.limit,
      ExclusiveStartKey: decodeCursor(opts.cursor),
    }),
  );
  return {
    items: [...new Set((out.Items ?? []).map((i) => String(i.credito_id)))],
    nextCursor: encodeCursor(out.LastEvaluatedKey),
  };
}

/** These credits (one BatchGet), those that exist. */
export async function leerCreditosPorId(ids: string[]): Promise<CreditoGuardado[]> {
  const items = await batchGetAll(ids.map((id) => keys.credito(id)));
  return items.flatMap((i) => (i ? [creditoAApi(i)] : []));
}

const cuotasQuery = (creditoId: string): QueryCommandInput => ({
  TableName: tableName(),
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
  ExpressionAttributeValues: { ':pk': keys.credito(creditoId).pk, ':p': PREFIJO_CUOTA },
});

/** A page of the schedule ordered by numero_cuota. */
export async function listarCuotas(creditoId: string, opts: { limit: number; cursor?: string }): Promise<Page<Cuota>> {
  const out = await ddb.send(
    new QueryCommand({ ...cuotasQuery(creditoId), Limit: opts.limit, ExclusiveStartKey: decodeCursor(opts.cursor) }),
  );
  return { items: (out.Items ?? []).map(cuotaAApi), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/** All cuotas of one credit (bounded by its term, ≤ 60 for credits this API creates). */
export async function leerCuotas(creditoId: string, soloPendientes = false): Promise<CuotaGuardada[]> {
  const { items } = await queryAll({
    ...cuotasQuery(creditoId),
    ...(soloPendientes
      ? {
          FilterExpression: 'pagada = :f',
          ExpressionAttributeValues: { ':pk': keys.credito(creditoId).pk, ':p': PREFIJO_CUOTA, ':f': false },
        }
      : {}),
  });
  return items.map(cuotaAApi);
}

const pagosQuery = (creditoId: string): QueryCommandInput => ({
  TableName: tableName(),
  IndexName: 'gsi2',
  KeyConditionExpression: 'gsi2pk = :pk',
  ExpressionAttributeValues: { ':pk': particionPagosCredito(creditoId) },
  ScanIndexForward: false,
});

/** A page of a credit's payments, newest first (gsi2 CREDITO#id#PAGOS). */
export async function listarPagosCredito(creditoId: string, opts: { limit: number; cursor?: string }): Promise<Page<Pago>> {
  const out = await ddb.send(
    new QueryCommand({ ...pagosQuery(creditoId), Limit: opts.limit, ExclusiveStartKey: decodeCursor(opts.cursor) }),
  );
  return {
    items: (out.Items ?? []).map(pagoDeItem),
    nextCursor: encodeCursor(out.LastEvaluatedKey),
  };
}

/** The credit's conciliado payments, newest first (the receipts). */
export async function leerPagosConciliados(creditoId: string): Promise<PagoGuardado[]> {
  const { items } = await queryAll({
    ...pagosQuery(creditoId),
    FilterExpression: 'estado = :e',
    ExpressionAttributeValues: { ':pk': particionPagosCredito(creditoId), ':e': 'conciliado' },
  });
  return items.map(pagoDeItem);
}
