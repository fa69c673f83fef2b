/** TEXTS.password: see ../texts.ts. */
export const passwordTexts = {
  min: 'La contraseña debe tener al menos 12 caracteres',
  max: 'La contraseña es demasiado larga',
  lower: 'Debe contener al menos una letra minúscula',
  upper: 'Debe contener al menos una letra mayúscula',
  digit: 'Debe contener al menos un número',
  symbol: 'Debe contener al menos un símbolo especial (!@#$%^&*)',
  common: 'Esta contraseña es muy común y vulnerable. Por favor elige otra.',
  adminMin: 'Los administradores deben usar contraseñas de al menos 16 caracteres',
  mismatch: 'Las contraseñas no coinciden',
  espacios: 'La contraseña no puede empezar ni terminar con un espacio',
} as const;
