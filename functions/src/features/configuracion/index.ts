/** What other features may use of configuracion: settings, payment methods, bank accounts, the business time zone. */
export { obtenerCuentasBancarias, obtenerMetodoPago, obtenerValorConfiguracion, topesUsura, zonaHoraria } from './store';
/** Former names, for the callers in other features until they move to the Spanish verbs above. */
export {
  obtenerCuentasBancarias as getCuentasBancarias,
  obtenerMetodoPago as getMetodoPago,
  obtenerValorConfiguracion as getSetting,
} from './store';
