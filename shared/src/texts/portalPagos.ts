/** Portal · Mis Pagos tab and the 'Realizar Pago' dialog. */
export const portalPagosTexts = {
  // Mis Pagos
  titulo: 'Mis Pagos',
  vacio: 'Aún no tienes pagos registrados',
  vacioTexto: 'Cuando reportes o realices un pago aparecerá aquí con su estado.',
  loadError: 'No se pudieron cargar tus pagos',
  columnas: {
    fecha: 'Fecha',
    credito: 'Crédito',
    monto: 'Monto',
    canal: 'Canal',
    referencia: 'Referencia',
    cuenta: 'Cuenta destino',
    estado: 'Estado',
  },
  referenciaExterna: (ref: string) => `Ref. externa: ${ref}`,
  motivoRechazo: (motivo: string) => `Motivo: ${motivo}`,
  // 'Realizar Pago' dialog
  dialogoDescripcion: (numeroCredito: string) => `Crédito ${numeroCredito}`,
  campos: {
    monto: 'Monto (₡)',
    fechaPago: 'Fecha de pago',
    canal: 'Canal de pago',
    canalPlaceholder: 'Selecciona un canal',
    referencia: 'Referencia del comprobante',
    referenciaOpcional: 'Opcional, máximo 50 caracteres',
    numeroTarjeta: 'Número de tarjeta',
    nombreTitular: 'Nombre del titular',
    mesExpiracion: 'Mes (MM)',
    anioExpiracion: 'Año (AA)',
    cvv: 'CVV',
  },
  requiereReferencia: 'Requiere referencia',
  canalConReferencia: (nombre: string) => `${nombre} · Requiere referencia`,
  canalesCargando: 'Cargando canales de pago...',
  canalesError: 'No se pudieron cargar los canales de pago',
  canalesVacio: 'No hay canales de pago disponibles',
  notaReflejo: (horas: string) =>
    `Tu pago quedará pendiente de verificación y puede tardar hasta ${horas} horas en reflejarse en tu crédito.`,
  notaTarjeta: 'Los pagos con tarjeta se reflejan en 24 horas.',
  notaSeguridadTarjeta:
    'Por tu seguridad, los datos de la tarjeta no se envían ni se guardan: solo sus últimos 4 dígitos, como referencia.',
  enviarReporte: 'Reportar Pago',
  enviarTarjeta: 'Pagar',
  enviando: 'Enviando...',
  cancelar: 'Cancelar',
  // server-side messages of the card payment body (POST /api/portal/pagos/tarjeta)
  servidor: {
    ultimos4: 'Se requieren los últimos 4 dígitos de la tarjeta',
    datosTarjeta: 'Los datos de la tarjeta no se envían al servidor: solo sus últimos 4 dígitos',
  },
} as const;
