/** Comunicación's reads: segments, contacts, campaigns, recipients and mass-push records (writes: escrituras.ts). */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Campana, ComunicacionResumen, Page, Segmento } from '@cuota/shared';
import { batchGetAll, ddb, tableName } from '#commons/db';
import { paginaReciente } from '#commons/pagina';
import { aggKeys, claveMarcaSegmentos } from '#entities/agregados';
import { campanaDeItem, claveCampana, particionCampanas, particionCampanasEnviando, type CampanaItem } from '#entities/campana';
import { claveCampanaDestinatario, type CampanaDestinatarioItem } from '#entities/campana-destinatario';
import { claveCliente, type ClienteItem } from '#entities/cliente';
import type { EnvioMasivoItem } from '#entities/envio-masivo';
import { particionEnviosMasivosEnCurso } from '#entities/idempotencia';
import { inicioPaginaSegmento, particionSegmento, type SegmentoMiembroItem } from '#entities/segmento-miembro';

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const textoONull = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

async function leer<T>(Key: { pk: string; sk: string }): Promise<T | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  return (out.Item as T | undefined) ?? null;
}

// ---------------------------------------------------------------- segments

/** The three stat cards: one GetItem of the segment counters (kept with every membership change). */
export async function resumenComunicacion(): Promise<ComunicacionResumen> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: aggKeys.segmentos() }));
  return {
    total_clientes: Math.max(0, num(out.Item?.todos)),
    clientes_activos: Math.max(0, num(out.Item?.activos)),
    clientes_morosos: Math.max(0, num(out.Item?.morosos)),
  };
}

export async function contarSegmento(segmento: Segmento): Promise<number> {
  const r = await resumenComunicacion();
  return segmento === 'todos' ? r.total_clientes : segmento === 'activos' ? r.clientes_activos : r.clientes_morosos;
}

/** One page of a segment's members (client ids in key order) after `desde` (the sk of the last one seen). */
export async function paginaSegmento(
  segmento: Segmento,
  opts: { desde?: string | null; limite: number },
): Promise<{ clienteIds: string[]; ultimo: string | null; fin: boolean }> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': particionSegmento(segmento) },
      ProjectionExpression: 'sk, cliente_id',
      Limit: opts.limite,
      ExclusiveStartKey: opts.desde ? inicioPaginaSegmento(segmento, opts.desde) : undefined,
    }),
  );
  const items = (out.Items ?? []) as Array<Pick<SegmentoMiembroItem, 'sk' | 'cliente_id'>>;
  return {
    clienteIds: items.map((i) => String(i.cliente_id)),
    ultimo: items.length ? String(items[items.length - 1]!.sk) : (opts.desde ?? null),
    fin: !out.LastEvaluatedKey,
  };
}

/** Whether every client and credit has fed the per-client segment aggregates (see reindexarSegmentos). */
export const segmentosIndexados = async (): Promise<boolean> => (await leer(claveMarcaSegmentos())) !== null;

/** One page of the keys of an index partition (reindexarSegmentos touches each). */
export async function paginaDeClaves(
  indice: 'gsi1' | 'gsi2',
  particion: string,
  desde: Record<string, unknown> | undefined,
): Promise<{ claves: Array<{ pk: string; sk: string }>; siguiente: Record<string, unknown> | undefined }> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: indice,
      KeyConditionExpression: `${indice}pk = :p`,
      ExpressionAttributeValues: { ':p': particion },
      ProjectionExpression: 'pk, sk',
      Limit: 100,
      ExclusiveStartKey: desde,
    }),
  );
  return { claves: (out.Items ?? []) as Array<{ pk: string; sk: string }>, siguiente: out.LastEvaluatedKey };
}

// ---------------------------------------------------------------- contacts

export interface ClienteContacto {
  id: string;
  nombre: string | null;
  apellido: string | null;
  email: string | null;
  user_id: string | null;
}

/** The clients' current contact data (BatchGet of their records, in order; a missing one is null). */
export async function contactos(clienteIds: string[]): Promise<Array<ClienteContacto | null>> {
  const items = (await batchGetAll(clienteIds.map((id) => claveCliente(id)))) as Array<Partial<ClienteItem> | undefined>;
  return items.map((item, i) =>
    item
      ? {
          id: clienteIds[i]!,
          nombre: textoONull(item.nombre),
          apellido: textoONull(item.apellido),
          email: textoONull(item.email),
          user_id: textoONull(item.user_id),
        }
      : null,
  );
}

// ---------------------------------------------------------------- campaigns

export const leerCampana = (id: string): Promise<CampanaItem | null> => leer<CampanaItem>(claveCampana(id));

/** Spec §9: campaigns newest first (gsi1 CAMPANAS), 10 by default. */
export async function listarCampanas(opts: { limit: number; cursor?: string }): Promise<Page<Campana>> {
  return paginaReciente({ pk: particionCampanas(), indice: 'gsi1' }, opts, (item) => campanaDeItem(item as CampanaItem));
}

/**
 * Campaigns in enviando whose lease expired before `antes` (the sender died, or yielded): the
 * sparse gsi3 partition CAMPANAS#ENVIANDO sorted by lease expiry; read by key, never scanned.
 */
export async function campanasEstancadas(antes: Date, limite = 25): Promise<string[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :antes',
      ExpressionAttributeValues: { ':pk': particionCampanasEnviando(), ':antes': antes.toISOString() },
      Limit: limite,
    }),
  );
  return ((out.Items ?? []) as CampanaItem[]).map((i) => String(i.id));
}

/** A recipient item (claim and result) as stored. */
export const leerDestinatario = (campanaId: string, clienteId: string): Promise<CampanaDestinatarioItem | null> =>
  leer<CampanaDestinatarioItem>(claveCampanaDestinatario(campanaId, clienteId));

// ---------------------------------------------------------------- mass push records

export const leerEnvioMasivo = (registro: { pk: string; sk: string }): Promise<EnvioMasivoItem | null> =>
  leer<EnvioMasivoItem>(registro);

/**
 * Sends whose lease expired before `antes` (a request timed out, crashed or handed the send back and
 * was not repeated): the sparse gsi3 partition ENVIOS_MASIVOS#EN_CURSO by lease expiry, read by key.
 */
export async function enviosEstancados(antes: Date, limite = 10): Promise<EnvioMasivoItem[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :antes',
      ExpressionAttributeValues: { ':pk': particionEnviosMasivosEnCurso(), ':antes': antes.toISOString() },
      Limit: limite,
    }),
  );
  return (out.Items ?? []) as EnvioMasivoItem[];
}
