import { parse, type z } from 'zod/mini';
import { CODIGO_MFA_REQUERIDA } from '../roles';
import { errorBody } from '../schemas/common';
import { errorsTexts } from '../texts/errors';
import { getAuthBridge } from './auth-bridge';
import { getConfig } from './config';

/** An API failure with the server's `{ code, message, details }` (details: field → Spanish message). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, string> = {},
    /** False when the body was not `{ code, message }` and the message is our generic one. */
    readonly fromServer = true,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The message to show for a failed action: the server's Spanish message, a network message,
 * or the action's own fallback (spec §8: "Message or 'No se pudo crear el cliente'").
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.fromServer || error.code === 'NETWORK')) return error.message || fallback;
  return fallback;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Parses the answer; the shared zod schemas give typed results and catch contract drift. */
  schema?: z.core.$ZodType<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * `path` is the manifest path (`/api/...`). `apiUrl` from /config.json is the base it is
 * appended to; a base that already ends in `/api` is accepted too.
 */
export function apiUrl(path: string, base: string, query?: Record<string, QueryValue>): string {
  const trimmed = base.replace(/\/+$/, '');
  const joined = trimmed.endsWith('/api') && path.startsWith('/api/') ? trimmed + path.slice(4) : trimmed + path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${joined}?${search}` : joined;
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const parsed = errorBody.safeParse(json);
  if (parsed.success) return new ApiError(res.status, parsed.data.code, parsed.data.message, parsed.data.details ?? {});
  const fallback =
    res.status === 401
      ? errorsTexts.unauthorized
      : res.status === 403
        ? errorsTexts.forbidden
        : res.status === 404
          ? errorsTexts.notFound
          : errorsTexts.internal;
  return new ApiError(res.status, `HTTP_${res.status}`, fallback, {}, false);
}

/** Calls the API with the Cognito ID token as Bearer and turns error bodies into ApiError. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const token = await getAuthBridge().getIdToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(apiUrl(path, getConfig().apiUrl, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', errorsTexts.network, {}, false);
  }
  if (!res.ok) {
    const error = await toApiError(res);
    // a session the server no longer accepts (revoked, or expired beyond refresh) ends here
    if (res.status === 401 && token) getAuthBridge().sesionTerminada?.(error.message);
    // staff without an authenticator app while staff MFA is required: to the TOTP enrolment
    if (res.status === 403 && error.code === CODIGO_MFA_REQUERIDA) getAuthBridge().mfaRequerida?.(error.message);
    throw error;
  }
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json();
  return options.schema ? parse(options.schema, data) : (data as T);
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
