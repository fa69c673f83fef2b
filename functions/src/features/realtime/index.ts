/** The realtime feature's public API (other features import only this file). */
export { cerrarConexionesDe } from './cerrar-conexiones';
