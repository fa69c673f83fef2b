import { idParam } from '@cuota/shared/schemas/common';
import {
  aprobarReestructuracionSchema,
  planReestructuracionSchema,
  rechazarPropuestaSchema,
  reestructuracionesSchema,
  reestructuracionSchema,
  reestructurarSchema,
} from '@cuota/shared/schemas/reestructuracion';
import type { RouteDef } from '#commons/route-def';

export const rutaVistaPreviaReestructuracion = {
  id: 'vista-previa-reestructuracion',
  method: 'POST',
  path: '/api/creditos/{id}/reestructurar/vista-previa',
  handler: 'reestructuracion/vista-previa-reestructuracion',
  access: 'staff',
  roles: ['admin', 'analista'],
  table: 'read',
  summary:
    'Vista previa de una reestructuración (readecuación, prórroga o refinanciamiento): el calendario nuevo y los totales antes y después; no escribe nada',
  tag: 'creditos',
  params: idParam,
  body: reestructurarSchema,
  response: planReestructuracionSchema,
} as const satisfies RouteDef;

export const rutaReestructurarCredito = {
  id: 'reestructurar-credito',
  method: 'POST',
  path: '/api/creditos/{id}/reestructurar',
  handler: 'reestructuracion/reestructurar-credito',
  access: 'staff',
  roles: ['admin', 'analista'],
  table: 'write',
  summary:
    'Reestructurar un crédito: un admin la confirma (calendario nuevo, el anterior queda en el registro); un analista registra una propuesta que un admin confirma o rechaza (Idempotency-Key requerida)',
  tag: 'creditos',
  params: idParam,
  body: reestructurarSchema,
  response: reestructuracionSchema,
  successStatus: 201,
  idempotent: 'requerida',
} as const satisfies RouteDef;

export const rutaListarReestructuraciones = {
  id: 'listar-reestructuraciones',
  method: 'GET',
  path: '/api/creditos/{id}/reestructuraciones',
  handler: 'reestructuracion/listar-reestructuraciones',
  access: 'staff',
  table: 'read',
  summary: 'Reestructuraciones y propuestas del crédito, con el calendario que cada una reemplazó',
  tag: 'creditos',
  params: idParam,
  response: reestructuracionesSchema,
} as const satisfies RouteDef;

export const rutaAprobarReestructuracion = {
  id: 'aprobar-reestructuracion',
  method: 'POST',
  path: '/api/creditos/{id}/reestructuraciones/aprobar',
  handler: 'reestructuracion/aprobar-reestructuracion',
  access: 'staff',
  roles: ['admin'],
  table: 'write',
  summary:
    'Confirmar una propuesta de reestructuración (sobre la deuda del día, con los parámetros propuestos); quien la propuso no puede confirmarla (Idempotency-Key requerida)',
  tag: 'creditos',
  params: idParam,
  body: aprobarReestructuracionSchema,
  response: reestructuracionSchema,
  idempotent: 'requerida',
} as const satisfies RouteDef;

export const rutaRechazarReestructuracion = {
  id: 'rechazar-reestructuracion',
  method: 'POST',
  path: '/api/creditos/{id}/reestructuraciones/rechazar',
  handler: 'reestructuracion/rechazar-reestructuracion',
  access: 'staff',
  roles: ['admin'],
  table: 'write',
  summary: 'Rechazar una propuesta de reestructuración, con motivo',
  tag: 'creditos',
  params: idParam,
  body: rechazarPropuestaSchema,
  response: reestructuracionSchema,
} as const satisfies RouteDef;

export const reestructuracionRoutes = [
  rutaVistaPreviaReestructuracion,
  rutaReestructurarCredito,
  rutaListarReestructuraciones,
  rutaAprobarReestructuracion,
  rutaRechazarReestructuracion,
] as const;
