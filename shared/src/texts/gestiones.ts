/** TEXTS.gestiones: the contact log and payment promises of a credit in collection (issue 16 §1). */
export const gestionesTexts = {
  tipos: {
    llamada: 'Llamada',
    whatsapp: 'WhatsApp',
    visita: 'Visita',
    correo: 'Correo',
  },
  resultados: {
    contactado: 'Contactado',
    sin_respuesta: 'Sin respuesta',
    numero_equivocado: 'Número equivocado',
    promesa: 'Promesa de pago',
    rehusa: 'Rehúsa pagar',
    otro: 'Otro',
  },
  estadosPromesa: {
    pendiente: 'Pendiente',
    cumplida: 'Cumplida',
    incumplida: 'Incumplida',
    reemplazada: 'Reemplazada',
    anulada: 'Anulada',
  },
  // server rules
  tipoInvalido: 'Seleccione el tipo de gestión: llamada, WhatsApp, visita o correo',
  resultadoInvalido:
    'Seleccione el resultado: contactado, sin respuesta, número equivocado, promesa de pago, rehúsa pagar u otro',
  notaLarga: 'La nota no puede superar 1000 caracteres',
  fechaRequerida: 'Indique la fecha de la promesa',
  fechaInvalida: 'La fecha de la promesa no es válida (AAAA-MM-DD)',
  fechaFueraDeRango: (desde: string, hasta: string) => `La fecha de la promesa debe estar entre el ${desde} y el ${hasta}`,
  montoRequerido: 'Indique el monto prometido',
  montoInvalido: 'El monto prometido debe ser mayor a 0 (en céntimos enteros)',
  montoExcede: (maximo: string) => `El monto prometido no puede superar lo que el crédito admite hoy (${maximo})`,
  sinAtraso:
    'Solo se registra una promesa de pago en un crédito con una cuota vencida o que vence a más tardar en la fecha prometida',
  creditoNoEncontrado: 'Crédito no encontrado',
  creditoCancelado: 'El crédito está cancelado: no admite promesas de pago',
  creditoFueraDeCartera:
    'El crédito no está en la cartera activa (castigado, cancelado o sin desembolsar): no admite promesas de pago',
  ocupado: 'El crédito está siendo actualizado; intente de nuevo',
  notificacion: {
    titulo: 'Promesa de pago registrada',
    mensaje: (monto: string, fecha: string, credito: string) =>
      `Registramos su promesa de pagar ${monto} a más tardar el ${fecha} en el crédito ${credito}.`,
  },
  actividad: {
    gestion: (tipo: string, resultado: string, credito: string, cliente: string) =>
      `Gestión de cobro (${tipo}: ${resultado}) en ${credito} (${cliente})`,
    promesa: (monto: string, fecha: string, credito: string, cliente: string) =>
      `Promesa de pago de ${monto} para el ${fecha} en ${credito} (${cliente})`,
  },
  // screen
  titulo: 'Gestión de cobro',
  llamar: 'Llamar',
  whatsapp: 'WhatsApp',
  sinTelefono: 'El cliente no tiene teléfono registrado',
  montoAlDia: 'Para ponerse al día',
  registrarGestion: 'Registrar gestión',
  tipo: 'Tipo',
  resultado: 'Resultado',
  nota: 'Nota',
  guardarGestion: 'Guardar gestión',
  gestionGuardada: 'Gestión registrada',
  historial: 'Historial de gestiones',
  sinGestiones: 'Aún no hay gestiones registradas',
  cargarMas: 'Cargar más',
  promesa: 'Promesa de pago',
  promesaActual: 'Promesa actual',
  sinPromesa: 'Sin promesa de pago',
  fecha: 'Fecha prometida',
  monto: 'Monto prometido',
  registrarPromesa: 'Registrar promesa',
  promesaGuardada: 'Promesa de pago registrada',
  promesaReemplaza: 'La nueva promesa reemplaza a la pendiente',
  promesaResumen: (monto: string, fecha: string) => `${monto} a más tardar el ${fecha}`,
  pagadoEnPromesa: (monto: string) => `Pagado en el plazo: ${monto}`,
  registradaPor: (quien: string, cuando: string) => `${quien} · ${cuando}`,
  alertaIncumplida: (fecha: string) => `Promesa incumplida del ${fecha}`,
} as const;
