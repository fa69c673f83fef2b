/** What other features may use of solicitudes: creating one (the portal), its stored shape, credit numbers. */
export { crearSolicitud } from './service';
export type { SolicitudGuardada } from './store';
/** A credit number outside a disbursement (a refinanciamiento's new credit). */
export { reservarNumeroCredito } from './store';
export { numeroCredito } from './domain';
