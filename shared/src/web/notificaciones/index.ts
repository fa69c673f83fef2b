export { NotificationBell, type NotificationBellProps } from './notification-bell';
export {
  notificacionesKeys,
  listarNotificacionesQueryOptions,
  recibirNotificacion,
  useMarcarLeida,
  useContarNoLeidas,
  useListarNotificaciones,
  NO_LEIDAS_REFRESCO_MS,
} from './api';
export { useNotificacionesEnVivo, type NotificacionesEnVivoOptions } from './use-notificaciones-en-vivo';
export {
  RealtimeClient,
  socketUrl,
  type RealtimeClientOptions,
  type RealtimeMessage,
  type RealtimeStatus,
  type SocketLike,
} from './realtime-client';
export { backoffDelay, type BackoffOptions } from './backoff';
export { destinoAccion, notificacionDesdeEvento, textoInsignia, NOTIFICACIONES_LIMITE } from './cache';
export { estiloTipo, type EstiloTipo } from './tipo-estilo';
