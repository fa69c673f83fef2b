/** TEXTS.creditoEstado: see ../texts.ts. */
export const creditoEstadoTexts = {
  vigente: 'Vigente',
  al_dia: 'Al Día',
  vencido: 'Vencido',
  cancelado: 'Cancelado',
  refinanciado: 'Refinanciado',
} as const;
