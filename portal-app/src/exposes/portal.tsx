export { PortalPage } from '../features/inicio/components/portal-page';
export { NuevaSolicitudPage } from '../features/solicitudes';
export { ComprobantesPortalPage, ContratoPortalPage } from '../features/documentos';
