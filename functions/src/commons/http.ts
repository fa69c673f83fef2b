import { errorsTexts } from '@cuota/shared/texts/errors';
import { validacionGenericaTexts } from '@cuota/shared/texts/validacionGenerica';
import { errorEnEspanol } from '@cuota/shared/schemas/errores';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod/mini';
import type { RouteDef } from './route-def';
import { callerVigente, emitidoEn } from './acceso';
import { callerFrom, exigeMfa, type Caller } from './auth';
import {
  AppError,
  ForbiddenError,
  MfaRequeridaError,
  PayloadTooLargeError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from './errors';
import { errorDeServicio } from './saturacion';
import { logger } from './logger';
import { errorNoControlado, marcarObservado, observar } from './observabilidad';

/**
 * Largest request body accepted (README "Request limits"). Checked before decoding or JSON.parse, here
 * and in the local gateway: API Gateway would hand a Lambda up to 10 MB.
 */
export const MAX_BODY_BYTES = 256 * 1024;

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

type Infer<T> = T extends z.ZodMiniType ? z.output<T> : undefined;

export interface RouteContext<R extends RouteDef> {
  params: Infer<R['params']>;
  query: Infer<R['query']>;
  body: Infer<R['body']>;
  /** Present on every route that is not public. */
  caller: R['access'] extends 'public' ? Caller | null : Caller;
  headers: Record<string, string | undefined>;
  event: ApiEvent;
}

/** A result with a status other than 200; plain return values are 200. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const created = (body: unknown): Reply => new Reply(201, body);

/** Zod issues → `{ field: first message }` (the spec's Spanish messages). */
export function issuesToDetails(error: z.core.$ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    details[key] ??= issue.message;
  }
  return details;
}

function parse<T extends z.ZodMiniType>(schema: T | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  // fields without a message of their own get a Spanish one, never zod's English default
  const result = schema.safeParse(value, { error: errorEnEspanol });
  if (!result.success) throw new ValidationError(issuesToDetails(result.error));
  return result.data;
}

/** A lone UTF-16 surrogate: JSON can carry it ("\ud800"), UTF-8 cannot encode it, so no store keeps such text as sent. */
const SURROGATE_SUELTO = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No body schema nests deeper than this; deeper values of a refused body are not searched (a hostile one nests 50 000 levels). */
const PROFUNDIDAD_MAXIMA = 8;

/** The paths (`a.b`) of the texts in a body that are not well-formed Unicode. */
export function textosMalFormados(value: unknown, path: readonly string[] = []): string[] {
  if (typeof value === 'string') return SURROGATE_SUELTO.test(value) ? [path.join('.') || '_'] : [];
  if (value && typeof value === 'object' && path.length < PROFUNDIDAD_MAXIMA)
    return Object.entries(value).flatMap(([k, v]) => textosMalFormados(v, [...path, k]));
  return [];
}

/** The top-level fields a body schema keeps (objects, and pipes or unions of them); null when it cannot tell. */
function camposDe(schema: z.ZodMiniType): Set<string> | null {
  const def = schema._zod.def as { type: string; shape?: object; in?: z.ZodMiniType; options?: z.ZodMiniType[] };
  if (def.type === 'object' && def.shape) return new Set(Object.keys(def.shape));
  if (def.type === 'pipe' && def.in) return camposDe(def.in);
  if (def.type === 'union' && def.options) {
    const todos = def.options.map(camposDe);
    return todos.every(Boolean) ? new Set(todos.flatMap((c) => [...c!])) : null;
  }
  return null;
}

/**
 * Schema issues and texts that are not well-formed Unicode, reported together: a lone surrogate in
 * one field is named even when another field is also wrong (only the schema's fields, never extras).
 */
function parseBody<T extends z.ZodMiniType>(schema: T, event: ApiEvent): unknown {
  const raw = readBody(event);
  const result = schema.safeParse(raw, { error: errorEnEspanol });
  const campos = camposDe(schema);
  const malFormados = result.success
    ? textosMalFormados(result.data)
    : textosMalFormados(raw).filter((c) => campos?.has(c.split('.')[0]!));
  if (result.success && !malFormados.length) return result.data;
  const details = result.success ? {} : issuesToDetails(result.error);
  for (const c of malFormados) details[c] ??= validacionGenericaTexts.textoMalFormado;
  throw new ValidationError(details);
}

/** No body at all reads as `{}` (routes whose fields are all optional); any JSON body is parsed as sent. */
function readBody(event: ApiEvent): unknown {
  if (!event.body) return {};
  // measured without decoding or parsing: an oversized body costs no work (API Gateway lets 10 MB through)
  if (Buffer.byteLength(event.body, event.isBase64Encoded ? 'base64' : 'utf8') > MAX_BODY_BYTES) throw new PayloadTooLargeError();
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(raw);
  } catch {
    throw new ValidationError({ _: validacionGenericaTexts.cuerpoJson }, validacionGenericaTexts.cuerpoJson);
  }
}

/**
 * Staff MFA (MFA_PERSONAL): the only routes staff without an authenticator app may still call where
 * it is required. Who they are (the shell's guards and frame), their profile and their password:
 * Configuración → Perfil and Seguridad, where they enrol TOTP (which itself goes straight to
 * Cognito). Every other staff or 'user' route answers them 403 MFA_REQUERIDA: their notifications
 * speak about customers, the settings and payment methods are the business's. Customers never need it.
 */
export const RUTAS_SIN_MFA: ReadonlySet<string> = new Set([
  'obtener-me',
  'obtener-perfil',
  'actualizar-perfil',
  'cambiar-contrasena',
]);

export function authorize(route: RouteDef, caller: Caller | null): void {
  if (route.access === 'public') return;
  if (!caller) throw new UnauthorizedError();
  // Portal routes are the customer's own: staff have no client record to act on.
  if (route.access === 'cliente' && caller.isStaff) throw new ForbiddenError();
  if (route.access === 'staff') {
    if (!caller.isStaff) throw new ForbiddenError();
    if (route.roles && !caller.roles.some((r) => route.roles!.includes(r))) throw new ForbiddenError();
  }
  if (!RUTAS_SIN_MFA.has(route.id) && exigeMfa(caller.roles, caller.mfa)) throw new MfaRequeridaError();
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** The error model's answer to `fallo`; an unexpected one is a 500 and counts in `ErroresNoControlados` (`ruta`: its metadata). */
export function errorResult(fallo: unknown, ruta?: RouteDef): ApiResult {
  const error = errorDeServicio(fallo) ?? fallo;
  if (error instanceof AppError) {
    const espera = error instanceof TooManyRequestsError ? error.reintentarEnSegundos : undefined;
    return {
      statusCode: error.status,
      headers: espera ? { ...JSON_HEADERS, 'retry-after': String(espera) } : JSON_HEADERS,
      body: JSON.stringify({ code: error.code, message: error.message, details: error.details }),
    };
  }
  logger.error('error no controlado', error as Error);
  errorNoControlado(error, ruta);
  return {
    statusCode: 500,
    headers: JSON_HEADERS,
    body: JSON.stringify({ code: 'INTERNAL_ERROR', message: errorsTexts.internal }),
  };
}

/**
 * Wraps one operation: authorization from its route definition, input validation with the shared
 * schemas, the error model and a structured access log. Handlers hold no plumbing.
 *
 * The route is the definition itself, imported from the feature's routes module (e.g.
 * `defineRoute(rutaAprobarPago, …)`), never looked up in the manifest: a Lambda bundles its own
 * route and schemas, not the whole API contract.
 */
export function defineRoute<const R extends RouteDef>(route: R, impl: (ctx: RouteContext<R>) => Promise<unknown>) {
  const atender = async (event: ApiEvent): Promise<ApiResult> => {
    const started = Date.now();
    const delToken = callerFrom(event);
    let status = 500;
    try {
      // The token says who the caller is; their access item says what they may still do (acceso.ts).
      const caller = delToken && (await callerVigente(delToken, emitidoEn(event.requestContext.authorizer?.jwt?.claims?.iat)));
      authorize(route, caller);
      const ctx = {
        params: parse(route.params, event.pathParameters ?? {}),
        query: parse(route.query, event.queryStringParameters ?? {}),
        body: route.body ? parseBody(route.body, event) : undefined,
        caller,
        headers: event.headers ?? {},
        event,
      } as RouteContext<R>;
      const out = await impl(ctx);
      const reply = out instanceof Reply ? out : new Reply(route.successStatus ?? 200, out);
      status = reply.status;
      return {
        statusCode: reply.status,
        headers: { ...JSON_HEADERS, ...reply.headers },
        body: reply.body === undefined ? '' : JSON.stringify(reply.body),
      };
    } catch (error) {
      const result = errorResult(error, route);
      status = result.statusCode ?? 500;
      return result;
    } finally {
      logger.info('request', {
        route: route.id,
        status,
        ms: Date.now() - started,
        userId: delToken?.userId,
        requestId: event.requestContext?.requestId,
      });
    }
  };
  // the Lambda context, a trace subsegment and the request's metrics (commons/observabilidad.ts)
  return marcarObservado((event: ApiEvent, context?: Context): Promise<ApiResult> =>
    observar(route.id, context, () => atender(event)),
  );
}
