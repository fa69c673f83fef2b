import { idParam, page, pagoDetalleSchema, pagoRechazarSchema, pagosQuery, pagosResumenSchema } from '@cuota/shared';
import type { RouteDef } from '#commons/route-def';

/** Payment reconciliation (spec §2 /conciliacion): staff list, approve and reject reported payments. */
export const pagosRoutes = [
  {
    id: 'listar-pagos',
    method: 'GET',
    path: '/api/pagos',
    handler: 'pagos/listar-pagos',
    access: 'staff',
    table: 'read',
    summary:
      'Pagos por conciliar (?estado=registrado) o procesados (?estado=procesados: conciliados y rechazados), más recientes primero',
    tag: 'pagos',
    query: pagosQuery,
    response: page(pagoDetalleSchema),
  },
  {
    id: 'obtener-resumen-pagos',
    method: 'GET',
    path: '/api/pagos/resumen',
    handler: 'pagos/obtener-resumen-pagos',
    access: 'staff',
    table: 'read',
    summary: 'Resumen de conciliación: pendientes (cantidad y total) y conciliados hoy, de los agregados mantenidos',
    tag: 'pagos',
    response: pagosResumenSchema,
  },
  {
    id: 'aprobar-pago',
    method: 'POST',
    path: '/api/pagos/{id}/aprobar',
    handler: 'pagos/aprobar-pago',
    access: 'staff',
    roles: ['admin', 'cobrador'],
    table: 'write',
    summary: 'Conciliar un pago registrado: lo aplica al crédito (mora → interés → capital)',
    tag: 'pagos',
    params: idParam,
    response: pagoDetalleSchema,
  },
  {
    id: 'rechazar-pago',
    method: 'POST',
    path: '/api/pagos/{id}/rechazar',
    handler: 'pagos/rechazar-pago',
    access: 'staff',
    roles: ['admin', 'cobrador'],
    table: 'write',
    summary: 'Rechazar un pago registrado (no mueve dinero; se notifica al cliente)',
    tag: 'pagos',
    params: idParam,
    body: pagoRechazarSchema,
    response: pagoDetalleSchema,
  },
] as const satisfies readonly RouteDef[];
