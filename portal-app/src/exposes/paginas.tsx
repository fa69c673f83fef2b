/** The portal's other pages (new application, printable documents, receipts): loaded when opened. */
export { NuevaSolicitudPage } from '../features/solicitudes';
export { ComprobantesPortalPage, ConstanciaPortalPage, ContratoPortalPage } from '../features/documentos';
export { ReciboPortalPage } from '../features/pagos';
