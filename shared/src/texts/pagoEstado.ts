/** TEXTS.pagoEstado: see ../texts.ts. */
export const pagoEstadoTexts = {
  registrado: 'Pendiente',
  conciliado: 'Aprobado',
  revertido: 'Rechazado',
  reversado: 'Reversado',
  otro: 'Pendiente Verificación',
} as const;
