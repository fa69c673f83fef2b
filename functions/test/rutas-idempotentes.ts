/**
 * The routes that take an Idempotency-Key (money writes and the mass send), pinned: the OpenAPI
 * test and the security fuzz check the manifest and the document against this list, so a route
 * that gains or loses the key is a change someone makes here on purpose.
 */
export const RUTAS_IDEMPOTENTES = [
  'aprobar-reestructuracion',
  'castigar-credito',
  'desembolsar-solicitud',
  'enviar-notificaciones-masivas',
  'reestructurar-credito',
  'registrar-pago-ventanilla',
  'reportar-pago',
  'reportar-pago-tarjeta',
  'revertir-pago',
];
