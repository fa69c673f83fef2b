import { TEXTS } from '@cuota/shared';
import { toast } from '@cuota/shared/ui';
import { errorMessage, isApiError } from '@cuota/shared/web';

/** Spec §8: a weak password is told in a toast with the first rule; admins under 16 have their own title. */
export function toastPassword(message: string | undefined): boolean {
  if (!message) return false;
  if (message === TEXTS.password.adminMin) toast.error(TEXTS.usuarios.adminPassword, message);
  else toast.error(TEXTS.usuarios.weakPassword, message);
  return true;
}

/**
 * A failed request: the server's per-field messages go to their fields (the typed values stay)
 * and the §8 toast tells what happened.
 */
export function reportServerError(error: unknown, setField: (name: string, message: string) => void): void {
  if (isApiError(error)) {
    for (const [name, message] of Object.entries(error.details)) setField(name, message);
    if (toastPassword(error.details.password)) return;
  }
  toast.error(TEXTS.errors.genericTitle, errorMessage(error, TEXTS.errors.internal));
}
