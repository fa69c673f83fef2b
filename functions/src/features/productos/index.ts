/** What other features may use of productos. */
export { obtenerProducto } from './store';
