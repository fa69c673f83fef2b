/** What other features may use of configuracion: settings, payment methods, bank accounts, the business time zone. */
export {
  obtenerCuentasBancarias,
  obtenerMetodoPago,
  obtenerValorConfiguracion,
  obtenerValoresConfiguracion,
  topesUsura,
  zonaHoraria,
} from './store';
