import { errorBody } from '@cuota/shared/schemas/common';
import * as z from 'zod/mini';
import type { RouteDef } from '../manifest';
import { RUTAS_SIN_MFA } from './http';

const ROLE_TEXT: Record<RouteDef['access'], string> = {
  public: 'Público',
  user: 'Cualquier usuario autenticado',
  staff: 'Personal (admin, analista, cobrador)',
  cliente: 'Cliente autenticado con registro vinculado (solo datos propios)',
};

function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: jsonSchema(errorBody, 'output') } },
});

/** OpenAPI 3.1 generated from the route manifest and its zod schemas. */
export function buildOpenApi(routes: readonly RouteDef[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', route.params],
      ['query', route.query],
    ] as const) {
      if (!schema) continue;
      const js = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, s] of Object.entries(js.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: s });
      }
    }
    if (route.idempotent)
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: route.idempotent === 'requerida',
        description: 'La misma clave del mismo usuario recibe la respuesta de la primera petición sin repetir el efecto (24 h)',
        schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,128}$' },
      });
    const access = route.roles ? `${ROLE_TEXT[route.access]}; roles: ${route.roles.join(', ')}` : ROLE_TEXT[route.access];
    const responses: Record<string, unknown> = {
      [String(route.successStatus ?? 200)]: {
        description: 'OK',
        ...(route.response ? { content: { 'application/json': { schema: jsonSchema(route.response, 'output') } } } : {}),
      },
      '400': errorResponse('Datos inválidos (detalle por campo)'),
      '500': errorResponse('Error inesperado'),
    };
    if (route.access !== 'public') {
      responses['401'] = errorResponse('Sin sesión o token inválido');
      const mfa = 'MFA_REQUERIDA: el personal necesita la app de autenticación (MFA_PERSONAL=obligatoria)';
      responses['403'] = errorResponse(
        route.access === 'staff'
          ? `FORBIDDEN: sin permisos para esta acción; ${mfa}`
          : route.access === 'user' && !RUTAS_SIN_MFA.has(route.id)
            ? `FORBIDDEN: no tienes permisos para realizar esta acción; ${mfa}`
            : 'No tienes permisos para realizar esta acción',
      );
    }
    if (route.params) responses['404'] = errorResponse('No encontrado');
    if (route.method !== 'GET') responses['409'] = errorResponse('Conflicto de estado');
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: route.id,
      summary: route.summary,
      description: `Acceso: ${access}.`,
      tags: [route.tag],
      ...(route.access === 'public' ? { security: [] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cuota API',
      version: '1.0.0',
      description: 'API HTTP de Cuota. Montos en céntimos enteros (campos *_centimos).',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { cognito: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ cognito: [] }],
    paths,
  };
}
