/** What other features may use of configuracion: settings, payment methods, bank accounts, the business time zone. */
export { getCuentasBancarias, getMetodoPago, getSetting, topesUsura, zonaHoraria } from './store';
