/** TEXTS.pages: see ../texts.ts. */
export const pagesTexts = {
  dashboard: 'Dashboard Analytics',
  solicitudes: 'Solicitudes',
  solicitud: 'Detalle de Solicitud',
  creditos: 'Créditos',
  credito: 'Detalle del Crédito',
  productos: 'Gestión de Productos',
  usuarios: 'Gestión de Usuarios',
  configuracion: 'Configuración',
  conciliacion: 'Conciliación de Pagos',
  monitoreo: 'Monitoreo Operativo',
  comunicacion: 'Comunicación Masiva',
} as const;
