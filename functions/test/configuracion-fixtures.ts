/** Every configuration key an administrator sees, in the order the screen lists them (general, then pagos). */
export const CLAVES_EN_ORDEN = [
  'timezone',
  'tasa_usura_credito_anual',
  'tasa_usura_microcredito_anual',
  'desembolso_analista',
  'maker_checker',
  'riesgo_umbrales_dias',
  'riesgo_porcentajes_estimacion',
  'riesgo_categoria_minima_reestructurado',
  'castigo_dias_mora_minimos',
  'allow_credit_card_payments',
  'payment_reflection_hours',
  'stripe_publishable_key',
  'stripe_secret_key',
];
