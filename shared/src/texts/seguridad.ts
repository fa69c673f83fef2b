/** Security posture (issue 7): server-side password checks Cognito would otherwise refuse in English. */
export const seguridadTexts = {
  passwordEspacios: 'La contraseña no puede empezar ni terminar con un espacio',
  demasiadosIntentos: 'Demasiados intentos. Espera unos minutos e intenta de nuevo.',
  sesionInvalida: 'Tu sesión no es válida. Vuelve a iniciar sesión.',
  codigoInvalido: 'El código es inválido o venció. Solicita uno nuevo.',
  codigoRequerido: 'Ingresa el código de 6 dígitos que recibiste por email',
  actividadCambio: (email: string) => `Contraseña cambiada: ${email}`,
  actividadRestablecida: (email: string) => `Contraseña restablecida con código: ${email}`,
} as const;
