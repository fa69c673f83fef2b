export { SolicitudesPage } from './components/solicitudes-page';
export { SolicitudDetallePage } from './components/solicitud-detalle-page';
