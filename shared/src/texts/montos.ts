/** Amount inputs (lending-rules.md "Costa Rican formats"): how a typed amount was read, or why it was refused. */
export const montosTexts = {
  seRegistrara: (monto: string) => `Se registrará ${monto}`,
  caracteres: 'Escriba el monto solo con números, p. ej. 500 000 o 500.000,50',
  negativo: 'El monto no puede ser negativo',
  incompleto: 'El monto está incompleto: revise el final del número',
  ambiguo:
    'Monto ambiguo: escriba los miles con punto o espacio y hasta 2 decimales después de la coma, p. ej. 1.000.000,50 o 1 000 000,50',
  grupos: 'Separador de miles mal ubicado: los miles van en grupos de 3 dígitos, p. ej. 1.000.000 o 1 000 000',
  decimales: 'El monto admite como máximo 2 decimales (céntimos)',
  grande: 'El monto es demasiado grande',
} as const;
