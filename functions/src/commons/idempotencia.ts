import { createHash } from 'node:crypto';
import { pagosTexts } from '@cuota/shared/texts/pagos';
import { ValidationError } from './errors';

/**
 * `Idempotency-Key` (api.md): the same key from the same caller gets the first request's answer and
 * changes nothing more. Its record (`keys.idempotencia`) expires after this many hours (TTL expira_en).
 */
export const IDEMPOTENCIA_HORAS = 24;
const CLAVE = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The header's value (headers arrive lower-cased from API Gateway and the local gateway), validated. */
export function claveIdempotencia(headers: Record<string, string | undefined>): string | null {
  const raw = headers['idempotency-key'] ?? headers['Idempotency-Key'];
  if (raw === undefined) return null;
  const clave = raw.trim();
  if (!CLAVE.test(clave)) throw new ValidationError({ 'Idempotency-Key': pagosTexts.idempotenciaClave });
  return clave;
}

/** SHA-256 of the request's meaningful fields in a canonical order. Callers leave secrets (card data) out. */
export function huella(partes: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(partes)
      .sort()
      .map((k) => [k, partes[k] ?? null]),
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/** The epoch second at which a record written at `now` expires. */
export const expiraEn = (now: Date) => Math.floor(now.getTime() / 1000) + IDEMPOTENCIA_HORAS * 3600;
