/** What other features may use of creditos: reading credits, their cuotas and documents, and a new credit's index items. */
export { alertaCuota, proximasCuotas } from './domain';
export { creditoIndexItems } from './indices';
export {
  allCuotas,
  deudasDe,
  documentosDe,
  getCreditoDetalle,
  getCreditoOrThrow,
  getDocumentos,
  listCuotas,
  toCredito,
  type CreditoGuardado,
} from './store';
