import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@cuota/shared';
import type { Banco, MapeoExtracto } from '@cuota/shared/schemas/extractos';
import { CondicionFallida } from '#commons/errors';
import { batchGetAll, ddb, queryAll, tableName } from '#commons/db';
import { paginaReciente } from '#commons/pagina';
import { actualizar, borrar, comprobar, escribirTransaccion, escribirUna, put, type Elemento } from '#commons/transaccion';
import {
  claveExtracto,
  claveLineaExtracto,
  claveMapeo,
  claveUnicoArchivo,
  claveUnicoLinea,
  claveUnicoPagoExtracto,
  extractoDeItem,
  itemExtracto,
  itemLineaExtracto,
  itemMapeo,
  itemUnicoArchivo,
  itemUnicoLinea,
  itemUnicoPagoExtracto,
  lineaDeItem,
  particionExtractos,
  PREFIJO_LINEA,
  type ExtractoGuardado,
  type LineaGuardada,
} from '#entities/extracto';

/** Reads and writes of statements, their lines, their guards and the column mappings (entities/extracto.ts). */

const ignorarCondicion = (error: unknown) => {
  if (!(error instanceof CondicionFallida)) throw error;
};

const get = async (Key: Record<string, unknown>) =>
  (await ddb.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item;

export async function leerMapeo(banco: Banco): Promise<MapeoExtracto | null> {
  const item = await get(claveMapeo(banco));
  if (!item) return null;
  const { separador, decimal, formato_fecha, filas_encabezado, columnas } = item as MapeoExtracto;
  return { separador, decimal, formato_fecha, filas_encabezado, columnas };
}

export const mapeoPut = (banco: Banco, m: MapeoExtracto, por: string, en: Date): Elemento =>
  put(itemMapeo(banco, m, { por, en: en.toISOString() }));

/** The statement that already holds this file (its guard), if any. */
export async function leerDuenoArchivo(huella: string): Promise<string | null> {
  const item = await get(claveUnicoArchivo(huella));
  return item ? String(item.extracto_id) : null;
}

/** For each fingerprint, the statement line that has it first (or undefined). */
export async function leerDuenosLineas(huellas: readonly string[]) {
  const items = await batchGetAll(huellas.map(claveUnicoLinea), { consistent: true });
  return items.map((i) =>
    i ? { extracto_id: String(i.extracto_id), nombre_archivo: String(i.nombre_archivo), n: Number(i.n) } : undefined,
  );
}

/** The header (cargando) with the file's guard, unless another statement holds the file. */
export async function crearCabecera(e: ExtractoGuardado, siRepetido: () => Promise<Error>): Promise<void> {
  await escribirTransaccion([
    put(itemUnicoArchivo(e.huella_archivo, e.id), {
      condicion: 'attribute_not_exists(pk) OR extracto_id = :id',
      valores: { ':id': e.id },
      siFalla: siRepetido,
    }),
    put(itemExtracto(e)),
  ]);
}

/**
 * Lines with their fingerprint guards, 50 per transaction. Each line is put only when absent or
 * still unprocessed (sin_coincidencia, coincidencia, ya_procesada). A guard another statement took
 * in the meantime, or a line processed meanwhile, fails its chunk: `siTomada` turns those lines
 * into ya_procesada, drops the processed ones, and the chunk is built again.
 */
export async function escribirLineas(
  nombreArchivo: string,
  lineas: LineaGuardada[],
  siTomada: (l: LineaGuardada[]) => Promise<LineaGuardada[]>,
): Promise<void> {
  for (let i = 0; i < lineas.length; i += 50) {
    let parte = lineas.slice(i, i + 50);
    for (let intento = 0; ; intento++) {
      const ops = parte.flatMap((l) => [
        ...(l.estado === 'ya_procesada'
          ? []
          : [
              put(itemUnicoLinea(l.huella, { extracto_id: l.extracto_id, nombre_archivo: nombreArchivo, n: l.n }), {
                condicion: 'attribute_not_exists(pk) OR extracto_id = :id',
                valores: { ':id': l.extracto_id },
              }),
            ]),
        // a resumed upload never overwrites a line already confirmed or applied
        put(itemLineaExtracto(l), {
          condicion: 'attribute_not_exists(pk) OR #e IN (:sin, :coin, :ya)',
          nombres: { '#e': 'estado' },
          valores: { ':sin': 'sin_coincidencia', ':coin': 'coincidencia', ':ya': 'ya_procesada' },
        }),
      ]);
      try {
        await escribirTransaccion(ops);
        break;
      } catch (error) {
        if (!(error instanceof CondicionFallida) || intento >= 2) throw error;
        parte = await siTomada(parte);
      }
    }
  }
}

export const marcarListo = (id: string, conteos: Record<string, number>) =>
  escribirUna(
    actualizar(
      claveExtracto(id),
      `SET estado_carga = :listo, ${Object.keys(conteos)
        .map((k, i) => `#c${i} = :c${i}`)
        .join(', ')}`,
      {
        nombres: Object.fromEntries(Object.keys(conteos).map((k, i) => [`#c${i}`, k])),
        valores: { ':listo': 'listo', ...Object.fromEntries(Object.values(conteos).map((v, i) => [`:c${i}`, v])) },
      },
    ),
  );

export async function leerExtracto(id: string): Promise<ExtractoGuardado | null> {
  const item = await get(claveExtracto(id));
  return item ? extractoDeItem(item) : null;
}

/** A statement's lines in file order (one partition; at most EXTRACTO_MAX_LINEAS items). */
export async function leerLineas(id: string): Promise<LineaGuardada[]> {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :l)',
    ExpressionAttributeValues: { ':pk': claveExtracto(id).pk, ':l': PREFIJO_LINEA },
    ConsistentRead: true,
  });
  return items.map(lineaDeItem);
}

export async function leerLinea(id: string, n: number): Promise<LineaGuardada | null> {
  const item = await get(claveLineaExtracto(id, n));
  return item ? lineaDeItem(item) : null;
}

/** Statements newest first (gsi2 EXTRACTOS). */
export async function listarCabeceras(opts: { limit: number; cursor?: string }): Promise<Page<ExtractoGuardado>> {
  return paginaReciente({ pk: particionExtractos(), indice: 'gsi2' }, opts, extractoDeItem);
}

/** The reported payment taken by this line (the same line may take it again: a retry). */
export const reclamarPago = (pagoId: string, id: string, n: number, siTomado: () => Error) =>
  escribirUna(
    put(itemUnicoPagoExtracto(pagoId, id, n), {
      condicion: 'attribute_not_exists(pk) OR (extracto_id = :id AND n = :n)',
      valores: { ':id': id, ':n': n },
      siFalla: siTomado,
    }),
  );

export const soltarPago = (pagoId: string, id: string, n: number) =>
  escribirUna(
    borrar(claveUnicoPagoExtracto(pagoId), { condicion: 'extracto_id = :id AND n = :n', valores: { ':id': id, ':n': n } }),
  ).catch(ignorarCondicion);

/** A line's new state once processed, only from the states it may leave (false: it had already left them). */
export async function cerrarLinea(
  id: string,
  n: number,
  desde: readonly string[],
  cambios: { estado: 'conciliada' | 'aplicada'; pago_id: string; procesada_por: string; procesada_en: string },
): Promise<boolean> {
  try {
    await escribirUna(
      actualizar(
        claveLineaExtracto(id, n),
        'SET #e = :e, pago_id = :p, procesada_por = :u, procesada_en = :t REMOVE aplicando_por',
        {
          condicion: `#e IN (${desde.map((_, i) => `:d${i}`).join(', ')})`,
          nombres: { '#e': 'estado' },
          valores: {
            ':e': cambios.estado,
            ':p': cambios.pago_id,
            ':u': cambios.procesada_por,
            ':t': cambios.procesada_en,
            ...Object.fromEntries(desde.map((d, i) => [`:d${i}`, d])),
          },
        },
      ),
    );
    return true;
  } catch (error) {
    if (error instanceof CondicionFallida) return false;
    throw error;
  }
}

/**
 * The line marked applied with its payment, for the payment's own transaction: only from
 * sin_coincidencia or coincidencia, so one bank line pays once whoever applies it and whenever.
 */
export const lineaAplicada = (
  id: string,
  n: number,
  cambios: { pago_id: string; procesada_por: string; procesada_en: string; aplicada_por: string },
  siFalla: () => Promise<Error>,
): Elemento =>
  actualizar(
    claveLineaExtracto(id, n),
    'SET #e = :e, pago_id = :p, procesada_por = :u, procesada_en = :t, aplicada_por = :a REMOVE aplicando_por',
    {
      condicion: '#e IN (:sin, :coin)',
      nombres: { '#e': 'estado' },
      valores: {
        ':e': 'aplicada',
        ':p': cambios.pago_id,
        ':u': cambios.procesada_por,
        ':t': cambios.procesada_en,
        ':a': cambios.aplicada_por,
        ':sin': 'sin_coincidencia',
        ':coin': 'coincidencia',
      },
      siFalla,
    },
  );

/** The statement's upload finished (listo), checked in the same transaction as a write on its lines. */
export const extractoCompleto = (id: string, siFalla: () => Error): Elemento =>
  comprobar(claveExtracto(id), 'estado_carga = :listo', { valores: { ':listo': 'listo' }, siFalla });
