/** What other features may use of productos. */
export { getProducto } from './store';
