/**
 * The browser security headers, defined once: the CloudFront response-headers policy (web.ts)
 * and the local origin (infra/local/web.ts) are both built from here. No aws-cdk-lib import, so
 * `npm start` does not load the CDK.
 */

/** Two years, the HSTS preload list's minimum is one. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';
export const CROSS_ORIGIN_OPENER_POLICY = 'same-origin';

export interface CspOptions {
  /** Origins the apps talk to besides their own: Cognito and the WebSocket API on AWS, the local `ws://` origin locally. */
  readonly connectSrc: readonly string[];
  /** On HTTPS only: over plain http (the local stack) it would break every same-origin request. */
  readonly upgradeInsecureRequests: boolean;
}

/**
 * Strict CSP: scripts only from this origin (no inline, no eval: the built index.html files load
 * one module script by URL, and module federation loads remotes with `import()`). Styles allow
 * inline because the UI kit (Radix, sonner) sets style attributes and injects <style> at run time.
 */
export function buildContentSecurityPolicy({ connectSrc, upgradeInsecureRequests }: CspOptions): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectSrc].join(' '),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * Every security header as a browser receives it (lower-case names). CloudFront's policy sets
 * the same values through its typed fields; infra/test checks that the two agree.
 */
export function securityHeaderValues(csp: CspOptions): Record<string, string> {
  return {
    'content-security-policy': buildContentSecurityPolicy(csp),
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': CROSS_ORIGIN_OPENER_POLICY,
  };
}
