/**
 * Bench part `entidades`: the product entity in ElectroDB 3, over the same table and attribute
 * names as today's key builders (bench/entidades-repos.ts has the shared shape and our own side).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, Service } from 'electrodb';
import { normalizeTerm } from '../functions/src/commons/keys';
import { CodigoTomado, Modificado, toProducto, type RepoProductos } from './entidades-repos';

const PAGINA = 20;

/** The same entity in ElectroDB, over the same attribute names and key values. */
export function entidadesElectro(ddb: DynamoDBDocumentClient, table: string) {
  const model = { service: 'cuota', version: '1' };
  const producto = new Entity(
    {
      model: { ...model, entity: 'producto' },
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        tipo: { type: 'string', default: 'producto', readOnly: true },
        codigo: { type: 'string', required: true },
        nombre: { type: 'string', required: true },
        /** gsi2's sort key needs the normalized name as an attribute: ElectroDB templates cannot call normalizeTerm. */
        nombre_orden: {
          type: 'string',
          hidden: true,
          watch: ['nombre'],
          set: (_: unknown, item: { nombre?: string }) => (item.nombre === undefined ? undefined : normalizeTerm(item.nombre)),
        },
        descripcion: { type: 'string' },
        monto_minimo_centimos: { type: 'number', required: true },
        monto_maximo_centimos: { type: 'number', required: true },
        plazo_minimo_meses: { type: 'number', required: true },
        plazo_maximo_meses: { type: 'number', required: true },
        tasa_interes_anual: { type: 'string', required: true },
        metodo_amortizacion: { type: ['cuota_nivelada', 'capital_constante'] as const, required: true },
        tasa_moratoria_anual: { type: 'string', required: true },
        dias_tolerancia: { type: 'number', required: true },
        es_microcredito: { type: 'boolean', required: true },
        activo: { type: 'boolean', required: true },
        created_at: { type: 'string', required: true, readOnly: true },
        updated_at: { type: 'string' },
        version: { type: 'number', required: true },
      },
      indexes: {
        porId: {
          pk: { field: 'pk', composite: ['id'], template: 'PRODUCTO#${id}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'PRODUCTO', casing: 'none' },
        },
        todos: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: [], template: 'PRODUCTOS', casing: 'none' },
          sk: { field: 'gsi1sk', composite: ['created_at', 'id'], template: '${created_at}#${id}', casing: 'none' },
        },
        activos: {
          index: 'gsi2',
          // sparse: only active products are on gsi2
          condition: (attr: Record<string, unknown>) => attr.activo === true,
          pk: { field: 'gsi2pk', composite: [], template: 'PRODUCTOS#ACTIVOS', casing: 'none' },
          sk: { field: 'gsi2sk', composite: ['nombre_orden', 'id'], template: '${nombre_orden}#${id}', casing: 'none' },
        },
      },
    },
    { client: ddb, table },
  );
  const productoCodigo = new Entity(
    {
      model: { ...model, entity: 'productoCodigo' },
      attributes: {
        codigo: { type: 'string', required: true },
        producto_id: { type: 'string', required: true },
        tipo: { type: 'string', default: 'unico', readOnly: true },
      },
      indexes: {
        porCodigo: {
          pk: { field: 'pk', composite: ['codigo'], template: 'UNICO#PRODUCTO_CODIGO#${codigo}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'UNICO', casing: 'none' },
        },
      },
    },
    { client: ddb, table },
  );
  const service = new Service({ producto, productoCodigo }, { client: ddb, table });
  return { producto, productoCodigo, service };
}

/** ElectroDB: entity methods, `service.transaction.write` for the create. */
export function repoElectro(ddb: DynamoDBDocumentClient, table: string): RepoProductos {
  const { producto, service } = entidadesElectro(ddb, table);
  return {
    async crear(p) {
      const { descripcion, updated_at, ...resto } = p;
      const res = await service.transaction
        .write(({ producto: prod, productoCodigo: codigo }) => [
          prod
            .create({
              ...resto,
              ...(descripcion === null ? {} : { descripcion }),
              ...(updated_at === null ? {} : { updated_at }),
            })
            .commit(),
          codigo.create({ codigo: p.codigo, producto_id: p.id }).commit(),
        ])
        .go();
      if (res.canceled) {
        if (res.data[1]?.code === 'ConditionalCheckFailed') throw new CodigoTomado(p.codigo);
        throw new Error(`transacción cancelada: ${res.data.map((d) => d.code).join(', ')}`);
      }
    },
    async obtener(id) {
      const { data } = await producto.get({ id }).go({ consistent: true });
      return data ? toProducto(data) : null;
    },
    async listar(cursor) {
      const { data, cursor: next } = await producto.query.todos({}).go({ limit: PAGINA, order: 'desc', cursor: cursor ?? null });
      return { items: data.map(toProducto), cursor: next };
    },
    async renombrar(actual, nombre, now) {
      try {
        const { data } = await producto
          .patch({ id: actual.id })
          // activo must be in the update: gsi2's key follows nombre (through nombre_orden) and its
          // condition reads activo; without it the condition sees undefined and ElectroDB REMOVEs
          // gsi2pk/gsi2sk, silently dropping an active product from the selects' list.
          .set({ nombre, activo: actual.activo, updated_at: now, version: actual.version + 1 })
          .where((attr, { eq }) => eq(attr.version, actual.version))
          .go({ response: 'all_new' });
        return toProducto(data as Record<string, unknown>);
      } catch (error) {
        const cause = (error as { cause?: { name?: string } }).cause;
        if (cause?.name === 'ConditionalCheckFailedException') throw new Modificado(actual.id);
        throw error;
      }
    },
  };
}
