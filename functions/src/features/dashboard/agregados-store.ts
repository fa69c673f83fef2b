import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TIMEZONE, fechaNegocio } from '@cuota/shared';
import { ddb, tableName } from '#commons/db';
import { aggKeys, keys } from '#commons/keys';
import {
  claveDesde,
  contribucion,
  decidir,
  esVacia,
  type ClaveAgregado,
  type Contribucion,
  type EntidadAgregada,
} from './domain';

/** One change of an entity, as the stream delivers it. */
export interface CambioEntidad {
  entidad: EntidadAgregada;
  id: string;
  /** The stream record's SequenceNumber: grows with every change of the same item. */
  secuencia: string;
  /** The item after the change; null when it was deleted. */
  item: Record<string, unknown> | null;
  /** When the change happened (the record's ApproximateCreationDateTime). */
  instante: Date;
}

export type Resultado = 'aplicado' | 'sin-cambios' | 'repetido';

const TIPO_AGREGADO = 'agregado';
const TIPO_CONTRIBUCION = 'agregado-contribucion';
const MAX_INTENTOS = 8;

let zona: { valor: string; leidaEn: number } | null = null;

/** The `timezone` setting (default America/Costa_Rica), read at most once a minute. */
export async function zonaHoraria(): Promise<string> {
  if (zona && Date.now() - zona.leidaEn < 60_000) return zona.valor;
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.configuracion('timezone') }));
  const valor = typeof out.Item?.valor === 'string' && out.Item.valor ? out.Item.valor : DEFAULT_TIMEZONE;
  zona = { valor, leidaEn: Date.now() };
  return valor;
}

function actualizacion(clave: ClaveAgregado, campos: Record<string, number>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':t': TIPO_AGREGADO };
  const adds = Object.entries(campos).map(([campo, delta], i) => {
    names[`#f${i}`] = campo;
    values[`:v${i}`] = delta;
    return `#f${i} :v${i}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: clave,
      UpdateExpression: `ADD ${adds.join(', ')} SET tipo = :t`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Applies one change to the aggregates exactly once. The entity's AGGC item holds the
 * contribution already applied and the sequence number it came from; in ONE transaction the
 * aggregates receive (new − stored) and the AGGC item the new contribution, on condition that
 * nobody moved it meanwhile. A record whose sequence is not newer than the stored one
 * (redelivery, or an older change arriving late) applies nothing.
 */
export async function aplicarCambio(cambio: CambioEntidad, zonaHorariaNegocio: string): Promise<Resultado> {
  const claveContribucion = aggKeys.contribucion(cambio.entidad, cambio.id);
  const fechaDe = (iso: string) => fechaNegocio(new Date(iso), zonaHorariaNegocio);
  const nueva = cambio.item
    ? contribucion(cambio.entidad, cambio.item, { fecha: fechaNegocio(cambio.instante, zonaHorariaNegocio), fechaDe })
    : {};
  for (let intento = 0; ; intento++) {
    const actual = await ddb.send(new GetCommand({ TableName: tableName(), Key: claveContribucion, ConsistentRead: true }));
    const secuenciaPrevia = actual.Item?.secuencia as string | undefined;
    const aplicada = actual.Item
      ? { secuencia: String(secuenciaPrevia), contribucion: (actual.Item.contribucion as Contribucion | undefined) ?? {} }
      : null;
    const decision = decidir(aplicada, cambio.secuencia, nueva);
    if (!decision.aplicar) return 'repetido';
    const { delta } = decision;
    const put = {
      TableName: tableName(),
      Item: {
        ...claveContribucion,
        tipo: TIPO_CONTRIBUCION,
        entidad: cambio.entidad,
        entidad_id: cambio.id,
        secuencia: cambio.secuencia,
        // an empty map is left out: the SDK's stream reader turns `{M: {}}` into an untyped `{}`,
        // which other consumers' unmarshall() rejects
        ...(esVacia(nueva) ? {} : { contribucion: nueva }),
        eliminada: cambio.item === null,
        actualizado_en: new Date().toISOString(),
      },
      ...(secuenciaPrevia === undefined
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : { ConditionExpression: 'secuencia = :previa', ExpressionAttributeValues: { ':previa': secuenciaPrevia } }),
    };
    try {
      if (esVacia(delta)) {
        await ddb.send(new PutCommand(put));
        return 'sin-cambios';
      }
      await ddb.send(
        new TransactWriteCommand({
          TransactItems: [{ Put: put }, ...Object.entries(delta).map(([clave, campos]) => actualizacion(claveDesde(clave), campos))],
        }),
      );
      return 'aplicado';
    } catch (error) {
      // Another invocation moved the same entity (condition) or touched the same aggregate
      // (conflict): read again and retry with the fresh state.
      const reintentable = error instanceof TransactionCanceledException || error instanceof ConditionalCheckFailedException;
      if (!reintentable || intento + 1 >= MAX_INTENTOS) throw error;
      await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** intento) * (0.5 + Math.random())));
    }
  }
}

/** Reads a few items by key in one BatchGet (retrying unprocessed keys); missing ones come back as {}. */
export async function leerItems(claves: ClaveAgregado[]): Promise<Array<Record<string, unknown>>> {
  const encontrados = new Map<string, Record<string, unknown>>();
  const unicas = [...new Map(claves.map((k) => [`${k.pk}|${k.sk}`, k])).values()];
  for (let i = 0; i < unicas.length; i += 100) {
    let pendientes: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [tableName()]: { Keys: unicas.slice(i, i + 100).map((k) => ({ pk: k.pk, sk: k.sk })) },
    };
    for (let intento = 0; pendientes && Object.keys(pendientes).length > 0; intento++) {
      if (intento > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** intento)));
      const out = await ddb.send(new BatchGetCommand({ RequestItems: pendientes }));
      for (const item of out.Responses?.[tableName()] ?? []) encontrados.set(`${String(item.pk)}|${String(item.sk)}`, item);
      pendientes = out.UnprocessedKeys as typeof pendientes;
    }
  }
  return claves.map((k) => encontrados.get(`${k.pk}|${k.sk}`) ?? {});
}

/** A numeric field of an aggregate item (0 when absent). */
export const campo = (item: Record<string, unknown>, nombre: string): number =>
  typeof item[nombre] === 'number' ? (item[nombre] as number) : 0;
