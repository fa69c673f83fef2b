import { passwordTexts } from './password';

/** Security posture (issue 7): server-side password checks Cognito would otherwise refuse in English. */
export const seguridadTexts = {
  passwordEspacios: passwordTexts.espacios,
  demasiadosIntentos: 'Demasiados intentos. Espera unos minutos e intenta de nuevo.',
  sesionInvalida: 'Tu sesión no es válida. Vuelve a iniciar sesión.',
  codigoInvalido: 'El código es inválido o venció. Solicita uno nuevo.',
  codigoRequerido: 'Ingresa el código de 6 dígitos que recibiste por email',
  actividadCambio: (email: string) => `Contraseña cambiada: ${email}`,
  actividadRestablecida: (email: string) => `Contraseña restablecida con código: ${email}`,
} as const;
