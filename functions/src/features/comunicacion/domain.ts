/**
 * Mass communication as pure functions (no AWS imports): segment membership, the campaign state
 * machine, email personalization, how SES errors are treated, the send pacing and the mass push's ids.
 */
import { createHash } from 'node:crypto';
import { CAMPANA_ESTADOS_ENVIABLES, SEGMENTOS, type CampanaEstado, type Segmento } from '@cuota/shared';
import { comunicacionTexts } from '@cuota/shared/texts/comunicacion';

// ---------------------------------------------------------------- segments

/**
 * Which segments a client belongs to, from its per-client aggregate (aggKeys.segmentosCliente,
 * kept by the aggregates consumer): todos while the client exists, activos with ≥ 1 vigente or
 * al_dia credit, morosos with ≥ 1 credit vencido or with saldo_mora > 0. null (deleted item) = none.
 */
export function segmentosDe(agregado: Record<string, unknown> | null | undefined): Record<Segmento, boolean> {
  const n = (campo: string) => (typeof agregado?.[campo] === 'number' ? (agregado[campo] as number) : 0);
  return { todos: n('cliente') > 0, activos: n('creditos_activos') > 0, morosos: n('creditos_morosos') > 0 };
}

export interface CambioMembresia {
  segmento: Segmento;
  clienteId: string;
  miembro: boolean;
}

/**
 * The membership writes one change of a client's aggregate asks for: every segment whose desired
 * state differs between the old and the new image. Each write is conditional (put only if absent,
 * delete only if present), so a redelivered record changes nothing twice.
 */
export function cambiosMembresia(
  clienteId: string,
  anterior: Record<string, unknown> | null | undefined,
  nuevo: Record<string, unknown> | null | undefined,
): CambioMembresia[] {
  const antes = segmentosDe(anterior);
  const despues = segmentosDe(nuevo);
  // without an old image (INSERT) every desired membership is written; absent ones are no-ops
  return SEGMENTOS.filter((s) => (anterior ? antes[s] !== despues[s] : despues[s])).map((segmento) => ({
    segmento,
    clienteId,
    miembro: despues[segmento],
  }));
}

// ---------------------------------------------------------------- campaign states

/** 'Enviar' starts a borrador and resumes an enviando (stale) or error campaign; completado and programado refuse. */
export const puedeEnviarse = (estado: CampanaEstado): boolean =>
  (CAMPANA_ESTADOS_ENVIABLES as readonly string[]).includes(estado);

/** A finished run: error when nothing could be sent and something failed, completado otherwise. */
export function estadoFinal(conteos: { enviados: number; fallidos: number }): 'completado' | 'error' {
  return conteos.enviados === 0 && conteos.fallidos > 0 ? 'error' : 'completado';
}

// ---------------------------------------------------------------- content

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escaparHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * `{nombre}` and `{apellido}` in the subject and bodies become the recipient's (HTML-escaped in the
 * HTML body). Other braces are left as written.
 */
export function personalizar(
  plantilla: { asunto: string; html: string; texto: string },
  cliente: { nombre?: string | null; apellido?: string | null },
): { asunto: string; html: string; texto: string } {
  const vars = { nombre: cliente.nombre ?? '', apellido: cliente.apellido ?? '' };
  const rellenar = (s: string, esc: (v: string) => string) =>
    s.replace(/\{(nombre|apellido)\}/g, (_m, k: 'nombre' | 'apellido') => esc(vars[k]));
  return {
    asunto: rellenar(plantilla.asunto, (v) => v),
    html: rellenar(plantilla.html, escaparHtml),
    texto: rellenar(plantilla.texto, (v) => v),
  };
}

/** A usable recipient address (what SES would accept as a mailbox), else null → omitido. */
export function emailUtilizable(email: unknown): string | null {
  if (typeof email !== 'string') return null;
  const e = email.trim();
  return /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/.test(e) && e.length <= 254 ? e : null;
}

// ---------------------------------------------------------------- SES outcomes

/**
 * How the sender treats an SES error (by exception name and HTTP status). The SDK client makes a
 * single attempt, so a "sent or not?" doubt is never retried blindly:
 * - reintentar: SES refused before sending (throttling): the same claim is retried with back-off.
 * - incierto: the answer was lost or SES failed on its side (5xx, timeout, connection reset): the
 *   message may have gone out; the delivery ledger decides (enviado, or not sent → send again).
 * - fallido: this message was refused (bad address, rejected content): recorded as fallido.
 * - fatal: the account or configuration cannot send at all (suspended, paused, unverified identity,
 *   daily quota exhausted, no credentials, SES unreachable): nothing was sent, the claims are
 *   released and the campaign stops in error, resumable with 'Enviar' once fixed.
 */
export type TratamientoError = 'reintentar' | 'incierto' | 'fallido' | 'fatal';
export function tratamientoErrorSes(
  nombre: string | undefined,
  status?: number,
  codigo?: string,
  mensaje?: string,
): TratamientoError {
  if (codigo === 'ECONNREFUSED' || codigo === 'ENOTFOUND') return 'fatal';
  // the daily quota may come as a throttling error: retrying it would only wait for tomorrow
  if (CUOTA_DIARIA.test(mensaje ?? '')) return 'fatal';
  switch (nombre) {
    case 'TooManyRequestsException':
    case 'ThrottlingException':
    case 'Throttling':
      return 'reintentar';
    case 'AccountSuspendedException':
    case 'SendingPausedException':
    case 'MailFromDomainNotVerifiedException':
    case 'NotFoundException':
    case 'LimitExceededException':
    case 'AccessDeniedException':
    case 'UnrecognizedClientException':
    case 'InvalidClientTokenId':
    case 'CredentialsProviderError':
      return 'fatal';
    case 'BadRequestException':
    case 'MessageRejected':
      return 'fallido';
    default:
      if (status === 429) return 'reintentar';
      if (status !== undefined && status >= 400 && status < 500) return 'fallido';
      return 'incierto';
  }
}

const CUOTA_DIARIA = /daily message quota/i;

/**
 * Why a campaign stopped on a fatal SES error, in Spanish for the staff (quota, paused or suspended
 * account, anything else), with SES's own words after it for whoever fixes the account.
 */
export function motivoErrorSes(nombre: string | undefined, mensaje: string | undefined): string {
  const detalle = `${nombre ?? 'Error'}: ${mensaje ?? ''}`.slice(0, 300);
  const t = comunicacionTexts.erroresSes;
  if (nombre === 'LimitExceededException' || CUOTA_DIARIA.test(mensaje ?? '')) return t.cuotaDiaria(detalle);
  if (nombre === 'SendingPausedException') return t.envioPausado(detalle);
  if (nombre === 'AccountSuspendedException') return t.cuentaSuspendida(detalle);
  return t.otro(detalle);
}

/** Back-off before retry `intento` (1, 2, …): 200 ms doubling, at most 5 s, with jitter. */
export const esperaReintento = (intento: number, azar = Math.random()): number =>
  Math.round(Math.min(5000, 200 * 2 ** (intento - 1)) * (0.5 + azar / 2));

/** How long to wait after a batch of `enviados` sends that took `duracionMs`, to stay within `porSegundo`. */
export function pausaParaTasa(enviados: number, duracionMs: number, porSegundo: number): number {
  if (enviados <= 0 || porSegundo <= 0) return 0;
  return Math.max(0, Math.ceil((enviados * 1000) / porSegundo) - duracionMs);
}

// ---------------------------------------------------------------- mass push

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The id of a mass push's notification to one user: the envío's ULID time (10 characters, so the
 * notifications still sort by time) and 16 characters of SHA-256(envío, user). The same envío sent
 * again (a retry with its Idempotency-Key, or a resume after a crash) names the same notifications,
 * so a put-if-absent writes each one once.
 */
export function idNotificacionMasiva(envioId: string, userId: string): string {
  const digest = createHash('sha256').update(`${envioId}#${userId}`).digest();
  let sufijo = '';
  for (let i = 0; i < 16; i++) sufijo += CROCKFORD[digest[i]! & 31];
  return `${envioId.slice(0, 10)}${sufijo}`;
}
