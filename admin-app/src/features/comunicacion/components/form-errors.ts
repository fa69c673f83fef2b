import { TEXTS } from '@cuota/shared';
import { toast } from '@cuota/shared/ui';
import { errorMessage, isApiError } from '@cuota/shared/web';

/**
 * A failed send or create: the server's per-field messages go to their fields (what the admin
 * typed stays in the form) and a destructive toast says what failed and why.
 */
export function reportarError(
  error: unknown,
  titulo: string,
  campos: ReadonlySet<string>,
  setField: (name: string, message: string) => void,
): void {
  if (isApiError(error)) {
    for (const [name, message] of Object.entries(error.details)) if (campos.has(name)) setField(name, message);
  }
  toast.error(titulo, errorMessage(error, TEXTS.errors.internal));
}
