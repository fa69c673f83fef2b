/**
 * Aggregates of the reports (features/reportes), kept by the same stream consumer as the
 * dashboard's (features/dashboard/contribuciones-reportes.ts says what each entity adds) and read
 * by key: a report reads a fixed number of items whatever the size of the portfolio.
 */
export const aggReportesKeys = {
  /** Balance and count per estado (any estado a credit carries) and per arrears bucket of the active credits. */
  cartera: () => ({ pk: 'AGG#REPORTES#CARTERA', sk: 'RESUMEN' }),
  /** Per month of disbursement (YYYY-MM): amount disbursed and today's balance in arrears > 30 and > 90 days. */
  cosecha: (mes: string) => ({ pk: `AGG#REPORTES#COSECHA#${mes}`, sk: 'RESUMEN' }),
  /** Per business date (YYYY-MM-DD): collections per channel (by value date) and disbursements per product. */
  dia: (fecha: string) => ({ pk: `AGG#REPORTES#DIA#${fecha}`, sk: 'RESUMEN' }),
};
