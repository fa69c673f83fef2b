/** A notification's tipo as shown: in the bell and where staff choose it (comunicación). */
export const tiposDeNotificacion = {
  info: 'Información',
  success: 'Éxito',
  warning: 'Advertencia',
  error: 'Error',
  payment: 'Pago',
  credit: 'Crédito',
  system: 'Sistema',
} as const;

/** The notification bell in the admin header and the portal (spec §2 Notification bell, §9). */
export const notificacionesBellTexts = {
  titulo: 'Notificaciones',
  /** The bell's accessible name carries the unread count. */
  boton: (noLeidas: number) => (noLeidas === 0 ? 'Notificaciones' : `Notificaciones: ${noLeidas} sin leer`),
  sinLeer: (noLeidas: number) => (noLeidas === 1 ? '1 sin leer' : `${noLeidas} sin leer`),
  alDia: 'Todo leído',
  vacio: 'No tienes notificaciones',
  vacioDetalle: 'Aquí aparecerán los avisos de tu cuenta.',
  error: 'No se pudieron cargar las notificaciones',
  cargando: 'Cargando notificaciones',
  nueva: 'Nueva',
  errorMarcar: 'No se pudo marcar la notificación como leída',
  tipos: tiposDeNotificacion as Record<string, string>,
} as const;
