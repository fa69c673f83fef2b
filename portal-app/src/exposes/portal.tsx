export { PortalPage } from '../features/inicio';
export { NuevaSolicitudPage } from '../features/solicitudes';
export { ComprobantesPortalPage, ConstanciaPortalPage, ContratoPortalPage } from '../features/documentos';
export { ReciboPortalPage } from '../features/pagos';
