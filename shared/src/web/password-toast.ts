import { authTexts } from '../texts/auth';
import { passwordTexts } from '../texts/password';
import { toast } from '../ui/toast';

/**
 * Spec §5/§8: a refused password is told in a toast with its first rule, titled 'Contraseña no
 * segura', or 'Contraseña de administrador insuficiente' for the admin 16-character rule. The same
 * for a browser check and for the server's answer. False when there is nothing to tell.
 */
export function toastPasswordError(message: string | undefined): boolean {
  if (!message) return false;
  toast.error(message === passwordTexts.adminMin ? authTexts.adminPasswordTitle : authTexts.weakPassword, message);
  return true;
}
