import { TEXTS } from '@cuota/shared';
import { toast } from '@cuota/shared/ui';
import { errorMessage, isApiError, toastPasswordError } from '@cuota/shared/web';

/**
 * A failed request: the server's per-field messages go to their fields (the typed values stay)
 * and the §8 toast tells what happened.
 */
export function reportServerError(error: unknown, setField: (name: string, message: string) => void): void {
  if (isApiError(error)) {
    for (const [name, message] of Object.entries(error.details)) setField(name, message);
    if (toastPasswordError(error.details.password)) return;
  }
  toast.error(TEXTS.errors.genericTitle, errorMessage(error, TEXTS.errors.internal));
}
