/** Delivery ledger on AWS: SES SEND events (message tags campana/destinatario) recorded by registrar-entrega. */
export const PREFIJO_ENTREGA = 'ENTREGA#';
export const claveCampanaEntrega = (campanaId: string, clienteId: string) => ({
  pk: `CAMPANA#${campanaId}`,
  sk: `${PREFIJO_ENTREGA}${clienteId}`,
});
