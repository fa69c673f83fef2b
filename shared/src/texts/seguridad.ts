import { passwordTexts } from './password';

/** Security posture (issue 7): server-side password checks Cognito would otherwise refuse in English. */
export const seguridadTexts = {
  passwordEspacios: passwordTexts.espacios,
  demasiadosIntentos: 'Demasiados intentos. Espera unos minutos e intenta de nuevo.',
  sesionInvalida: 'Tu sesión no es válida. Vuelve a iniciar sesión.',
  /** The PreSignUp trigger's refusal of a sign-up that did not come through the registration route. */
  registroSoloFormulario: 'El registro se hace desde el formulario de Cuota.',
  codigoInvalido: 'El código es inválido o venció. Solicita uno nuevo.',
  /** The one answer to every reset refused for a reason that depends on the account (no enumeration). */
  restablecimientoRechazado:
    'El código es inválido o venció, o la nueva contraseña no cumple las reglas de tu cuenta (las cuentas de administrador requieren al menos 16 caracteres). Revisa ambos o solicita un código nuevo.',
  codigoRequerido: 'Ingresa el código de 6 dígitos que recibiste por email',
  actividadCambio: (email: string) => `Contraseña cambiada: ${email}`,
  actividadRestablecida: (email: string) => `Contraseña restablecida con código: ${email}`,
} as const;
