/** TEXTS.nav: see ../texts.ts. */
export const navTexts = {
  dashboard: 'Dashboard',
  clientes: 'Clientes',
  solicitudes: 'Solicitudes',
  creditos: 'Créditos',
  productos: 'Productos',
  usuarios: 'Usuarios',
  monitoreo: 'Monitoreo Operativo',
  comunicacion: 'Comunicación Masiva',
  riesgo: 'Riesgo',
  configuracion: 'Configuración',
  userFallback: 'Usuario',
  mainNav: 'Navegación principal',
  userMenu: 'Menú de usuario',
  notifications: 'Notificaciones',
  backToPortal: 'Volver al Portal',
} as const;
