import { errorsTexts } from '../texts/errors';
import { toast } from '../ui/toast';
import { errorMessage, isApiError } from './api';
import { toastPasswordError } from './password-toast';

/**
 * Which form field shows a server field's message: the form's own names (a list), a map from the
 * server's name to the form's, or a function. A name it does not know is left to the toast.
 */
export type CamposDelServidor<F extends string> =
  readonly F[] | Readonly<Record<string, F>> | ((nombre: string) => F | undefined);

function campoDe<F extends string>(campos: CamposDelServidor<F>, nombre: string): F | undefined {
  if (typeof campos === 'function') return campos(nombre);
  if (Array.isArray(campos)) return (campos as readonly string[]).includes(nombre) ? (nombre as F) : undefined;
  return Object.hasOwn(campos, nombre) ? (campos as Readonly<Record<string, F>>)[nombre] : undefined;
}

/** What `marcarEnFormulario` needs of a react-hook-form form. */
export interface FormularioConErrores<F extends string> {
  setError(campo: F, error: { type: string; message: string }): void;
}

/** `marcar` for a react-hook-form form: the message goes on the field as a 'server' error. */
export function marcarEnFormulario<F extends string>(form: FormularioConErrores<F>): (campo: F, mensaje: string) => void {
  return (campo, mensaje) => form.setError(campo, { type: 'server', message: mensaje });
}

/** The server's per-field messages of a failed request (`details`); none when it is not an API error. */
export function erroresDelServidor(error: unknown): Record<string, string> {
  return isApiError(error) ? error.details : {};
}

/**
 * Puts each of the server's per-field messages on the form field it belongs to; what the user
 * typed stays in the form. Returns the server's messages, for a caller that says more.
 */
export function marcarErroresDelServidor<F extends string>(
  error: unknown,
  campos: CamposDelServidor<F>,
  marcar: (campo: F, mensaje: string) => void,
): Record<string, string> {
  const detalles = erroresDelServidor(error);
  for (const [nombre, mensaje] of Object.entries(detalles)) {
    const campo = campoDe(campos, nombre);
    if (campo) marcar(campo, mensaje);
  }
  return detalles;
}

export interface AvisoDeError<F extends string> {
  campos: CamposDelServidor<F>;
  marcar: (campo: F, mensaje: string) => void;
  /** The toast's title; 'Error' (errorsTexts.genericTitle) when not given. */
  titulo?: string;
  /** The toast's text when the server gave no message of its own (spec §8: 'No se pudo crear el cliente'). */
  porDefecto?: string;
  /** The server's name of a password field: its refusal is told in the password toast instead (spec §5). */
  contrasena?: string;
}

/**
 * A failed form submission (spec §8): the server's per-field messages go to their fields and a
 * destructive toast says what failed, with the server's message or the action's own.
 */
export function avisarErrorDeFormulario<F extends string>(error: unknown, aviso: AvisoDeError<F>): void {
  const detalles = marcarErroresDelServidor(error, aviso.campos, aviso.marcar);
  if (aviso.contrasena && toastPasswordError(detalles[aviso.contrasena])) return;
  toast.error(aviso.titulo ?? errorsTexts.genericTitle, errorMessage(error, aviso.porDefecto ?? errorsTexts.internal));
}
