import { idParam, page, paginationQuery } from '@cuota/shared/schemas/common';
import { gestionNuevaSchema, gestionSchema, promesaNuevaSchema, promesaSchema } from '@cuota/shared/schemas/gestiones';
import type { RouteDef } from '#commons/route-def';

const COBRANZA = ['admin', 'analista', 'cobrador'] as const;

export const rutaListarGestiones = {
  id: 'listar-gestiones',
  method: 'GET',
  path: '/api/creditos/{id}/gestiones',
  handler: 'gestiones/listar-gestiones',
  access: 'staff',
  roles: COBRANZA,
  table: 'read',
  summary: 'Bitácora de gestiones de cobro del crédito (llamadas, WhatsApp, visitas, correos), más recientes primero',
  tag: 'cobranza',
  params: idParam,
  query: paginationQuery,
  response: page(gestionSchema),
} as const satisfies RouteDef;

export const rutaRegistrarGestion = {
  id: 'registrar-gestion',
  successStatus: 201,
  method: 'POST',
  path: '/api/creditos/{id}/gestiones',
  handler: 'gestiones/registrar-gestion',
  access: 'staff',
  roles: COBRANZA,
  table: 'write',
  summary:
    'Registrar una gestión de cobro (tipo, resultado y nota): queda quién y cuándo, y en la actividad (Idempotency-Key opcional: un doble toque la registra una vez)',
  tag: 'cobranza',
  params: idParam,
  body: gestionNuevaSchema,
  response: gestionSchema,
} as const satisfies RouteDef;

export const rutaListarPromesas = {
  id: 'listar-promesas',
  method: 'GET',
  path: '/api/creditos/{id}/promesas',
  handler: 'gestiones/listar-promesas',
  access: 'staff',
  roles: COBRANZA,
  table: 'read',
  summary: 'Promesas de pago del crédito con su estado (pendiente, cumplida, incumplida, reemplazada), más recientes primero',
  tag: 'cobranza',
  params: idParam,
  query: paginationQuery,
  response: page(promesaSchema),
} as const satisfies RouteDef;

export const rutaRegistrarPromesa = {
  id: 'registrar-promesa',
  successStatus: 201,
  method: 'POST',
  path: '/api/creditos/{id}/promesas',
  handler: 'gestiones/registrar-promesa',
  access: 'staff',
  roles: COBRANZA,
  table: 'write',
  summary:
    'Registrar una promesa de pago (fecha hasta 30 días, monto) en un crédito con una cuota vencida o que vence a más tardar ese día: reemplaza la pendiente, se notifica al cliente y el cierre diario la marca cumplida o incumplida',
  tag: 'cobranza',
  params: idParam,
  body: promesaNuevaSchema,
  response: promesaSchema,
} as const satisfies RouteDef;

/** Collections work on one credit: its contact log and its payment promises. */
export const gestionesRoutes = [
  rutaListarGestiones,
  rutaRegistrarGestion,
  rutaListarPromesas,
  rutaRegistrarPromesa,
] as const satisfies readonly RouteDef[];
