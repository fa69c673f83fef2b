import type { FactorScore, Solicitud } from '@cuota/shared';
import { byDate, ENTITY, stripKeys, type Entity, type Guardado, type TableItem } from './comun';
import { hijosDeCliente, PREFIJO_HIJO } from './cliente';

/** A solicitud as stored: the spec's fields plus its scorecard and, once approved, its credit. */
export type SolicitudGuardada = Solicitud & {
  factores: FactorScore[];
  credito_id: string | null;
  numero_credito: string | null;
};
export type SolicitudItem = Guardado<SolicitudGuardada, typeof ENTITY.solicitud> & TableItem;

/** The sort-key prefix of a client's solicitudes among its children (gsi1 CLIENTE#id). */
export const solicitudesDeCliente = () => PREFIJO_HIJO.solicitud;

export const claveSolicitud = (id: string) => ({ pk: `SOLICITUD#${id}`, sk: 'SOLICITUD' });
/** gsi2: every solicitud newest first. */
export const PARTICION_SOLICITUDES = 'SOLICITUDES';
/** gsi3: one partition per estado. */
export const particionSolicitudesEstado = (estado: string) => `SOLICITUDES#${estado}`;

export const itemSolicitud = (s: Entity & { cliente_id: string; estado: string }): SolicitudItem =>
  ({
    ...stripKeys(s),
    ...claveSolicitud(s.id),
    tipo: ENTITY.solicitud,
    gsi1pk: hijosDeCliente(s.cliente_id),
    gsi1sk: `${PREFIJO_HIJO.solicitud}${byDate(s.created_at, s.id)}`,
    gsi2pk: PARTICION_SOLICITUDES,
    gsi2sk: byDate(s.created_at, s.id),
    gsi3pk: particionSolicitudesEstado(s.estado),
    gsi3sk: byDate(s.created_at, s.id),
  }) as unknown as SolicitudItem;

export function solicitudAApi(item: Record<string, unknown>): SolicitudGuardada {
  const s = stripKeys(item) as unknown as SolicitudGuardada;
  return { ...s, factores: s.factores ?? [], credito_id: s.credito_id ?? null, numero_credito: s.numero_credito ?? null };
}
