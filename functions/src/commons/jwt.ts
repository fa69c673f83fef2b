import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/**
 * Verifies Cognito ID tokens (issuer, audience = app client, exp, iat, token_use 'id') against the pool's JWKS.
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
  if (!token || !issuer || !audience) return null;
  if (!jwks || jwksIssuer !== issuer) {
    jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
    jwksIssuer = issuer;
  }
  try {
    // An ID token of this client, with its expiry and issue time: `iat` is what revocation compares
    // (commons/acceso.ts). On AWS the HTTP API's JWT authorizer checks exp, iss and aud before the
    // Lambda runs; defineRoute's access check covers iat and revocation there.
    const { payload } = await jwtVerify(token, jwks, { issuer, audience, requiredClaims: ['exp', 'iat', 'sub', 'token_use'] });
    return payload.token_use === 'id' && typeof payload.sub === 'string' ? payload : null;
  } catch {
    return null;
  }
}
