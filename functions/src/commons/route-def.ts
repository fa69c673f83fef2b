import type { StaffRole } from '@cuota/shared/roles';
import type { z } from 'zod/mini';

/**
 * The route manifest: every HTTP operation declared once. The CDK API stack, the local gateway,
 * the OpenAPI document and the authorization tests are generated from it.
 *
 * access:
 * - public: no token.
 * - user: any signed-in user.
 * - staff: a user with at least one role; `roles` narrows it further.
 * - cliente: a signed-in user with a linked client record (portal routes; the client is the caller's own).
 */
export type Access = 'public' | 'user' | 'staff' | 'cliente';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: `/api${string}`;
  /** Module under functions/src/features, exporting `handler`. */
  readonly handler: string;
  readonly access: Access;
  readonly roles?: readonly StaffRole[];
  /**
   * Least-privilege table grant for the function. Every route that is not public reads at least
   * (defineRoute reads the caller's access item on every request: commons/acceso.ts).
   */
  readonly table: 'none' | 'read' | 'write';
  /**
   * Cognito admin calls the function makes: true = user management (create, roles, passwords);
   * 'lectura' = only looking a user and their groups up. Calls authorized by the user's own token
   * or code (ChangePassword, ConfirmForgotPassword) need no grant.
   */
  readonly cognito?: true | 'lectura';
  /**
   * WebSocket calls the function makes through the API Gateway `@connections` API: 'cerrar' =
   * closes a user's open connections when their access is revoked (realtime `cerrarConexionesDe`).
   * On AWS only these functions get the stage's callback URL (`WS_CALLBACK_URL`) and
   * `execute-api:ManageConnections` for DELETE on that stage; without it the connections are only
   * dropped from the registry (no more pushes) and the sockets stay open until idle.
   */
  readonly websocket?: 'cerrar';
  readonly summary: string;
  readonly tag: string;
  readonly params?: z.ZodMiniObject;
  readonly query?: z.ZodMiniObject;
  readonly body?: z.ZodMiniType;
  readonly response?: z.ZodMiniType;
  /** Status of a successful answer when it is not 200 (routes that create return 201). */
  readonly successStatus?: 201;
  /** Accepts an Idempotency-Key header ('requerida': refuses a request without one). */
  readonly idempotent?: boolean | 'requerida';
}

/** Roles that may write client and application data. */
export const STAFF_WRITE: readonly StaffRole[] = ['admin', 'analista'];
