import { ENTITY, type Guardado } from './comun';

/** Delivery ledger on AWS: SES SEND events (message tags campana/destinatario) recorded by registrar-entrega. */
export const PREFIJO_ENTREGA = 'ENTREGA#';
export const claveCampanaEntrega = (campanaId: string, clienteId: string) => ({
  pk: `CAMPANA#${campanaId}`,
  sk: `${PREFIJO_ENTREGA}${clienteId}`,
});

export type CampanaEntregaItem = Guardado<
  { campana_id: string; cliente_id: string; message_id: string; enviado_en: string | null },
  typeof ENTITY.campanaEntrega
>;

export const itemCampanaEntrega = (e: {
  campanaId: string;
  clienteId: string;
  messageId: string;
  enviadoEn: string | null;
}): CampanaEntregaItem => ({
  ...claveCampanaEntrega(e.campanaId, e.clienteId),
  tipo: ENTITY.campanaEntrega,
  campana_id: e.campanaId,
  cliente_id: e.clienteId,
  message_id: e.messageId,
  enviado_en: e.enviadoEn,
});
