import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { tasaMoratoriaMaxima, type Page, type ProductoCampos, type ProductoDetalle } from '@cuota/shared';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { productosTexts } from '@cuota/shared/texts/productos';
import { ulid } from 'ulid';
import { actorDe, type Caller } from '#commons/auth';
import { ddb, decodeCursor, encodeCursor, tableName } from '#commons/db';
import { ConflictError, NotFoundError, TransaccionCancelada, ValidationError } from '#commons/errors';
import { itemFor } from '#commons/items';
import { keys } from '#commons/keys';
import { actividadPut } from '#commons/registro';
import { conError, escribirTransaccion, type Elemento } from '#commons/transaccion';
import { topesUsura } from '#features/configuracion/index';
import { erroresProducto, productoEditado, productoNuevo } from './domain';

type TransactItems = Elemento[];

/** The API shape of a stored product; older items without the lending terms read with their defaults. */
export function toProducto(item: Record<string, unknown>): ProductoDetalle {
  const tasa = String(item.tasa_interes_anual);
  return {
    id: String(item.id),
    codigo: String(item.codigo),
    nombre: String(item.nombre),
    descripcion: (item.descripcion as string | null | undefined) ?? null,
    monto_minimo_centimos: Number(item.monto_minimo_centimos),
    monto_maximo_centimos: Number(item.monto_maximo_centimos),
    plazo_minimo_meses: Number(item.plazo_minimo_meses),
    plazo_maximo_meses: Number(item.plazo_maximo_meses),
    tasa_interes_anual: tasa,
    metodo_amortizacion: (item.metodo_amortizacion as ProductoDetalle['metodo_amortizacion'] | undefined) ?? 'cuota_nivelada',
    tasa_moratoria_anual: (item.tasa_moratoria_anual as string | undefined) ?? tasaMoratoriaMaxima(tasa),
    dias_tolerancia: Number(item.dias_tolerancia ?? 0),
    es_microcredito: item.es_microcredito === true,
    activo: item.activo === true,
    created_at: String(item.created_at),
    updated_at: (item.updated_at as string | null | undefined) ?? null,
  };
}

interface Stored {
  producto: ProductoDetalle;
  version: number | undefined;
  /** Every stored attribute, so a rewrite keeps the ones this feature does not know about. */
  raw: Record<string, unknown>;
}

async function getStored(id: string): Promise<Stored | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.producto(id), ConsistentRead: true }));
  if (!out.Item) return null;
  return { producto: toProducto(out.Item), version: out.Item.version as number | undefined, raw: out.Item };
}

/** For the other features (solicitudes, desembolso): the product with its lending terms, or null. */
export async function getProducto(id: string): Promise<ProductoDetalle | null> {
  return (await getStored(id))?.producto ?? null;
}

export async function getProductoOrThrow(id: string): Promise<ProductoDetalle> {
  const producto = await getProducto(id);
  if (!producto) throw new NotFoundError(productosTexts.notFound);
  return producto;
}

async function queryPage(input: QueryCommandInput, cursor: string | undefined): Promise<Page<ProductoDetalle>> {
  const out = await ddb.send(new QueryCommand({ ...input, ExclusiveStartKey: decodeCursor(cursor) }));
  return { items: (out.Items ?? []).map(toProducto), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/** All products, newest first (gsi1 PRODUCTOS). */
export function listProductos(opts: { limit: number; cursor?: string }): Promise<Page<ProductoDetalle>> {
  return queryPage(
    {
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.productosList() },
      ScanIndexForward: false,
      Limit: opts.limit,
    },
    opts.cursor,
  );
}

/** Active products ordered by name (sparse gsi2 PRODUCTOS#ACTIVOS): inactive ones are not even read. */
export function listProductosActivos(opts: { limit: number; cursor?: string }): Promise<Page<ProductoDetalle>> {
  return queryPage(
    {
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.productosActivos() },
      Limit: opts.limit,
    },
    opts.cursor,
  );
}

async function validar(producto: ProductoDetalle): Promise<void> {
  const errores = erroresProducto(producto, await topesUsura());
  const [primero] = Object.values(errores);
  if (primero) throw new ValidationError(errores, primero);
}

const autor = actorDe;

const putProducto = (producto: ProductoDetalle, version: number, raw: Record<string, unknown> = {}) => ({
  TableName: tableName(),
  Item: { ...itemFor.producto({ ...raw, ...producto }), version },
});

/** A code guard that is free or already this product's (heals products stored before guards existed). */
const guardPut = (producto: ProductoDetalle) => ({
  Put: {
    TableName: tableName(),
    Item: itemFor.productoCodigo(producto),
    ConditionExpression: 'attribute_not_exists(pk) OR producto_id = :id',
    ExpressionAttributeValues: { ':id': producto.id },
  },
});

/** The version condition: the item as it was read, so a concurrent edit is refused, never lost. */
function versionCondition(version: number | undefined) {
  return version === undefined
    ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(version)' }
    : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': version } };
}

const modificado = () => new ConflictError(productosTexts.modificado);
const codigoOcupado = () => new ConflictError(productosTexts.codigoTaken, 'DUPLICATE');

/** Creates a product: the item, its code guard and the activity entry in one transaction. */
export async function createProducto(campos: ProductoCampos, caller: Caller, now = new Date()): Promise<ProductoDetalle> {
  const producto = productoNuevo(campos, ulid(now.getTime()), now);
  await validar(producto);
  const items: TransactItems = [
    { Put: { ...putProducto(producto, 1), ConditionExpression: 'attribute_not_exists(pk)' } },
    conError(
      {
        Put: { TableName: tableName(), Item: itemFor.productoCodigo(producto), ConditionExpression: 'attribute_not_exists(pk)' },
      },
      codigoOcupado,
    ),
    actividadPut({ tipo_actividad: 'create', descripcion: productosTexts.actividad.creado(producto), ...autor(caller), now }),
  ];
  await escribirTransaccion(items, { siOcupada: () => new ConflictError(errorsTexts.concurrente) });
  return producto;
}

/**
 * Replaces a product's terms (PUT). Conditional on the version read; a new code moves the guard
 * (the old one is deleted only if it is this product's) in the same transaction.
 */
export async function updateProducto(
  id: string,
  campos: ProductoCampos,
  caller: Caller,
  now = new Date(),
): Promise<ProductoDetalle> {
  const actual = await getStored(id);
  if (!actual) throw new NotFoundError(productosTexts.notFound);
  const producto = productoEditado(actual.producto, campos, now);
  await validar(producto);
  const items: TransactItems = [
    conError(
      { Put: { ...putProducto(producto, (actual.version ?? 0) + 1, actual.raw), ...versionCondition(actual.version) } },
      modificado,
    ),
    conError(guardPut(producto), codigoOcupado),
    actividadPut({
      tipo_actividad: 'update',
      descripcion: productosTexts.actividad.actualizado(producto),
      ...autor(caller),
      now,
    }),
  ];
  if (actual.producto.codigo !== producto.codigo) {
    items.push({
      Delete: {
        TableName: tableName(),
        Key: keys.unicoProductoCodigo(actual.producto.codigo),
        ConditionExpression: 'attribute_not_exists(pk) OR producto_id = :id',
        ExpressionAttributeValues: { ':id': id },
      },
    });
  }
  await escribirTransaccion(items, { siOcupada: modificado });
  return producto;
}

/**
 * Activates or deactivates a product (PATCH {activo}). Asking for the state it already has
 * changes nothing and logs nothing, so a retried or doubled request applies once.
 */
export async function setProductoActivo(id: string, activo: boolean, caller: Caller, now = new Date()): Promise<ProductoDetalle> {
  const actual = await getStored(id);
  if (!actual) throw new NotFoundError(productosTexts.notFound);
  if (actual.producto.activo === activo) return actual.producto;
  const producto: ProductoDetalle = { ...actual.producto, activo, updated_at: now.toISOString() };
  const descripcion = activo ? productosTexts.actividad.activado(producto) : productosTexts.actividad.desactivado(producto);
  try {
    await escribirTransaccion([
      { Put: { ...putProducto(producto, (actual.version ?? 0) + 1, actual.raw), ...versionCondition(actual.version) } },
      actividadPut({ tipo_actividad: 'update', descripcion, ...autor(caller), now }),
    ]);
  } catch (error) {
    if (!(error instanceof TransaccionCancelada)) throw error;
    // Someone else changed it first: fine if it now is what was asked for, a conflict otherwise.
    const ahora = await getStored(id);
    if (ahora?.producto.activo === activo) return ahora.producto;
    throw new ConflictError(productosTexts.modificado);
  }
  return producto;
}
