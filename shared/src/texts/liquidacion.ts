/** Payoff (liquidación anticipada): the staff credit detail, the portal's "Cancelar mi crédito" and the constancia. */
export const liquidacionTexts = {
  titulo: 'Liquidación',
  tituloPortal: 'Cancelar mi crédito',
  fecha: 'Fecha de pago',
  calcular: 'Calcular',
  imprimir: 'Imprimir liquidación',
  capitalPendiente: 'Capital por vencer',
  interesCorriente: 'Intereses corrientes devengados',
  diasInteres: (dias: number) => (dias === 1 ? '1 día' : `${dias} días`),
  interesVencido: 'Intereses vencidos',
  capitalVencido: 'Capital vencido',
  mora: 'Intereses moratorios',
  total: 'Monto para cancelar',
  alFecha: (fecha: string) => `Pagando este monto con fecha ${fecha}, el crédito queda cancelado.`,
  comoPagar: 'Reporta un pago por este monto con esa fecha de pago; al aprobarse, tu crédito queda cancelado.',
  reportarEstePago: 'Reportar este pago',
  cancelado: 'Este crédito está cancelado.',
  // errors (400 / 409)
  fechaAnterior: (fecha: string) => `La fecha no puede ser anterior al ${fecha} (desembolso o último pago aplicado).`,
  fechaLejana: (dias: number, fecha: string) => `La fecha no puede ser posterior al ${fecha} (${dias} días desde hoy).`,
  yaCancelado: 'El crédito ya está cancelado: no hay monto por liquidar.',
  // constancia de cancelación
  constancia: 'Constancia de cancelación',
  noCancelado: 'Este crédito no está cancelado: no hay constancia de cancelación.',
  errorConstancia: 'No se pudo abrir la constancia de cancelación',
  error: 'No se pudo calcular la liquidación',
  constanciaTitulo: (numero: string) => `Constancia de cancelación — crédito ${numero}`,
  constanciaTexto: (cliente: string, numero: string, fecha: string) =>
    `Se hace constar que ${cliente} canceló en su totalidad el crédito ${numero} el ${fecha}. No queda saldo pendiente.`,
  fechaCancelacion: 'Fecha de cancelación',
  montoOriginal: 'Monto original',
  totalPagado: 'Total pagado',
  pagadoCapital: 'Capital pagado',
  pagadoInteres: 'Intereses pagados',
  pagadoMora: 'Intereses moratorios pagados',
  pagos: 'Pagos aplicados',
  // prepayment choice
  excedente: '¿Qué hacemos con lo que pagas de más?',
  reducirPlazo: 'Reducir el plazo (misma cuota, terminas antes)',
  reducirCuota: 'Reducir la cuota (mismo plazo, cuotas menores)',
  reprogramacion: (referencia: string, cuotas: number) =>
    `Reprogramación de ${cuotas === 1 ? '1 cuota' : `${cuotas} cuotas`} por el pago ${referencia} (interés sobre el saldo real)`,
} as const;
