/** What other features may use of productos. */
export { obtenerProducto } from './store';
/** Former name, for the callers in other features until they move to obtenerProducto. */
export { obtenerProducto as getProducto } from './store';
