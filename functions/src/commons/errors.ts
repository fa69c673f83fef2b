import { CODIGO_MFA_REQUERIDA } from '@cuota/shared/roles';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { seguridadTexts } from '@cuota/shared/texts/seguridad';

/** One error model (api.md): typed errors with a code, mapped to a status in one place. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(details: Record<string, string>, message: string = errorsTexts.invalidInput) {
    super(400, 'VALIDATION_ERROR', message, details);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string = errorsTexts.unauthorized) {
    super(401, 'UNAUTHORIZED', message);
  }
}
export class ForbiddenError extends AppError {
  constructor() {
    super(403, 'FORBIDDEN', errorsTexts.forbidden);
  }
}
/** Staff without an enrolled authenticator app while staff MFA is required (commons/auth.ts `exigeMfa`). */
export class MfaRequeridaError extends AppError {
  constructor() {
    super(403, CODIGO_MFA_REQUERIDA, errorsTexts.mfaRequerida);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string = errorsTexts.notFound) {
    super(404, 'NOT_FOUND', message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string = errorsTexts.conflict, code = 'CONFLICT') {
    super(409, code, message);
  }
}
/**
 * Too many attempts: Cognito's own limits (password changes, reset codes) and ours
 * (commons/limites.ts), told in Spanish. `reintentarEnSegundos`, when known, is sent as Retry-After.
 */
export class TooManyRequestsError extends AppError {
  constructor(
    message: string = seguridadTexts.demasiadosIntentos,
    readonly reintentarEnSegundos?: number,
  ) {
    super(429, 'TOO_MANY_REQUESTS', message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor() {
    super(413, 'PAYLOAD_TOO_LARGE', errorsTexts.payloadTooLarge);
  }
}

/**
 * A cancelled transaction (commons/transaccion.ts), told as a conflict: `motivos` are DynamoDB's
 * cancellation reasons, one per item ('ConditionalCheckFailed', 'TransactionConflict', 'None'…).
 */
export class TransaccionCancelada extends ConflictError {
  constructor(
    readonly motivos: readonly string[],
    message: string,
    code: string,
  ) {
    super(message, code);
  }
}
/** The condition of item `indice` failed and that item named no error of its own. */
export class CondicionFallida extends TransaccionCancelada {
  constructor(
    readonly indice: number,
    motivos: readonly string[],
  ) {
    super(motivos, errorsTexts.conflict, 'CONFLICT');
  }
}
/** Conflicting transactions or throttling outlasted the retries. */
export class TransaccionOcupada extends TransaccionCancelada {
  constructor(motivos: readonly string[]) {
    super(motivos, errorsTexts.concurrente, 'OCUPADO');
  }
}
