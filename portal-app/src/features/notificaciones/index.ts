export { NotificacionesTab } from './components/notificaciones-tab';
