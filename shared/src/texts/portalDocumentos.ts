/** Portal · Documentos tab and the customer's printable documents. */
export const portalDocumentosTexts = {
  descripcion: 'Contratos, comprobantes de pago y tablas de amortización de tus créditos.',
  vacio: 'Aún no tienes documentos',
  vacioTexto:
    'Cuando se desembolse un crédito tuyo, aquí encontrarás su contrato, su tabla de amortización y los comprobantes de tus pagos.',
  loadError: 'No se pudieron cargar tus documentos',
  desembolso: (fecha: string) => `Desembolso: ${fecha}`,
  comprobantes: (n: number) => (n === 1 ? '1 comprobante de pago' : `${n} comprobantes de pago`),
  sinComprobantes: 'Aún sin comprobantes de pago',
  noEncontradoTexto: 'Este crédito no existe o no pertenece a tu cuenta.',
} as const;
