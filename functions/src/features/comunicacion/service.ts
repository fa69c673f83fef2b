/** Comunicación's use cases on campaigns and segments (the sender: envio.ts; the mass push: push-masivo.ts). */
import { CREDITO_ESTADOS, type Campana, type CampanaCrear, type Segmento } from '@cuota/shared';
import { comunicacionTexts as t } from '@cuota/shared/texts/comunicacion';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { ulid } from 'ulid';
import { actorDe, type Caller } from '#commons/auth';
import { CondicionFallida, ConflictError, NotFoundError, TransaccionCancelada } from '#commons/errors';
import { actividadPut } from '#commons/registro';
import { escribirTransaccion, escribirUna } from '#commons/transaccion';
import { campanaDeItem } from '#entities/campana';
import { particionClientes } from '#entities/cliente';
import { particionCreditosEstado } from '#entities/credito';
import { puedeEnviarse, type CambioMembresia } from './domain';
import {
  altaMiembroOp,
  bajaMiembroOp,
  contadorSegmentosOp,
  crearCampanaOp,
  enviarCampanaOp,
  marcaSegmentosOp,
  redespacharOp,
  tocarOp,
} from './escrituras';
import { contarSegmento, leerCampana, paginaDeClaves, segmentosIndexados } from './store';

// ---------------------------------------------------------------- campaigns

/** Spec §7: a borrador with enviado_por = the caller and total_destinatarios = the segment's count. */
export async function crearCampana(input: CampanaCrear, caller: Caller, now = new Date()): Promise<Campana> {
  const campana: Campana = {
    id: ulid(now.getTime()),
    ...input,
    enviado_por: caller.userId,
    estado: 'borrador',
    total_destinatarios: await contarSegmento(input.segmento),
    enviados: 0,
    fallidos: 0,
    omitidos: 0,
    created_at: now.toISOString(),
    iniciado_en: null,
    completado_en: null,
  };
  const actividad = actividadPut({
    tipo_actividad: 'create',
    descripcion: t.actividadCampanaCreada(input.nombre),
    ...actorDe(caller),
    now,
  });
  await escribirTransaccion([crearCampanaOp(campana), actividad]);
  return campana;
}

/**
 * 'Enviar': borrador → enviando, or the resume of an enviando/error campaign. It sets a new
 * `despacho` token: the stream delivers that change to the sender (comunicacion/despachar-campanas),
 * which takes the campaign's lease. A borrador's total_destinatarios is refreshed to the segment's
 * count at this moment. Conditional on the estado that was read.
 */
export async function enviarCampana(id: string, caller: Caller, now = new Date()): Promise<Campana> {
  const item = await leerCampana(id);
  if (!item) throw new NotFoundError(t.campanaNoEncontrada);
  const actual = campanaDeItem(item);
  if (!puedeEnviarse(actual.estado))
    throw new ConflictError(t.campanaNoEnviable(t.campanas.estados[actual.estado]), 'CAMPANA_NO_ENVIABLE');
  const total = actual.estado === 'borrador' ? await contarSegmento(actual.segmento) : actual.total_destinatarios;
  const cambio = () => new ConflictError(errorsTexts.conflict, 'CAMPANA_CAMBIO');
  await escribirTransaccion([
    enviarCampanaOp(id, actual.estado, total, now, cambio),
    actividadPut({ tipo_actividad: 'update', descripcion: t.actividadCampanaEnviada(actual.nombre), ...actorDe(caller), now }),
  ]);
  return campanaDeItem((await leerCampana(id)) ?? item);
}

/** Sets a new despacho on a stale enviando campaign (the stream then re-runs the sender); false if it moved. */
export async function redespachar(id: string, antes: Date, now = new Date()): Promise<boolean> {
  try {
    await escribirUna(redespacharOp(id, antes, now));
    return true;
  } catch (error) {
    if (error instanceof CondicionFallida) return false;
    throw error;
  }
}

// ---------------------------------------------------------------- segment membership

const miembroOp = (c: CambioMembresia, now: Date) =>
  c.miembro ? altaMiembroOp(c.segmento, c.clienteId, now) : bajaMiembroOp(c.segmento, c.clienteId);

function contadorOp(grupo: CambioMembresia[]) {
  const deltas: Partial<Record<Segmento, number>> = {};
  for (const c of grupo) deltas[c.segmento] = (deltas[c.segmento] ?? 0) + (c.miembro ? 1 : -1);
  return contadorSegmentosOp(deltas);
}

/** Consecutive changes of at most 90, a client at most once per segment (a transaction may not touch one item twice). */
function grupos(cambios: CambioMembresia[]): CambioMembresia[][] {
  const out: CambioMembresia[][] = [];
  for (let i = 0; i < cambios.length;) {
    const grupo: CambioMembresia[] = [];
    const vistos = new Set<string>();
    while (i < cambios.length && grupo.length < 90 && !vistos.has(`${cambios[i]!.segmento}#${cambios[i]!.clienteId}`)) {
      vistos.add(`${cambios[i]!.segmento}#${cambios[i]!.clienteId}`);
      grupo.push(cambios[i++]!);
    }
    out.push(grupo);
  }
  return out;
}

/** One change with its counter; false when it was already applied. */
async function aplicarUno(c: CambioMembresia, now: Date): Promise<boolean> {
  try {
    await escribirTransaccion([miembroOp(c, now), ...contadorOp([c])]);
    return true;
  } catch (error) {
    if (error instanceof CondicionFallida && error.indice === 0) return false;
    throw error;
  }
}

/**
 * Membership writes with the segment counters moved in the same transaction: a put only if the
 * member is absent, a delete only if present, so a repeated change moves nothing. Several changes
 * share one transaction (one counter update); a transaction that meets an already-applied change
 * falls back to applying them one by one.
 */
export async function aplicarCambiosMembresia(cambios: CambioMembresia[], now = new Date()): Promise<number> {
  let aplicados = 0;
  for (const grupo of grupos(cambios)) {
    try {
      await escribirTransaccion([...grupo.map((c) => miembroOp(c, now)), ...contadorOp(grupo)]);
      aplicados += grupo.length;
    } catch (error) {
      // some change was already applied, or the group kept meeting others: one by one
      if (!(error instanceof TransaccionCancelada)) throw error;
      for (const c of grupo) if (await aplicarUno(c, now)) aplicados++;
    }
  }
  return aplicados;
}

/** Touches every item of an index partition, 25 at a time (one that is gone meanwhile is skipped). */
async function tocarParticion(indice: 'gsi1' | 'gsi2', particion: string, now: Date): Promise<number> {
  let total = 0;
  let desde: Record<string, unknown> | undefined;
  do {
    const { claves, siguiente } = await paginaDeClaves(indice, particion, desde);
    for (let i = 0; i < claves.length; i += 25) {
      await Promise.all(
        claves.slice(i, i + 25).map((clave) =>
          escribirUna(tocarOp(clave, now)).catch((error: unknown) => {
            if (!(error instanceof CondicionFallida)) throw error;
          }),
        ),
      );
    }
    total += claves.length;
    desde = siguiente;
  } while (desde);
  return total;
}

/**
 * One-off migration for data written before segments existed: touches every client and credit
 * (paged by key through their list indexes, never scanned) so that their stream records make the
 * aggregates consumer add the per-client segment counts; membership follows. Idempotent, guarded
 * by a marker item; answers null when it already ran. The local stack runs it at start.
 */
export async function reindexarSegmentos(now = new Date()): Promise<{ clientes: number; creditos: number } | null> {
  if (await segmentosIndexados()) return null;
  const clientes = await tocarParticion('gsi1', particionClientes(), now);
  let creditos = 0;
  for (const estado of CREDITO_ESTADOS) creditos += await tocarParticion('gsi2', particionCreditosEstado(estado), now);
  await escribirUna(marcaSegmentosOp(clientes, creditos, now));
  return { clientes, creditos };
}
