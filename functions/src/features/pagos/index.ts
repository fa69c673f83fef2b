/** What other features may use of pagos: how a payment is split over a credit's debt (aplicacion.ts). */
export { aplicarPago, maximoAplicable, PagoExcedeDeuda, type Aplicado } from './aplicacion';
