/** The admin's daily close on demand: the 'Cierre diario' card of admin-app /monitoreo. */
export const cierreDiarioTexts = {
  titulo: 'Cierre diario',
  descripcion:
    'Calcula los días de atraso, la mora y el estado de los créditos de cada fecha pendiente, y envía los avisos y recordatorios.',
  ultimoCierre: 'Último día cerrado',
  sinPendientes: 'al día',
  pendientes: (n: number) => (n === 1 ? '1 fecha pendiente' : `${n} fechas pendientes`),
  ninguno: 'Ninguno',
  fecha: 'Cerrar hasta el',
  fechaHint: (fecha: string) => `Se cierran todas las fechas pendientes hasta el ${fecha}.`,
  ejecutar: 'Ejecutar cierre',
  ejecutando: 'Cerrando…',
  buscando: 'Cerrando… buscando las fechas pendientes',
  progreso: (hechas: number, total: number) => `Cerrando… ${hechas} de ${total} ${total === 1 ? 'fecha' : 'fechas'}`,
  progresoEtiqueta: 'Progreso del cierre diario',
  esperando: (fecha: string) => `Otro proceso está cerrando el ${fecha}; se continúa en cuanto termine…`,
  puedeSeguir: 'Puede seguir en esta página mientras se cierra. Si sale de ella, la tarea programada completa lo que falte.',
  completado: 'Cierre completado',
  completadoTexto: (n: number, hasta: string) =>
    n === 0
      ? `El ${hasta} ya estaba cerrado: no había fechas pendientes.`
      : `${n === 1 ? 'Se cerró 1 fecha' : `Se cerraron ${n} fechas`} hasta el ${hasta}.`,
  resumen: 'Resumen del cierre',
  fechasCerradas: 'Fechas cerradas',
  creditosActualizados: 'Créditos actualizados',
  moraDevengada: 'Mora devengada',
  recordatorios: 'Recordatorios enviados',
  avisosVencimiento: 'Avisos de cuota vencida',
  conErrorTitulo: (n: number) => (n === 1 ? '1 crédito no se pudo recalcular' : `${n} créditos no se pudieron recalcular`),
  conErrorTexto: 'Tienen datos incompletos o inconsistentes: el cierre no los modificó y registró el error. Revíselos:',
  error: 'Error al ejecutar el cierre',
  errorParcial: (n: number) =>
    `${n === 1 ? 'Se cerró 1 fecha' : `Se cerraron ${n} fechas`} antes del error; ejecute el cierre de nuevo para continuar.`,
  ocupado: 'Otro proceso está cerrando estas fechas desde hace varios minutos; intente de nuevo más tarde.',
} as const;
