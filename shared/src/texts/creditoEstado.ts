/** TEXTS.creditoEstado: see ../texts.ts. */
export const creditoEstadoTexts = {
  vigente: 'Vigente',
  al_dia: 'Al Día',
  vencido: 'Vencido',
  cancelado: 'Cancelado',
  castigado: 'Castigado',
  refinanciado: 'Refinanciado',
} as const;
