/** TEXTS.errors: see ../texts.ts. */
export const errorsTexts = {
  genericTitle: 'Error',
  forbidden: 'No tienes permisos para realizar esta acción',
  unauthorized: 'Debes iniciar sesión para continuar',
  /** A token issued before the user's roles changed or access was revoked (functions/src/commons/acceso.ts). */
  sesionRevocada: 'Tu sesión ya no es válida. Inicia sesión de nuevo.',
  /** 403 MFA_REQUERIDA: staff without an authenticator app while staff MFA is required. */
  mfaRequerida:
    'Tu cuenta de personal requiere la verificación en dos pasos con una app de autenticación. Actívala en Configuración → Seguridad para continuar.',
  notFound: 'Recurso no encontrado',
  invalidInput: 'Datos inválidos: revisa los campos marcados',
  internal: 'Ocurrió un error inesperado. Intenta de nuevo en unos minutos.',
  conflict: 'La operación no se puede completar en el estado actual',
  payloadTooLarge: 'La solicitud es demasiado grande',
  emailTaken: 'Ya existe un cliente con este email',
  identityTaken: 'Ya existe un cliente con esta identificación',
  alreadyRegistered: 'Tu perfil de cliente ya existe',
  network: 'No se pudo conectar con el servidor',
  concurrente: 'Otra operación cambió estos datos al mismo tiempo. Intenta de nuevo.',
  servicioSaturado: 'El servicio está saturado en este momento. Intenta de nuevo en unos segundos.',
} as const;
