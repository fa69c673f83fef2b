/** What other features may use of riesgo: the settings, a credit's category, the month-end snapshot the close takes. */
export { categoriaDeCredito, diasCastigoMinimos, parametrosRiesgo, tomarInstantaneaMensual } from './service';
