import {
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { ddb, tableName } from './db';
import { espera, pausa } from './reintento';
import { CondicionFallida, TransaccionCancelada, TransaccionOcupada } from './errors';
import { logger } from './logger';
import { ServicioSaturado } from './saturacion';

/**
 * The one write path for conditional and multi-item writes. Features build operations and hand
 * them here; none catches `TransactionCanceledException` or sleeps between attempts itself.
 *
 * Public API (stable: other branches build on it):
 *   - `Accion`               one raw TransactWriteItems element ({ Put } | { Update } | { Delete } | { ConditionCheck }).
 *   - `Operacion`            { accion, siFalla? }: an action plus the typed error to throw when ITS condition fails.
 *   - `put(item, opc?)`, `actualizar(key, expr, opc?)`, `borrar(key, opc?)`, `comprobar(key, cond, opc?)`
 *                            build an Operacion on this table; `opc` = { condicion?, nombres?, valores?, siFalla? }.
 *   - `conError(accion, siFalla)` attaches an error to an already-built Accion.
 *   - `escribirTransaccion(elementos, opc?)` writes Operacion | Accion items in ONE TransactWriteItems:
 *        conflicts, throttling and internal errors are retried (bounded, `opc.intentos`, default
 *        INTENTOS) with `pausa`; after an uncertain outcome (internal error) every later send repeats
 *        its ClientRequestToken, so the transaction commits at most once;
 *        a failed condition at item i throws item i's `siFalla` (the first failing item in order),
 *        or CondicionFallida(i) when it has none; retries exhausted throw `opc.siOcupada?.()` or
 *        TransaccionOcupada. Any other error is rethrown as it came. More than MAX_ACCIONES items is a bug.
 *        `opc.enviar` replaces the DynamoDB call (tests inject faults with it).
 *   - `escribirUna(op, opc?)` one conditional Put/Update/Delete without a transaction (half the write
 *        cost), with the same retry policy and the same error mapping (index 0).
 *   - `conReintentos(fn, { intentos, reintentar, siAgota })` runs a read-check-write round again,
 *        after `pausa` (none with `sinPausa`: a new draw, not contention), while it throws an error
 *        `reintentar` accepts (default: any TransaccionCancelada, e.g. a condition on a value read).
 *   - `pausa(intento)` / `espera(intento)` the single back-off: jittered exponential, capped.
 *   - `motivosDe(error)` DynamoDB's cancellation reasons of an error, or null (for this module and
 *        its tests; features read `TransaccionCancelada.motivos` instead).
 * Errors (commons/errors.ts): TransaccionCancelada (409, with `motivos`) ⊃ CondicionFallida (`indice`)
 * and TransaccionOcupada (code OCUPADO).
 */

export type Accion = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
/** The domain error to throw when the operation's condition fails (a function may read the state again). */
export type SiFalla = Error | (() => Error | Promise<Error>);
export interface Operacion {
  accion: Accion;
  siFalla?: SiFalla;
}
export type Elemento = Operacion | Accion;

/** DynamoDB's limit on one TransactWriteItems call. */
export const MAX_ACCIONES = 100;
/** Attempts of one write when it meets conflicting transactions or throttling. */
export const INTENTOS = 6;

type Clave = Record<string, unknown>;
export interface OpcionesOperacion {
  condicion?: string;
  nombres?: Record<string, string>;
  valores?: Record<string, unknown>;
  siFalla?: SiFalla;
}

function condicionDe(opc: OpcionesOperacion) {
  return {
    ...(opc.condicion ? { ConditionExpression: opc.condicion } : {}),
    ...(opc.nombres && Object.keys(opc.nombres).length > 0 ? { ExpressionAttributeNames: opc.nombres } : {}),
    ...(opc.valores && Object.keys(opc.valores).length > 0 ? { ExpressionAttributeValues: opc.valores } : {}),
  };
}

export const conError = (accion: Accion, siFalla?: SiFalla): Operacion => ({ accion, siFalla });

export function put(Item: Clave, opc: OpcionesOperacion = {}): Operacion {
  return { accion: { Put: { TableName: tableName(), Item, ...condicionDe(opc) } }, siFalla: opc.siFalla };
}

export function actualizar(Key: Clave, UpdateExpression: string, opc: OpcionesOperacion = {}): Operacion {
  return { accion: { Update: { TableName: tableName(), Key, UpdateExpression, ...condicionDe(opc) } }, siFalla: opc.siFalla };
}

export function borrar(Key: Clave, opc: OpcionesOperacion = {}): Operacion {
  return { accion: { Delete: { TableName: tableName(), Key, ...condicionDe(opc) } }, siFalla: opc.siFalla };
}

export function comprobar(Key: Clave, condicion: string, opc: Omit<OpcionesOperacion, 'condicion'> = {}): Operacion {
  return {
    accion: { ConditionCheck: { TableName: tableName(), Key, ...condicionDe(opc), ConditionExpression: condicion } },
    siFalla: opc.siFalla,
  };
}

const esOperacion = (e: Elemento): e is Operacion => 'accion' in e;

// ---------------------------------------------------------------- retry policy

export { espera, pausa };

const MOTIVOS_TRANSITORIOS = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);
const ERRORES_TRANSITORIOS = new Set([
  'TransactionConflictException',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  // not TransactionInProgressException: it means an earlier send of this very transaction may still
  // commit, and a new send would be a second transaction (its conditions would then report a write
  // that succeeded as a failure); it is rethrown as it came, unless the send repeats the same
  // ClientRequestToken (see below)
]);
/**
 * An InternalServerError (or TransactionInProgressException) leaves a transaction's outcome unknown:
 * the send may have committed. The call therefore keeps ONE ClientRequestToken from then on, for
 * every later send, whatever those sends answer, as the SDK does for its own retries (the items are
 * the same array on every send, so DynamoDB never sees IdempotentParameterMismatch):
 *   - DynamoDB answers a send whose token already committed (within 10 minutes) with success and
 *     no change, and one still running with TransactionInProgressException (waited for likewise);
 *   - so a later throttle or conflict, then a success, is the first commit and never a second one,
 *     and a failed condition on a same-token send means the earlier send did not commit either.
 * DynamoDB documents only the committed case. A send that was cancelled does not use up its token
 * in DynamoDB Local (the same token is executed again: checked in transaccion.test.ts); should the
 * service instead answer a cancelled token with the same cancellation, keeping the token after an
 * uncertain send costs only a false 503, never a double write. Before any uncertain
 * send, a definite cancellation (conflict, throttled item) surely did not commit, so the next send
 * takes a new token: contention retries behave the same under either reading.
 */
const ERRORES_INCIERTOS = new Set(['InternalServerError', 'TransactionInProgressException']);

/** DynamoDB's cancellation reasons ('ConditionalCheckFailed', 'TransactionConflict', 'None'…), or null. */
export function motivosDe(error: unknown): string[] | null {
  const e = error as { name?: string; CancellationReasons?: Array<{ Code?: string }> } | null;
  if (e?.name !== 'TransactionCanceledException') return null;
  return (e.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

async function errorDe(siFalla: SiFalla | undefined, indice: number, motivos: string[]): Promise<Error> {
  if (!siFalla) return new CondicionFallida(indice, motivos);
  return typeof siFalla === 'function' ? await siFalla() : siFalla;
}

export interface OpcionesEscritura {
  intentos?: number;
  /** The error when conflicts or throttling outlast the attempts (default TransaccionOcupada). */
  siOcupada?: (motivos: readonly string[]) => Error;
  /** Replaces the DynamoDB call (tests). */
  enviar?: (input: TransactWriteCommandInput) => Promise<unknown>;
}

const enviarDynamo = (input: TransactWriteCommandInput) => ddb.send(new TransactWriteCommand(input));

/** Writes all items in ONE TransactWriteItems; see the header for retries and errors. */
/** A transaction whose outcome stayed unknown through every resend of its token: 503, never "busy". */
function sinResultado(ultimo: string): ServicioSaturado {
  logger.warn('transacción sin resultado cierto', { error: ultimo });
  return new ServicioSaturado();
}

export async function escribirTransaccion(elementos: readonly Elemento[], opc: OpcionesEscritura = {}): Promise<void> {
  if (elementos.length === 0) return;
  if (elementos.length > MAX_ACCIONES) {
    throw new Error(`la transacción tiene ${elementos.length} elementos (máximo ${MAX_ACCIONES})`);
  }
  const ops = elementos.map((e) => (esOperacion(e) ? e : { accion: e }));
  const TransactItems = ops.map((o) => o.accion);
  const enviar = opc.enviar ?? enviarDynamo;
  const intentos = opc.intentos ?? INTENTOS;
  let ultimos: string[] = [];
  let ClientRequestToken = randomUUID();
  // once a send's outcome is unknown, every later send repeats its token (see ERRORES_INCIERTOS)
  let incierto = false;
  // a resend after an uncertain outcome finishes the same send: it counts apart from `intentos`
  // (callers that re-read after one attempt pass intentos: 1), within its own bound
  let inciertos = 0;
  for (let intento = 0; intento < intentos;) {
    if (intento + inciertos > 0) await pausa(intento + inciertos);
    try {
      await enviar({ TransactItems, ClientRequestToken });
      return;
    } catch (error) {
      const nombre = (error as Error | null)?.name ?? '';
      const motivos = motivosDe(error);
      if (motivos) {
        const fallida = motivos.indexOf('ConditionalCheckFailed');
        if (fallida >= 0) throw await errorDe(ops[fallida]?.siFalla, fallida, motivos);
        if (!motivos.some((m) => MOTIVOS_TRANSITORIOS.has(m))) throw error;
        ultimos = motivos;
      } else if (!ERRORES_INCIERTOS.has(nombre) && !ERRORES_TRANSITORIOS.has(nombre)) throw error;
      if (ERRORES_INCIERTOS.has(nombre)) incierto = true;
      if (incierto) {
        // An earlier send may have committed: only an answer to this same token settles it, so every
        // later throttle or conflict is another resend of it (own bound), never a failure a caller
        // could retry with rebuilt items and a new token. Unsettled: a 503 to the client, whose retry
        // with its Idempotency-Key finds the first write if it did commit.
        if (inciertos >= INTENTOS) throw sinResultado(nombre);
        inciertos++;
        continue;
      }
      intento++;
      if (motivos) ClientRequestToken = randomUUID();
    }
  }
  throw opc.siOcupada?.(ultimos) ?? new TransaccionOcupada(ultimos);
}

export interface OpcionesUna {
  intentos?: number;
  siOcupada?: (motivos: readonly string[]) => Error;
  /** Replaces the DynamoDB call (tests). */
  enviar?: (accion: Accion) => Promise<unknown>;
}

function enviarUna(accion: Accion): Promise<unknown> {
  if (accion.Put) return ddb.send(new PutCommand(accion.Put));
  if (accion.Update) return ddb.send(new UpdateCommand(accion.Update));
  if (accion.Delete) return ddb.send(new DeleteCommand(accion.Delete));
  throw new Error('escribirUna: solo Put, Update o Delete');
}

/** One conditional Put/Update/Delete without a transaction, with the same retries and error mapping. */
export async function escribirUna(elemento: Elemento, opc: OpcionesUna = {}): Promise<void> {
  const op = esOperacion(elemento) ? elemento : { accion: elemento };
  const enviar = opc.enviar ?? enviarUna;
  const intentos = opc.intentos ?? INTENTOS;
  for (let intento = 0; intento < intentos; intento++) {
    if (intento > 0) await pausa(intento);
    try {
      await enviar(op.accion);
      return;
    } catch (error) {
      const nombre = (error as Error | null)?.name ?? '';
      if (nombre === 'ConditionalCheckFailedException') throw await errorDe(op.siFalla, 0, ['ConditionalCheckFailed']);
      if (ERRORES_TRANSITORIOS.has(nombre)) continue;
      throw error;
    }
  }
  throw opc.siOcupada?.([]) ?? new TransaccionOcupada([]);
}

/**
 * A read-check-write round run again (after `pausa`) while it throws an error `reintentar`
 * accepts; `siAgota` is the error when the attempts run out. The round re-reads, so a retried
 * round acts on fresh values.
 */
export async function conReintentos<T>(
  ronda: (intento: number) => Promise<T>,
  opc: { intentos: number; reintentar?: (error: unknown) => boolean; siAgota: () => Error; sinPausa?: boolean },
): Promise<T> {
  const reintentar = opc.reintentar ?? ((e: unknown) => e instanceof TransaccionCancelada);
  for (let intento = 0; intento < opc.intentos; intento++) {
    if (intento > 0 && !opc.sinPausa) await pausa(intento);
    try {
      return await ronda(intento);
    } catch (error) {
      if (!reintentar(error)) throw error;
    }
  }
  throw opc.siAgota();
}
