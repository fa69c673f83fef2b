export { SolicitudesPage, SolicitudDetallePage } from '../features/solicitudes';
