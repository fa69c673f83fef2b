import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { type Page, type ProductoCampos, type ProductoDetalle } from '@cuota/shared';
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
import { productoDeItem, type ProductoItem } from '#entities/producto';
import { topesUsura } from '#features/configuracion/index';
import { erroresProducto, productoEditado, productoNuevo } from './domain';

type TransactItems = Elemento[];

interface Stored {
  producto: ProductoDetalle;
  version: number | undefined;
  /** Every stored attribute, so a rewrite keeps the ones this feature does not know about. */
  raw: ProductoItem;
}

async function leerGuardado(id: string): Promise<Stored | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.producto(id), ConsistentRead: true }));
  if (!out.Item) return null;
  const item = out.Item as ProductoItem;
  return { producto: productoDeItem(item), version: item.version, raw: item };
}

/** For the other features (solicitudes, desembolso): the product with its lending terms, or null. */
export async function obtenerProducto(id: string): Promise<ProductoDetalle | null> {
  return (await leerGuardado(id))?.producto ?? null;
}

export async function obtenerProductoOFallar(id: string): Promise<ProductoDetalle> {
  const producto = await obtenerProducto(id);
  if (!producto) throw new NotFoundError(productosTexts.notFound);
  return producto;
}

async function queryPage(input: QueryCommandInput, cursor: string | undefined): Promise<Page<ProductoDetalle>> {
  const out = await ddb.send(new QueryCommand({ ...input, ExclusiveStartKey: decodeCursor(cursor) }));
  return { items: ((out.Items ?? []) as ProductoItem[]).map(productoDeItem), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/** All products, newest first (gsi1 PRODUCTOS). */
export function listarProductos(opts: { limit: number; cursor?: string }): Promise<Page<ProductoDetalle>> {
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
export function listarProductosActivos(opts: { limit: number; cursor?: string }): Promise<Page<ProductoDetalle>> {
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

const putProducto = (producto: ProductoDetalle, version: number, raw: Partial<ProductoItem> = {}) => ({
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
export async function crearProducto(campos: ProductoCampos, caller: Caller, now = new Date()): Promise<ProductoDetalle> {
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
export async function actualizarProducto(
  id: string,
  campos: ProductoCampos,
  caller: Caller,
  now = new Date(),
): Promise<ProductoDetalle> {
  const actual = await leerGuardado(id);
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
export async function cambiarEstadoProducto(
  id: string,
  activo: boolean,
  caller: Caller,
  now = new Date(),
): Promise<ProductoDetalle> {
  const actual = await leerGuardado(id);
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
    const ahora = await leerGuardado(id);
    if (ahora?.producto.activo === activo) return ahora.producto;
    throw new ConflictError(productosTexts.modificado);
  }
  return producto;
}

/** Former names, for the fixtures and the demo seed until they move to crearProducto / cambiarEstadoProducto. */
export { productoDeItem };
