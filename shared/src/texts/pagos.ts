/** TEXTS.pagos: see ../texts.ts. */
export const pagosTexts = {
  // spec §5 report-payment and card forms, §8 toasts, §2 reconciliation screen (verbatim)
  montoRequerido: 'El monto es requerido',
  montoInvalido: 'Debe ser un monto válido mayor a 0',
  fechaRequerida: 'La fecha es requerida',
  canalRequerido: 'El canal de pago es requerido',
  tarjeta: {
    numero: 'Número de tarjeta inválido',
    titular: 'Nombre del titular requerido',
    mes: 'Mes requerido',
    anio: 'Año requerido',
    cvvRequerido: 'CVV requerido',
    cvvInvalido: 'CVV inválido',
    vencida: 'La tarjeta está vencida',
    deshabilitado: 'Los pagos con tarjeta no están habilitados',
  },
  reportado: 'Pago reportado exitosamente',
  reportadoTexto: 'Tu pago está en proceso de verificación',
  procesado: 'Pago procesado',
  procesadoTexto: 'Se reflejará en 24 horas',
  errorReportar: 'Error al reportar pago',
  errorProcesar: 'Error al procesar pago',
  errorAprobar: 'Error al aprobar pago',
  errorRechazar: 'Error al rechazar pago',
  aprobado: 'Pago aprobado',
  rechazado: 'Pago rechazado',
  realizarPago: 'Realizar Pago',
  tabReportar: 'Reportar Pago',
  tabTarjeta: 'Pagar con Tarjeta',
  pendientes: (n: number) => `Pendientes (${n})`,
  procesados: 'Procesados',
  confirmarAprobar: '¿Aprobar este pago?',
  confirmarAprobarBoton: 'Confirmar Aprobación',
  confirmarRechazar: '¿Rechazar este pago?',
  confirmarRechazarTexto: 'El cliente será notificado del rechazo.',
  confirmarRechazarBoton: 'Confirmar Rechazo',
  sinPendientes: 'No hay pagos pendientes de conciliación',
  sinProcesados: 'No hay pagos conciliados',
  // server rules beyond the spec
  creditoRequerido: 'Debe seleccionar un crédito',
  creditoNoEncontrado: 'Crédito no encontrado',
  creditoCancelado: 'El crédito ya está cancelado: no admite más pagos',
  fechaInvalida: 'Fecha inválida',
  fechaFutura: 'La fecha de pago no puede ser futura',
  fechaAntesDesembolso: 'La fecha de pago no puede ser anterior al desembolso del crédito',
  canalNoDisponible: 'El canal de pago no está disponible',
  referenciaRequerida: (metodo: string) => `${metodo} requiere la referencia del comprobante`,
  referenciaLarga: 'La referencia no puede superar 50 caracteres',
  referenciaExternaLarga: 'La referencia externa no puede superar 100 caracteres',
  montoExcede: (maximo: string) => `El monto excede el saldo pendiente del crédito (${maximo})`,
  excedeAlAprobar: (maximo: string) =>
    `El pago excede lo que adeuda el crédito (${maximo}). Rechácelo y gestione la devolución al cliente.`,
  excedeOtroPago: (fecha: string) =>
    `Con fecha valor ${fecha}, este pago dejaría sin deuda a la que aplicar otro pago ya conciliado del crédito. Revise las fechas valor antes de aprobarlo.`,
  fechaValorFutura: 'La fecha valor no puede ser futura',
  fechaValorAntesDesembolso: 'La fecha valor no puede ser anterior al desembolso del crédito',
  creditoInconsistente: (credito: string) =>
    `El crédito ${credito} tiene datos incompletos o inconsistentes y no se puede actualizar. Se registró el error para revisión.`,
  noEncontrado: 'Pago no encontrado',
  yaProcesado: 'El pago ya fue procesado: solo se pueden aprobar o rechazar pagos pendientes',
  ocupado: 'El crédito se está actualizando; intente de nuevo en unos segundos',
  estadoFiltro: 'Estado inválido: use registrado o procesados',
  motivoLargo: 'El motivo no puede superar 500 caracteres',
  idempotenciaClave: 'La clave de idempotencia debe tener de 1 a 128 caracteres: letras, números, guiones, puntos o dos puntos',
  idempotenciaConflicto: 'Esta clave de idempotencia ya se usó con datos distintos',
  notificacion: {
    aprobado: (monto: string, credito: string) => `Su pago de ${monto} al crédito ${credito} fue aprobado y aplicado.`,
    rechazado: (referencia: string, credito: string, motivo: string | null) =>
      `Su pago ${referencia} al crédito ${credito} no pudo verificarse y fue rechazado${motivo ? `: ${motivo}` : '.'}`,
    cancelado: (credito: string) => `¡Felicidades! Completó el pago de su crédito ${credito}.`,
  },
  actividad: {
    reportado: (referencia: string, monto: string, credito: string, cliente: string) =>
      `Pago ${referencia} de ${monto} reportado para ${credito} (${cliente})`,
    conciliado: (referencia: string, monto: string, credito: string, cliente: string) =>
      `Pago ${referencia} de ${monto} conciliado en ${credito} (${cliente})`,
    rechazado: (referencia: string, monto: string, credito: string, cliente: string) =>
      `Pago ${referencia} de ${monto} rechazado en ${credito} (${cliente})`,
    ajusteMora: (monto: string, credito: string, referencia: string, fechaValor: string) =>
      `Ajuste de mora de ${monto} en ${credito}: el pago ${referencia} se aplicó con fecha valor ${fechaValor}`,
  },
  movimiento: {
    ajusteMora: (referencia: string, fechaValor: string) =>
      `Mora recalculada al aplicar el pago ${referencia} con fecha valor ${fechaValor}`,
    reaplicacion: (referencia: string, otro: string) =>
      `Aplicación del pago ${referencia} recalculada al aplicar el pago ${otro} con fecha valor anterior`,
  },
} as const;
