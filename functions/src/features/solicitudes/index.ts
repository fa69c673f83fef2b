/** What other features may use of solicitudes: creating one (the portal) and its stored shape. */
export { crearSolicitud } from './service';
export type { SolicitudGuardada } from './store';
