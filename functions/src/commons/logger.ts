import { Logger } from '@aws-lambda-powertools/logger';

export const REDACTED = '[REDACTED]';

/** Attribute names whose value is never written: passwords, secrets, tokens, card data. */
const SENSITIVE_KEY = /passw|contrase|secret|token|authorization|cookie|api[-_]?key|private|cvv|numero_tarjeta/i;

/**
 * Credential shapes inside any logged text (an error message that quotes a value, say): Stripe
 * keys as the settings store them (`sk_…`, `rk_…`, `pk_…`), JWTs and bearer tokens.
 */
const SECRET_TEXT = [
  /\b(?:sk|rk|pk)_(?:live_|test_)?[0-9A-Za-z]{6,}/g,
  /\beyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]*/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi,
];

/**
 * The logger's JSON replacer: the Stripe-style settings and other secrets never reach the logs,
 * whoever logs them and however (attribute, nested object, error message or stack).
 */
export function redactar(key: string, value: unknown): unknown {
  if (key && SENSITIVE_KEY.test(key) && value !== undefined && value !== null && value !== '') return REDACTED;
  if (typeof value === 'string') return SECRET_TEXT.reduce((text, re) => text.replace(re, REDACTED), value);
  return value;
}

/** Structured JSON logs, built once per cold start. */
export const logger = new Logger({
  serviceName: 'cuota-api',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | undefined) ?? 'INFO',
  jsonReplacerFn: redactar,
});
