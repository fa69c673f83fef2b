/** Collections work on one credit (contact log and payment promises), as other features may use it. */
export { listarGestiones, listarPromesas, registrarGestion, registrarPromesa } from './service';
