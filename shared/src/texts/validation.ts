/** TEXTS.validation: see ../texts.ts. */
export const validationTexts = {
  nombre: 'Nombre debe tener al menos 2 caracteres',
  apellido: 'Apellido debe tener al menos 2 caracteres',
  identidadNumero: 'Número de identificación inválido',
  fechaNacimiento: 'Fecha de nacimiento requerida',
  fechaNacimientoInvalida: 'Fecha de nacimiento inválida',
  mayorDeEdad: 'El cliente debe ser mayor de edad',
  email: 'Email inválido',
  telefono: 'Teléfono inválido',
  direccion: 'Dirección debe ser más específica',
  ciudad: 'Ciudad debe tener al menos 2 caracteres',
  pais: 'País inválido',
  identidadTipo: 'Tipo de identificación inválido',
  required: 'Este campo es requerido',
  tooLong: 'El texto es demasiado largo',
} as const;
