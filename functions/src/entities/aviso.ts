/** Guard so a reminder for one cuota is sent once (TTL expira_en). */
export const claveAviso = (creditoId: string, numeroCuota: number, motivo: string) => ({
  pk: `AVISO#${creditoId}#${numeroCuota}#${motivo}`,
  sk: 'AVISO',
});
