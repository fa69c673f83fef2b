/** TEXTS.nav: see ../texts.ts. */
export const navTexts = {
  dashboard: 'Dashboard',
  clientes: 'Clientes',
  solicitudes: 'Solicitudes',
  creditos: 'Créditos',
  cobranza: 'Cobranza',
  productos: 'Productos',
  usuarios: 'Usuarios',
  reportes: 'Reportes',
  monitoreo: 'Monitoreo Operativo',
  comunicacion: 'Comunicación Masiva',
  configuracion: 'Configuración',
  userFallback: 'Usuario',
  mainNav: 'Navegación principal',
  userMenu: 'Menú de usuario',
  notifications: 'Notificaciones',
  backToPortal: 'Volver al Portal',
} as const;
