import { isStaffRole, type StaffRole } from '@cuota/shared/roles';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

export interface Caller {
  userId: string;
  email: string;
  nombre: string | null;
  apellido: string | null;
  roles: StaffRole[];
  isStaff: boolean;
  /**
   * The token's `cuota_mfa` claim (identidad/pre-token-generation): 'totp' when the account had an
   * authenticator app enrolled when the token was issued, 'no' when it had none, null without the claim.
   */
  mfa?: MfaClaim | null;
}

/** The ID-token claim the pre-token-generation trigger adds to staff tokens. */
export const CLAIM_MFA = 'cuota_mfa';
export type MfaClaim = 'totp' | 'no';

/** The claim's value, or null when the token has none (customers, or a token from before the trigger). */
export function mfaDeClaim(raw: unknown): MfaClaim | null {
  return raw === 'totp' || raw === 'no' ? raw : null;
}

/**
 * Staff MFA mode from MFA_PERSONAL: 'opcional' only when it says so (the local stack and its
 * tests); anything else, unset included, is 'obligatoria', so a function deployed without the
 * variable fails closed.
 */
export function modoMfaPersonal(env: NodeJS.ProcessEnv = process.env): 'obligatoria' | 'opcional' {
  return env.MFA_PERSONAL?.trim() === 'opcional' ? 'opcional' : 'obligatoria';
}

/**
 * Whether a caller holding `roles` must be refused for lack of TOTP: only staff, only when staff
 * MFA is required, and only when their token does not say TOTP was enrolled. Customers never.
 */
export function exigeMfa(roles: readonly StaffRole[], mfa: MfaClaim | null | undefined, modo = modoMfaPersonal()): boolean {
  return modo === 'obligatoria' && roles.length > 0 && mfa !== 'totp';
}

/**
 * API Gateway's JWT authorizer flattens array claims to a string like "[admin analista]";
 * the local gateway passes the same shape. Accept both that and a real array.
 */
export function parseGroups(raw: unknown): StaffRole[] {
  let values: string[] = [];
  if (Array.isArray(raw)) values = raw.map(String);
  else if (typeof raw === 'string') {
    const trimmed = raw.trim();
    if (trimmed.startsWith('[') && trimmed.endsWith(']')) {
      const inner = trimmed.slice(1, -1).trim();
      // API Gateway's "[admin analista]" is not JSON: it is split without a JSON.parse that throws on
      // every request. A JSON array without quotes holds no strings, so it could name no role either way.
      if (inner.includes('"')) {
        try {
          const parsed: unknown = JSON.parse(trimmed);
          if (Array.isArray(parsed)) values = parsed.map(String);
        } catch {
          values = inner.split(/[\s,]+/);
        }
      } else values = inner.split(/[\s,]+/);
    } else if (trimmed) values = trimmed.split(/[\s,]+/);
  }
  return [...new Set(values.filter(isStaffRole))];
}

/**
 * The verified caller from the authorizer's claims, or null when the route had no token. On AWS
 * the HTTP API's JWT authorizer also lets a Cognito access token through (its `client_id` matches):
 * only ID tokens identify a caller here.
 */
export function callerFrom(event: APIGatewayProxyEventV2WithJWTAuthorizer): Caller | null {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string') return null;
  if (claims.token_use !== undefined && claims.token_use !== 'id') return null;
  const roles = parseGroups(claims['cognito:groups']);
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    userId: claims.sub,
    email: str(claims.email) ?? '',
    nombre: str(claims.given_name),
    apellido: str(claims.family_name),
    roles,
    isStaff: roles.length > 0,
    mfa: mfaDeClaim(claims[CLAIM_MFA]),
  };
}

/** Who acted, for the activity log: the caller's name when the token carries it, else the email. */
export function actorDe(caller: Caller): { user_id: string; user_nombre: string } {
  return { user_id: caller.userId, user_nombre: [caller.nombre, caller.apellido].filter(Boolean).join(' ') || caller.email };
}
