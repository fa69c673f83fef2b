/** What other features may use of creditos: reading credits, their cuotas and documents, and a new credit's index items. */
export { alertaCuota, proximasCuotas } from './domain';
export { creditoIndexItems } from './indices';
export {
  deudasDe,
  listarCreditos,
  documentosDe,
  obtenerCreditoDetalle,
  obtenerCreditoExistente,
  obtenerDocumentos,
  obtenerLiquidacion,
} from './service';
export { leerCuotas, leerPagosConciliados, listarCuotas, type CreditoGuardado } from './store';
