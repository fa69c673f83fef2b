import { errorsTexts } from '@cuota/shared/texts/errors';
import { AppError, TooManyRequestsError } from './errors';
import { logger } from './logger';

/**
 * AWS faults that outlasted the SDK's own retries (and ours, for transactions): told as what they
 * are — the service is saturated or momentarily failing, try again — never as an internal error.
 * Nothing was written by the failed call's own request (a transaction commits whole or not at all;
 * commons/transaccion.ts settles an uncertain one), and money writes carry an Idempotency-Key, so
 * the caller's retry is safe.
 */
export class ServicioSaturado extends AppError {
  constructor() {
    super(503, 'SERVICIO_SATURADO', errorsTexts.servicioSaturado);
  }
}

const SATURACION = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'RequestLimitExceeded',
  'InternalServerError',
  'InternalErrorException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'TransactionInProgressException',
]);

/** The typed error for an AWS SDK fault of saturation (503) or a request limit (429), or null. */
export function errorDeServicio(error: unknown): AppError | null {
  const name = (error as { name?: string } | null)?.name ?? '';
  const tipado =
    name === 'TooManyRequestsException' ? new TooManyRequestsError() : SATURACION.has(name) ? new ServicioSaturado() : null;
  // still worth an alarm: a table or a quota too small shows here first
  if (tipado) logger.warn('servicio de AWS saturado', { error: name, status: tipado.status });
  return tipado;
}
