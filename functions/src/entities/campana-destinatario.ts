/** One per recipient of a campaign: the claim before sending and its result (exactly once per client). */
export const PREFIJO_DESTINATARIO = 'DEST#';
export const claveCampanaDestinatario = (campanaId: string, clienteId: string) => ({
  pk: `CAMPANA#${campanaId}`,
  sk: `${PREFIJO_DESTINATARIO}${clienteId}`,
});
