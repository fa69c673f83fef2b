/** What other features may use of pagos: approving a reported payment, a counter payment, reading pending ones. */
export { aprobarPago } from './service';
export { registrarPagoVentanilla } from './ventanilla';
export { leerPago, leerPagosPendientes } from './store';
