/** What other features may use of notificaciones. */
export { toNotificacion } from './store';
