/**
 * The lending engine, as other features use it: a credit loaded with its ledger (cartera.ts), its
 * pure replay at a date (recalculo.ts), how a payment is split over the debt (aplicacion.ts) and
 * the cuota arithmetic (domain.ts). Payments, credits and the portal build on these; the daily
 * close itself (store.ts) is reached only through its routes and job.
 */
export {
  calculadoHasta,
  calendarioDe,
  cargarCredito,
  creditoUpdate,
  fechaHoy,
  fechaInicioCalendario,
  cuotaUpdate,
  terminosDe,
  liquidacionAl,
  recalcular,
  type CreditoCargado,
} from './cartera';
export { liquidacionCredito, type Liquidacion as LiquidacionCalculada } from './liquidacion';
export { diasAtraso, normalizarCuota, pendiente, porNumero, type CuotaSaldo } from './domain';
export { CreditoInconsistente, type CreditoRecalculado, type PagoValorado } from './recalculo';
export { aplicarPago, maximoAplicable, PagoExcedeDeuda, type Aplicado } from './aplicacion';
export { cuotasReprogramadas, type CuotaReprogramada } from './reprogramacion';
export { pagadoEnPromesa, promesaCumplida, promesaFueraDeCartera, resolverPromesa, type PagoDePromesa } from './promesas';
