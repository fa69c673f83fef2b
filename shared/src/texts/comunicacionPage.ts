/** Issue 6: the Comunicación Masiva screen's own texts beyond TEXTS.comunicacion (admin-app /comunicacion). */
export const comunicacionPageTexts = {
  estadisticas: 'Clientes por segmento',
  soloAdminPush: 'Solo los administradores pueden enviar notificaciones masivas.',
  soloAdminCampanas: 'Solo los administradores pueden crear, ver y enviar campañas de email.',
  campanasLoadError: 'No se pudieron cargar las campañas',
  segmentoHint: 'Las notificaciones llegan a los clientes del segmento que tienen cuenta en el portal.',
  htmlHint: 'El cuerpo del email en HTML.',
  textoHint: 'La versión en texto plano, para clientes de correo sin HTML.',
  progresoEnvio: (nombre: string) => `Progreso del envío de ${nombre}`,
  accion: (accion: string, nombre: string) => `${accion}: ${nombre}`,
} as const;
