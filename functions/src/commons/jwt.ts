import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/**
 * Verifies Cognito ID tokens (issuer + audience = app client) against the pool's JWKS.
 * Used by the WebSocket $connect handler and by the local HTTP gateway, which plays
 * API Gateway's JWT authorizer. Configured by COGNITO_ISSUER and COGNITO_CLIENT_ID.
 */
let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
let jwksIssuer: string | undefined;

export async function verifyIdToken(
  token: string,
  issuer = process.env.COGNITO_ISSUER ?? '',
  audience = process.env.COGNITO_CLIENT_ID ?? '',
): Promise<JWTPayload | null> {
  if (!token || !issuer) return null;
  if (!jwks || jwksIssuer !== issuer) {
    jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
    jwksIssuer = issuer;
  }
  try {
    const { payload } = await jwtVerify(token, jwks, { issuer, audience });
    return payload.token_use === undefined || payload.token_use === 'id' ? payload : null;
  } catch {
    return null;
  }
}
