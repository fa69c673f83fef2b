import type { Cliente, FactorScore, Solicitud } from '@cuota/shared';
import { byDate, ENTITY, stripKeys, type Entity, type Guardado, type TableItem } from './comun';
import { hijosDeCliente, PREFIJO_HIJO } from './cliente';

/** A solicitud as stored: the spec's fields plus its scorecard and, once approved, its credit. */
export type SolicitudGuardada = Solicitud & {
  factores: FactorScore[];
  credito_id: string | null;
  numero_credito: string | null;
};
export type SolicitudItem = Guardado<SolicitudGuardada, typeof ENTITY.solicitud> & TableItem;

/** Who created a solicitud and acted on it, and when: written with it and by its transitions. */
export interface AuditoriaSolicitud {
  origen?: 'staff' | 'portal';
  creado_por?: string;
  analizado_por?: string;
  aprobado_en?: string | null;
  aprobado_por?: string;
  rechazado_en?: string;
  rechazado_por?: string;
  desembolsado_por?: string;
  cancelado_por?: string;
  /** The reason given to disburse despite a missing score or a pending KYC (audited). */
  motivo_excepcion?: string | null;
  updated_at?: string;
}
/** The fields a transition of a solicitud sets (its estado comes from the transition). */
export type CambiosSolicitud = Partial<Omit<SolicitudGuardada, 'id' | 'estado'>> & AuditoriaSolicitud;

/** What a new solicitud is made of. */
export interface DatosNuevaSolicitud {
  id: string;
  numero_solicitud: string;
  cliente: Pick<Cliente, 'id' | 'nombre' | 'apellido' | 'email'>;
  producto: { id: string; nombre: string };
  montoCentimos: number;
  plazoMeses: number;
  origen: 'staff' | 'portal';
  creadoPor: string;
  createdAt: string;
  /** enviado unless given (the demo seed also writes borrador and cancelado ones). */
  estado?: Solicitud['estado'];
}

/** A new solicitud, before any analysis: no score, no factors, no credit. */
export function nuevaSolicitud(d: DatosNuevaSolicitud): SolicitudGuardada & AuditoriaSolicitud {
  return {
    id: d.id,
    numero_solicitud: d.numero_solicitud,
    cliente_id: d.cliente.id,
    producto_id: d.producto.id,
    producto_nombre: d.producto.nombre,
    cliente_nombre: d.cliente.nombre,
    cliente_apellido: d.cliente.apellido,
    cliente_email: d.cliente.email,
    monto_solicitado_centimos: d.montoCentimos,
    plazo_meses: d.plazoMeses,
    estado: d.estado ?? 'enviado',
    score: null,
    riesgo_calculado: null,
    analizado_en: null,
    motivo_rechazo: null,
    factores: [],
    credito_id: null,
    numero_credito: null,
    origen: d.origen,
    creado_por: d.creadoPor,
    created_at: d.createdAt,
  };
}

/** The sort-key prefix of a client's solicitudes among its children (gsi1 CLIENTE#id). */
export const solicitudesDeCliente = () => PREFIJO_HIJO.solicitud;

export const claveSolicitud = (id: string) => ({ pk: `SOLICITUD#${id}`, sk: 'SOLICITUD' });
/** gsi2: every solicitud newest first. */
export const PARTICION_SOLICITUDES = 'SOLICITUDES';
/** gsi3: one partition per estado. */
export const particionSolicitudesEstado = (estado: string) => `SOLICITUDES#${estado}`;

export const itemSolicitud = (
  s: (SolicitudGuardada & AuditoriaSolicitud) | (Entity & { cliente_id: string; estado: string }),
): SolicitudItem =>
  ({
    ...stripKeys(s as Entity),
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

/** What a customer sees of their own solicitud: not the analyst's scorecard nor who acted on it. */
export function solicitudParaCliente(s: SolicitudGuardada & AuditoriaSolicitud) {
  const {
    factores: _f,
    creado_por: _c,
    analizado_por: _a,
    aprobado_por: _ap,
    rechazado_por: _r,
    desembolsado_por: _d,
    cancelado_por: _ca,
    motivo_excepcion: _m,
    ...visible
  } = s;
  return visible;
}
