/** TEXTS.solicitudEstado: see ../texts.ts. */
export const solicitudEstadoTexts = {
  borrador: 'Borrador',
  enviado: 'Enviado',
  en_analisis: 'En Análisis',
  aprobado: 'Aprobado',
  rechazado: 'Rechazado',
  cancelado: 'Cancelado',
  desembolsado: 'Desembolsado',
} as const;
