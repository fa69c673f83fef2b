/**
 * Bench part `entidades` (bench/entidades.ts): the product entity written twice over the same
 * single table, so the two can be timed and bundled side by side.
 * - `repoPropio`: today's way (what functions/src/entities formalizes): the key builders of
 *   commons/keys.ts, the `itemFor.producto` mapper of commons/items.ts and the DocumentClient.
 * - `repoElectro`: ElectroDB 3 entities mapped onto the same attributes (pk/sk, gsi1pk/gsi1sk,
 *   sparse gsi2 of active products by normalized name) through key templates.
 * Both: create = product + unique-code guard in one TransactWrite; get = consistent GetItem;
 * list = one gsi1 page of 20 newest first; update = new name under a version condition.
 * ElectroDB's side lives in bench/entidades-electro.ts: electrodb is CommonJS, which esbuild cannot
 * tree-shake, so a module that imports it carries all of it into any bundle that imports that module.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { itemFor } from '../functions/src/commons/items';
import { keys, normalizeTerm } from '../functions/src/commons/keys';

export interface Producto {
  id: string;
  codigo: string;
  nombre: string;
  descripcion: string | null;
  monto_minimo_centimos: number;
  monto_maximo_centimos: number;
  plazo_minimo_meses: number;
  plazo_maximo_meses: number;
  tasa_interes_anual: string;
  metodo_amortizacion: 'cuota_nivelada' | 'capital_constante';
  tasa_moratoria_anual: string;
  dias_tolerancia: number;
  es_microcredito: boolean;
  activo: boolean;
  created_at: string;
  updated_at: string | null;
  version: number;
}

export interface Pagina {
  items: Producto[];
  cursor: string | null;
}

/** What a caller can tell apart: the code is taken, or the version read is no longer current. */
export class CodigoTomado extends Error {}
export class Modificado extends Error {}

export interface RepoProductos {
  crear(p: Producto): Promise<void>;
  obtener(id: string): Promise<Producto | null>;
  listar(cursor?: string | null): Promise<Pagina>;
  renombrar(actual: Producto, nombre: string, now: string): Promise<Producto>;
}

const PAGINA = 20;

export function toProducto(item: Record<string, unknown>): Producto {
  return {
    id: String(item.id),
    codigo: String(item.codigo),
    nombre: String(item.nombre),
    descripcion: (item.descripcion as string | null | undefined) ?? null,
    monto_minimo_centimos: Number(item.monto_minimo_centimos),
    monto_maximo_centimos: Number(item.monto_maximo_centimos),
    plazo_minimo_meses: Number(item.plazo_minimo_meses),
    plazo_maximo_meses: Number(item.plazo_maximo_meses),
    tasa_interes_anual: String(item.tasa_interes_anual),
    metodo_amortizacion: (item.metodo_amortizacion as Producto['metodo_amortizacion'] | undefined) ?? 'cuota_nivelada',
    tasa_moratoria_anual: String(item.tasa_moratoria_anual),
    dias_tolerancia: Number(item.dias_tolerancia ?? 0),
    es_microcredito: item.es_microcredito === true,
    activo: item.activo === true,
    created_at: String(item.created_at),
    updated_at: (item.updated_at as string | null | undefined) ?? null,
    version: Number(item.version ?? 0),
  };
}

const cursorDe = (key: Record<string, unknown> | undefined) =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
const claveDe = (cursor: string | null | undefined) =>
  cursor ? (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>) : undefined;

/** Today's approach: key builders + item mapper + DocumentClient commands. */
/** A page of products, newest first (the product list's query). */
export function consultaProductos(table: string, desde?: Record<string, unknown>): QueryCommand {
  return new QueryCommand({
    TableName: table,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.productosList() },
    ScanIndexForward: false,
    Limit: PAGINA,
    ExclusiveStartKey: desde,
  });
}

export function repoPropio(ddb: DynamoDBDocumentClient, table: string): RepoProductos {
  return {
    async crear(p) {
      try {
        await ddb.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: table, Item: itemFor.producto({ ...p }), ConditionExpression: 'attribute_not_exists(pk)' } },
              { Put: { TableName: table, Item: itemFor.productoCodigo(p), ConditionExpression: 'attribute_not_exists(pk)' } },
            ],
          }),
        );
      } catch (error) {
        const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
        if (reasons?.[1]?.Code === 'ConditionalCheckFailed') throw new CodigoTomado(p.codigo);
        throw error;
      }
    },
    async obtener(id) {
      const out = await ddb.send(new GetCommand({ TableName: table, Key: keys.producto(id), ConsistentRead: true }));
      return out.Item ? toProducto(out.Item) : null;
    },
    async listar(cursor) {
      const out = await ddb.send(consultaProductos(table, claveDe(cursor)));
      return { items: (out.Items ?? []).map(toProducto), cursor: cursorDe(out.LastEvaluatedKey) };
    },
    async renombrar(actual, nombre, now) {
      try {
        const out = await ddb.send(
          new UpdateCommand({
            TableName: table,
            Key: keys.producto(actual.id),
            // the sparse gsi2 sort key follows the name while the product is active
            UpdateExpression: actual.activo
              ? 'SET nombre = :n, updated_at = :u, version = :v1, gsi2sk = :g'
              : 'SET nombre = :n, updated_at = :u, version = :v1',
            ConditionExpression: 'version = :v',
            ExpressionAttributeValues: {
              ':n': nombre,
              ':u': now,
              ':v': actual.version,
              ':v1': actual.version + 1,
              ...(actual.activo ? { ':g': `${normalizeTerm(nombre)}#${actual.id}` } : {}),
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toProducto(out.Attributes!);
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') throw new Modificado(actual.id);
        throw error;
      }
    },
  };
}
