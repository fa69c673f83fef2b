/** TEXTS.cierre: see ../texts.ts. */
export const cierreTexts = {
  fechaFutura: 'La fecha de cierre no puede ser futura',
  recordatorioTitulo: 'Recordatorio de pago',
  recordatorio: (numero: number, credito: string, fecha: string, monto: string) =>
    `La cuota ${numero} de su crédito ${credito} vence el ${fecha} por ${monto}.`,
  vencidaTitulo: 'Cuota vencida',
  vencida: (numero: number, credito: string, fecha: string) =>
    `La cuota ${numero} de su crédito ${credito} venció el ${fecha}. Páguela para detener los cargos por mora.`,
} as const;
