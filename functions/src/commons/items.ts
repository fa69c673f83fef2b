import { byDate, ENTITY, keys, normalizeTerm, stripKeys } from './keys';

/**
 * Table items from entity records: the one place where each entity's keys and index
 * attributes are derived from its fields. Stores, the seed and the tests all go through here,
 * so an access pattern changes in one file.
 */
type Entity = Record<string, unknown> & { id: string; created_at: string };
export type TableItem = Record<string, unknown> & { pk: string; sk: string; tipo: string };

/**
 * Credits still being collected are on gsi3 by the next business date their close can change them
 * (proxima_revision: the oldest unpaid due date, or the day after the first due date while vigente;
 * older items without it use proximo_vencimiento). Sparse: absent once cancelado.
 */
export const AL_COBRO = 'CREDITOS#AL_COBRO';

export const itemFor = {
  /** Products newest first on gsi1; active ones also on a sparse gsi2 ordered by name (for selects). */
  producto: (p: Entity): TableItem => {
    const item: TableItem = {
      ...stripKeys(p),
      ...keys.producto(p.id),
      tipo: ENTITY.producto,
      gsi1pk: keys.productosList(),
      gsi1sk: byDate(p.created_at, p.id),
    };
    if (p.activo === true) {
      item.gsi2pk = keys.productosActivos();
      item.gsi2sk = `${normalizeTerm(String(p.nombre))}#${p.id}`;
    }
    return item;
  },

  /** Guard that keeps product codes unique (written and moved in the product's transaction). */
  productoCodigo: (p: { id: string; codigo: string }): TableItem => ({
    ...keys.unicoProductoCodigo(p.codigo),
    tipo: ENTITY.unico,
    producto_id: p.id,
  }),

  configuracion: (c: Record<string, unknown> & { clave: string }): TableItem => ({
    ...stripKeys(c),
    ...keys.configuracion(c.clave),
    tipo: ENTITY.configuracion,
  }),

  metodoPago: (m: Record<string, unknown> & { codigo: string }): TableItem => ({
    ...stripKeys(m),
    ...keys.metodoPago(m.codigo),
    tipo: ENTITY.metodoPago,
  }),

  cuentaBancaria: (c: Record<string, unknown> & { id: string }): TableItem => ({
    ...stripKeys(c),
    ...keys.cuentaBancaria(c.id),
    tipo: ENTITY.cuentaBancaria,
  }),

  solicitud: (s: Entity & { cliente_id: string; estado: string }): TableItem => ({
    ...stripKeys(s),
    ...keys.solicitud(s.id),
    tipo: ENTITY.solicitud,
    gsi1pk: keys.clienteChildren(s.cliente_id),
    gsi1sk: `SOLICITUD#${byDate(s.created_at, s.id)}`,
    gsi2pk: 'SOLICITUDES',
    gsi2sk: byDate(s.created_at, s.id),
    gsi3pk: `SOLICITUDES#${s.estado}`,
    gsi3sk: byDate(s.created_at, s.id),
  }),

  /**
   * gsi2 is partitioned by estado (CREDITOS#vigente…): whoever changes a credit's estado writes
   * the item through here (or sets gsi2pk = keys.creditosList(estado) in the same update).
   */
  credito: (
    c: Entity & { cliente_id: string; estado: string; proximo_vencimiento?: string | null; proxima_revision?: string | null },
  ): TableItem => {
    const item: TableItem = {
      ...stripKeys(c),
      ...keys.credito(c.id),
      tipo: ENTITY.credito,
      gsi1pk: keys.clienteChildren(c.cliente_id),
      gsi1sk: `CREDITO#${byDate(c.created_at, c.id)}`,
      gsi2pk: keys.creditosList(c.estado),
      gsi2sk: byDate(c.created_at, c.id),
    };
    const revision = c.proxima_revision === undefined ? c.proximo_vencimiento : c.proxima_revision;
    if (c.estado !== 'cancelado' && revision) {
      item.gsi3pk = AL_COBRO;
      item.gsi3sk = `${revision}#${c.id}`;
    }
    return item;
  },

  cuota: (c: Record<string, unknown> & { id: string; credito_id: string; numero_cuota: number }): TableItem => ({
    ...stripKeys(c),
    ...keys.cuota(c.credito_id, c.numero_cuota),
    tipo: ENTITY.cuota,
  }),

  pago: (p: Entity & { cliente_id: string; credito_id: string; estado: string }): TableItem => ({
    ...stripKeys(p),
    ...keys.pago(p.id),
    tipo: ENTITY.pago,
    gsi1pk: keys.clienteChildren(p.cliente_id),
    gsi1sk: `PAGO#${byDate(p.created_at, p.id)}`,
    gsi2pk: `CREDITO#${p.credito_id}#PAGOS`,
    gsi2sk: byDate(p.created_at, p.id),
    gsi3pk: `PAGOS#${p.estado}`,
    gsi3sk: byDate(p.created_at, p.id),
  }),

  /** A credit's ledger movement (keys.movimiento): an applied payment or an audited adjustment. */
  movimiento: (m: Entity & { credito_id: string; fecha_valor: string }): TableItem => ({
    ...stripKeys(m),
    ...keys.movimiento(m.credito_id, m.fecha_valor, m.id),
    tipo: ENTITY.movimiento,
  }),

  /** The spec's notification type is stored as `tipo_notificacion` (`tipo` is the entity type). */
  notificacion: (n: Entity & { user_id: string }): TableItem => ({
    ...stripKeys(n),
    ...keys.notificacion(n.user_id, n.created_at, n.id),
    tipo: ENTITY.notificacion,
    gsi1pk: keys.notificacionPorId(n.id),
    gsi1sk: 'NOTIFICACION',
  }),

  /** A client's credit-line usage: Σ saldo_capital of its credits, kept in step with every capital change. */
  lineaCredito: (l: { cliente_id: string; usado_centimos: number; updated_at: string }): TableItem => ({
    ...keys.lineaCredito(l.cliente_id),
    tipo: ENTITY.lineaCredito,
    cliente_id: l.cliente_id,
    usado_centimos: l.usado_centimos,
    updated_at: l.updated_at,
  }),

  actividad: (a: Entity): TableItem => ({
    ...stripKeys(a),
    pk: 'ACTIVIDAD',
    sk: byDate(a.created_at, a.id),
    tipo: ENTITY.actividad,
  }),
};
