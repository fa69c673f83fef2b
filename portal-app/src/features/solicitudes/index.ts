export { MisSolicitudesTab } from './components/mis-solicitudes-tab';
export { NuevaSolicitudPage } from './components/nueva-solicitud-page';
