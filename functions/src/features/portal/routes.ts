import { clienteSchema, portalRegistroSchema } from '@cuota/shared';
import { type RouteDef } from '#commons/route-def';

export const portalRoutes = [
  {
    id: 'registrar-cliente-portal',
    method: 'POST',
    path: '/api/portal/registro',
    handler: 'portal/registrar-cliente-portal',
    access: 'user',
    table: 'write',
    summary: 'Crear el registro de cliente propio tras el alta en Cognito',
    tag: 'portal',
    body: portalRegistroSchema,
    response: clienteSchema,
  },
] as const satisfies readonly RouteDef[];
