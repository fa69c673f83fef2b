/** TEXTS.notificaciones: see ../texts.ts. */
export const notificacionesTexts = {
  notFound: 'Notificación no encontrada',
} as const;
