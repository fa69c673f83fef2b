/**
 * What other features may use of pagos: approving a reported payment, a counter payment, reading
 * pending ones, the Idempotency-Key guard for money writes and the credit line's update.
 */
export { aprobarPago } from './service';
export { registrarPagoVentanilla } from './ventanilla';
export { leerPago, leerPagosPendientes, lineaTrasPago } from './store';
export { unaVez, type Preparado } from './idempotencia';
