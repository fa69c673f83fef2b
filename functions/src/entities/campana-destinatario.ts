import { ENTITY, type Guardado, type TableItem } from './comun';

/** One per recipient of a campaign: the claim before sending and its result (exactly once per client). */
export const PREFIJO_DESTINATARIO = 'DEST#';
export const claveCampanaDestinatario = (campanaId: string, clienteId: string) => ({
  pk: `CAMPANA#${campanaId}`,
  sk: `${PREFIJO_DESTINATARIO}${clienteId}`,
});

export type EstadoDestinatario = 'reclamado' | 'enviado' | 'fallido' | 'omitido';

/** A recipient as stored: the claim (intento = the run that holds it) and, once settled, its result. */
export type CampanaDestinatarioItem = Guardado<
  {
    campana_id: string;
    cliente_id: string;
    email: string | null;
    estado: EstadoDestinatario;
    intento: string;
    reclamado_en: string;
    resuelto_en?: string;
    message_id?: string | null;
    error_envio?: string | null;
    por_libro?: boolean;
  },
  typeof ENTITY.campanaDestinatario
>;

/** A claim by run `intento`: estado 'reclamado' until the batch records its result. */
export const itemReclamo = (
  campanaId: string,
  r: { clienteId: string; intento: string; reclamadoEn: string; email: string | null },
): CampanaDestinatarioItem & TableItem => ({
  ...claveCampanaDestinatario(campanaId, r.clienteId),
  tipo: ENTITY.campanaDestinatario,
  campana_id: campanaId,
  cliente_id: r.clienteId,
  email: r.email,
  estado: 'reclamado',
  intento: r.intento,
  reclamado_en: r.reclamadoEn,
});
