/** TEXTS.configuracion: see ../texts.ts. */
export const configuracionTexts = {
  notFound: 'Configuración no encontrada',
  claveInvalida: 'Clave de configuración inválida',
  valor: 'El valor es requerido',
  booleano: 'El valor debe ser "true" o "false"',
  zonaHoraria: 'Zona horaria inválida: usa un nombre IANA como America/Costa_Rica',
  horasReflejo: 'Las horas de reflejo deben ser un número entero entre 0 y 168',
  tasaUsura: 'La tasa máxima debe ser un porcentaje entre 0,01 y 100, con hasta 2 decimales (ej. 37,13)',
  stripePublicable: 'La clave publicable de Stripe debe empezar con pk_',
  stripeSecreta: 'La clave secreta de Stripe debe empezar con sk_ o rk_',
  demasiadoLargo: 'El valor es demasiado largo',
  actividad: (clave: string) => `Configuración actualizada: ${clave}`,
  descripciones: {
    timezone: 'Zona horaria del negocio (IANA): define la fecha contable y el cierre diario',
    tasa_usura_credito_anual:
      'Tasa anual máxima para crédito en general (%), Ley 7472 art. 36 bis; el BCCR la publica en enero y julio',
    tasa_usura_microcredito_anual:
      'Tasa anual máxima para microcrédito (%), Ley 7472 art. 36 bis; el BCCR la publica en enero y julio',
    desembolso_analista: 'Permitir que un analista desembolse créditos aprobados (si no, solo un administrador)',
    maker_checker: 'Control de cuatro ojos: quien aprobó una solicitud no puede desembolsarla',
    allow_credit_card_payments: 'Permitir que los clientes paguen cuotas con tarjeta desde el portal',
    payment_reflection_hours: 'Horas que tarda un pago reportado en reflejarse (0 a 168)',
    riesgo_umbrales_dias: 'Días de mora máximos de las categorías A1, A2, B1, B2, C1, C2 y D (E: más días), separados por comas',
    riesgo_porcentajes_estimacion: 'Estimación mínima (%) de las categorías A1 a E, separada por comas',
    riesgo_categoria_minima_reestructurado: 'Mejor categoría de riesgo que puede tener un crédito reestructurado',
    castigo_dias_mora_minimos: 'Un crédito se puede castigar con más de estos días de mora',
    stripe_publishable_key: 'Clave publicable de Stripe (pk_…)',
    stripe_secret_key: 'Clave secreta de Stripe (sk_…); solo visible para administradores',
  },
} as const;
