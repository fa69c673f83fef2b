import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TIMEZONE, fechaNegocio } from '@cuota/shared';
import { batchGetAll, ddb, tableName } from '#commons/db';
import { TransaccionCancelada, TransaccionOcupada } from '#commons/errors';
import { aggKeys } from '#commons/keys';
import { conReintentos, escribirTransaccion, escribirUna } from '#commons/transaccion';
import { obtenerValorConfiguracion } from '#features/configuracion/index';
import { contribucionReportes } from './contribuciones-reportes';
import {
  claveDesde,
  compararSecuencia,
  contribucion,
  decidir,
  esVacia,
  sumarContribuciones,
  type ClaveAgregado,
  type Contribucion,
  type ContribucionAplicada,
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
/** TransactWriteItems holds at most 100 actions. */
const MAX_ACCIONES = 100;

let zona: { valor: string; leidaEn: number } | null = null;

/** The `timezone` setting (configuración's obtenerValorConfiguracion; Costa Rica when unusable), read at most once a minute. */
export async function zonaHoraria(): Promise<string> {
  if (zona && Date.now() - zona.leidaEn < 60_000) return zona.valor;
  let valor = (await obtenerValorConfiguracion('timezone')) || DEFAULT_TIMEZONE;
  try {
    fechaNegocio(new Date(), valor);
  } catch {
    valor = DEFAULT_TIMEZONE;
  }
  zona = { valor, leidaEn: Date.now() };
  return valor;
}

function contribucionDe(cambio: CambioEntidad, zonaHorariaNegocio: string): Contribucion {
  if (!cambio.item) return {};
  const ctx = {
    fecha: fechaNegocio(cambio.instante, zonaHorariaNegocio),
    fechaDe: (iso: string) => fechaNegocio(new Date(iso), zonaHorariaNegocio),
  };
  // the reports' aggregates (features/reportes) ride on the same exactly-once application
  return sumarContribuciones(
    contribucion(cambio.entidad, cambio.item, ctx),
    contribucionReportes(cambio.entidad, cambio.item, ctx),
  );
}

function aplicadaDe(item: Record<string, unknown> | undefined): ContribucionAplicada | null {
  if (!item?.pk) return null;
  return { secuencia: String(item.secuencia), contribucion: (item.contribucion as Contribucion | undefined) ?? {} };
}

/** The entity's AGGC item with its new contribution, conditional on the sequence that was read. */
function putContribucion(cambio: CambioEntidad, nueva: Contribucion, previa: ContribucionAplicada | null) {
  return {
    TableName: tableName(),
    Item: {
      ...aggKeys.contribucion(cambio.entidad, cambio.id),
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
    ...(previa === null
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : { ConditionExpression: 'secuencia = :previa', ExpressionAttributeValues: { ':previa': previa.secuencia } }),
  };
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

const reintentable = (error: unknown) => error instanceof TransaccionCancelada;

/**
 * The contributions this container stored last, per entity (table, entidad, id), so that the next
 * batch with the same entities (a catch-up close writes every credit once per closed date) needs
 * no read of their AGGC items. An entry can only be stale, never ahead: a stored sequence only
 * grows. Stale is safe: a record not newer than the entry is not newer than the stored one either
 * (nothing to apply), and a put made on a stale entry fails its condition and is redone from a
 * fresh read. Bounded; the oldest entries go first. This holds because only this consumer writes
 * AGGC items and each of its writes moves the sequence: whatever else rewrites them (a restore of
 * the table) must be followed by fresh containers (a deployment), as tests do with the function below.
 */
const aplicadasRecientes = new Map<string, ContribucionAplicada>();
const MAX_RECIENTES = 50_000;
const claveReciente = (entidad: string, id: string) => `${tableName()}|${entidad}#${id}`;

/**
 * Forgets what this container stored, as a new deployment starts. Only for tests that rewrite AGGC
 * items by hand (the consumer never does: every write of its own moves the sequence).
 */
export function olvidarContribucionesRecientes(): void {
  aplicadasRecientes.clear();
}

function recordar(entidad: string, id: string, aplicada: ContribucionAplicada): void {
  const k = claveReciente(entidad, id);
  aplicadasRecientes.delete(k);
  aplicadasRecientes.set(k, aplicada);
  if (aplicadasRecientes.size > MAX_RECIENTES) aplicadasRecientes.delete(aplicadasRecientes.keys().next().value!);
}

/**
 * Applies one change to the aggregates exactly once. The entity's AGGC item holds the
 * contribution already applied and the sequence number it came from; in ONE transaction the
 * aggregates receive (new − stored) and the AGGC item the new contribution, on condition that
 * nobody moved it meanwhile. A record whose sequence is not newer than the stored one
 * (redelivery, or an older change arriving late) applies nothing.
 */
export async function aplicarCambio(cambio: CambioEntidad, zonaHorariaNegocio: string): Promise<Resultado> {
  const nueva = contribucionDe(cambio, zonaHorariaNegocio);
  // Another invocation moved the same entity (condition) or touched the same aggregate
  // (conflict): read again and retry with the fresh state.
  return conReintentos(
    async () => {
      const actual = await ddb.send(
        new GetCommand({ TableName: tableName(), Key: aggKeys.contribucion(cambio.entidad, cambio.id), ConsistentRead: true }),
      );
      const previa = aplicadaDe(actual.Item);
      if (previa) recordar(cambio.entidad, cambio.id, previa);
      const decision = decidir(previa, cambio.secuencia, nueva);
      if (!decision.aplicar) return 'repetido';
      const put = putContribucion(cambio, nueva, previa);
      if (esVacia(decision.delta)) {
        await escribirUna({ Put: put }, { intentos: 1 });
      } else {
        const updates = Object.entries(decision.delta).map(([clave, campos]) => actualizacion(claveDesde(clave), campos));
        await escribirTransaccion([{ Put: put }, ...updates], { intentos: 1 });
      }
      recordar(cambio.entidad, cambio.id, { secuencia: cambio.secuencia, contribucion: nueva });
      return esVacia(decision.delta) ? ('sin-cambios' as const) : ('aplicado' as const);
    },
    { intentos: MAX_INTENTOS, reintentar: reintentable, siAgota: () => new TransaccionOcupada([]) },
  );
}

interface Pendiente {
  cambio: CambioEntidad;
  nueva: Contribucion;
  put: ReturnType<typeof putContribucion>;
  delta: Contribucion;
}

/**
 * A whole batch with a few writes: one BatchGet of the entities' AGGC items that this container
 * did not store itself (parallel requests of 100 keys), then transactions that each carry several entities' conditional AGGC puts and ONE
 * update per aggregate with their summed deltas (a seed or a mass notification moves the hot aggregate items once per
 * transaction, not once per record). Only the newest change of each entity counts: contributions
 * follow the entity's state, so its older changes in the batch add nothing. A transaction that
 * meets a moved AGGC item or a concurrent writer falls back to applying its entities one by one.
 */
export async function aplicarLote(cambios: CambioEntidad[], zonaHorariaNegocio: string): Promise<Record<Resultado, number>> {
  const resumen: Record<Resultado, number> = { aplicado: 0, 'sin-cambios': 0, repetido: 0 };
  const lista = ultimosCambios(cambios);
  resumen.repetido = cambios.length - lista.length;
  await leerContribuciones(lista.filter((c) => !aplicadasRecientes.has(claveReciente(c.entidad, c.id))));
  const pendientes: Pendiente[] = [];
  for (const cambio of lista) {
    const previa = aplicadasRecientes.get(claveReciente(cambio.entidad, cambio.id)) ?? null;
    const nueva = contribucionDe(cambio, zonaHorariaNegocio);
    const decision = decidir(previa, cambio.secuencia, nueva);
    if (!decision.aplicar) resumen.repetido++;
    else pendientes.push({ cambio, nueva, put: putContribucion(cambio, nueva, previa), delta: decision.delta });
  }

  const escribir = (grupo: Pendiente[]) => escribirGrupo(grupo, zonaHorariaNegocio, resumen);
  let grupo: Pendiente[] = [];
  let claves = new Set<string>();
  for (const p of pendientes) {
    const nuevas = Object.keys(p.delta).filter((k) => !claves.has(k));
    if (grupo.length > 0 && grupo.length + 1 + claves.size + nuevas.length > MAX_ACCIONES) {
      await escribir(grupo);
      grupo = [];
      claves = new Set();
    }
    grupo.push(p);
    for (const k of Object.keys(p.delta)) claves.add(k);
  }
  if (grupo.length > 0) await escribir(grupo);
  return resumen;
}

/** The newest change of each entity in the batch (by stream sequence). */
function ultimosCambios(cambios: readonly CambioEntidad[]): CambioEntidad[] {
  const ultimos = new Map<string, CambioEntidad>();
  for (const c of cambios) {
    const k = `${c.entidad}#${c.id}`;
    const previo = ultimos.get(k);
    if (!previo || compararSecuencia(c.secuencia, previo.secuencia) > 0) ultimos.set(k, c);
  }
  return [...ultimos.values()];
}

/** Reads the stored contributions (AGGC items) of these entities, in parallel requests of 100, and remembers them. */
async function leerContribuciones(porLeer: readonly CambioEntidad[]): Promise<void> {
  const partes = [];
  for (let i = 0; i < porLeer.length; i += 100) {
    partes.push(
      batchGetAll(
        porLeer.slice(i, i + 100).map((c) => aggKeys.contribucion(c.entidad, c.id)),
        { consistent: true },
      ),
    );
  }
  const leidas = (await Promise.all(partes)).flat();
  porLeer.forEach((c, i) => {
    const previa = aplicadaDe(leidas[i]);
    if (previa) recordar(c.entidad, c.id, previa);
  });
}

/**
 * One transaction: the group's contributions and one update per aggregate with their summed deltas.
 * Cancelled by a concurrent writer or a stale entry of this container, each entity is applied again
 * on its own from a fresh read.
 */
async function escribirGrupo(grupo: Pendiente[], zonaHorariaNegocio: string, resumen: Record<Resultado, number>): Promise<void> {
  const suma = grupo.reduce((acc, p) => sumarContribuciones(acc, p.delta), {} as Contribucion);
  const updates = Object.entries(suma).map(([clave, campos]) => actualizacion(claveDesde(clave), campos));
  try {
    await escribirTransaccion([...grupo.map((p) => ({ Put: p.put })), ...updates], { intentos: 1 });
    for (const p of grupo) {
      recordar(p.cambio.entidad, p.cambio.id, { secuencia: p.cambio.secuencia, contribucion: p.nueva });
      resumen[esVacia(p.delta) ? 'sin-cambios' : 'aplicado']++;
    }
  } catch (error) {
    if (!reintentable(error)) throw error;
    for (const p of grupo) aplicadasRecientes.delete(claveReciente(p.cambio.entidad, p.cambio.id));
    for (const p of grupo) resumen[await aplicarCambio(p.cambio, zonaHorariaNegocio)]++;
  }
}

/** A numeric field of an aggregate item (0 when absent or missing). */
export const campo = (item: Record<string, unknown> | undefined, nombre: string): number =>
  typeof item?.[nombre] === 'number' ? (item[nombre] as number) : 0;
