export { SolicitudesPage } from '../features/solicitudes/components/solicitudes-page';
export { SolicitudDetallePage } from '../features/solicitudes/components/solicitud-detalle-page';
