import { tiposDeNotificacion } from './notificacionesBell';

/** Issue 6: Comunicación Masiva (admin-app /comunicacion), its API messages and the campaign sender. */
export const comunicacionTexts = {
  title: 'Comunicación Masiva',
  subtitle: 'Envía notificaciones y campañas de email a tus clientes',
  loadError: 'No se pudo cargar la información de comunicación',
  stats: {
    totalClientes: 'Total Clientes',
    clientesActivos: 'Con Créditos Activos',
    clientesMorosos: 'Con Mora',
  },
  tabs: { push: 'Notificaciones Push', email: 'Campañas de Email' },
  segmentos: { todos: 'Todos los clientes', activos: 'Clientes con créditos activos', morosos: 'Clientes con mora' },
  tipos: tiposDeNotificacion,
  push: {
    titulo: 'Notificaciones Push',
    descripcion: 'Los clientes con cuenta en el portal las reciben al instante en su campana de notificaciones.',
    fields: { titulo: 'Título', mensaje: 'Mensaje', tipo: 'Tipo', segmento: 'Segmento' },
    tituloPlaceholder: 'Título de la notificación',
    mensajePlaceholder: 'Escribe el mensaje para tus clientes',
    enviar: 'Enviar Notificación',
    enviando: 'Enviando...',
    enviadas: 'Notificaciones enviadas',
    enviadasDetalle: (n: number) => (n === 1 ? 'Se envió 1 notificación' : `Se enviaron ${n} notificaciones`),
    error: 'No se pudieron enviar las notificaciones',
    /** Under the button while a large send goes on in several requests. */
    progreso: (n: number) => (n === 1 ? '1 notificación enviada hasta ahora…' : `${n} notificaciones enviadas hasta ahora…`),
  },
  campanas: {
    nueva: 'Nueva Campaña',
    descripcion: 'Crea la campaña como borrador y envíala cuando esté lista.',
    fields: {
      nombre: 'Nombre de la campaña',
      asunto: 'Asunto',
      mensaje_html: 'Mensaje HTML',
      mensaje_texto: 'Mensaje en texto plano',
      segmento: 'Segmento',
    },
    crear: 'Crear Campaña',
    creando: 'Creando...',
    creada: 'Campaña creada',
    crearError: 'No se pudo crear la campaña',
    recientes: 'Campañas Recientes',
    vacio: 'No hay campañas registradas',
    enviar: 'Enviar',
    reanudar: 'Reanudar',
    enviarConfirm: '¿Enviar esta campaña?',
    enviarTexto: (n: number) => `Se enviará un email a ${n} destinatarios del segmento. Los clientes sin email se omiten.`,
    enviarConfirmar: 'Confirmar Envío',
    cancelar: 'Cancelar',
    envioIniciado: 'Envío iniciado',
    enviarError: 'No se pudo iniciar el envío',
    destinatarios: (n: number) => (n === 1 ? '1 destinatario' : `${n} destinatarios`),
    progreso: (enviados: number, total: number) => `${enviados}/${total} enviados`,
    fallidos: (n: number) => `${n} fallidos`,
    omitidos: (n: number) => `${n} sin email`,
    creadaEl: 'Creada',
    estados: { borrador: 'Borrador', programado: 'Programado', enviando: 'Enviando', completado: 'Completado', error: 'Error' },
  },
  validation: {
    tituloRequerido: 'El título es requerido',
    mensajeRequerido: 'El mensaje es requerido',
    nombreRequerido: 'El nombre es requerido',
    asuntoRequerido: 'El asunto es requerido',
    htmlRequerido: 'El mensaje HTML es requerido',
    textoRequerido: 'El mensaje de texto es requerido',
    tipoInvalido: 'Tipo de notificación inválido',
    segmentoInvalido: 'Segmento inválido',
    demasiadoLargo: (max: number) => `Máximo ${max} caracteres`,
  },
  /** Server-side: errors, the activity log and the notification to the campaign's sender. */
  campanaNoEncontrada: 'Campaña no encontrada',
  campanaNoEnviable: (estado: string) => `La campaña está en estado ${estado} y no se puede enviar`,
  actividadMasiva: (n: number, segmento: string) => `Notificación masiva enviada a ${n} clientes (segmento ${segmento})`,
  actividadCampanaCreada: (nombre: string) => `Campaña de email creada: ${nombre}`,
  actividadCampanaEnviada: (nombre: string) => `Envío de la campaña ${nombre} iniciado`,
  finalizadaTitulo: 'Campaña finalizada',
  finalizada: (nombre: string, enviados: number, total: number, fallidos: number, omitidos: number) =>
    `La campaña "${nombre}" terminó: ${enviados} de ${total} enviados, ${fallidos} fallidos, ${omitidos} sin email.`,
  /** Why SES stopped a campaign (stored with it; SES's own words follow). */
  erroresSes: {
    cuotaDiaria: (detalle: string) =>
      `SES alcanzó la cuota diaria de envío: la campaña se detuvo y los destinatarios restantes quedan pendientes. Vuelve a enviarla cuando se renueve la cuota. (${detalle})`,
    envioPausado: (detalle: string) =>
      `El envío de correos está pausado en la cuenta de SES: la campaña se detuvo con los destinatarios restantes pendientes. (${detalle})`,
    cuentaSuspendida: (detalle: string) => `La cuenta de SES está suspendida: la campaña se detuvo. (${detalle})`,
    otro: (detalle: string) => `SES no puede enviar correos: la campaña se detuvo. (${detalle})`,
  },
  fallidaTitulo: 'Campaña con error',
  fallida: (nombre: string, enviados: number, total: number) =>
    `La campaña "${nombre}" no pudo completarse: ${enviados} de ${total} enviados. Revísala en Comunicación Masiva.`,
} as const;
