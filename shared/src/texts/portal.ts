/** TEXTS.portal: see ../texts.ts. */
export const portalTexts = {
  profileNotFound: 'Perfil No Encontrado',
  myProfile: 'Mi Perfil',
  newApplication: 'Nueva Solicitud',
  tabCreditos: 'Mis Créditos',
  tabSolicitudes: 'Mis Solicitudes',
  tabPagos: 'Mis Pagos',
  tabNotificaciones: 'Notificaciones',
  tabDocumentos: 'Documentos',
  profileNotFoundText: 'No encontramos un perfil de cliente vinculado a tu cuenta. Por favor contacta al administrador.',
  welcome: 'Bienvenido(a),',
  subtitle: 'Portal de Clientes',
  score: 'Score Crediticio',
} as const;
