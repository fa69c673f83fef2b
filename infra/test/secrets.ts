import type { RuntimeConfig } from '@cuota/shared';
import { expect } from 'vitest';

/*
 * No credentials in the repository and none in /config.json (the one file every visitor reads).
 * The patterns are the high-confidence shapes of real credentials; the demo password of the
 * local stack (README) and test fixtures are not credentials of anything deployed.
 */
export const SECRET_PATTERNS: Record<string, RegExp> = {
  'AWS access key id': /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{16}\b/,
  'AWS secret access key': /aws_?secret_?access_?key\W{1,4}[A-Za-z0-9/+=]{40}\b/i,
  'private key': /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----/,
  'Stripe secret or restricted key': /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}\b/,
  'Stripe live publishable key': /\bpk_live_[0-9A-Za-z]{16,}\b/,
  'GitHub token': /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{50,})\b/,
  'npm token': /\bnpm_[A-Za-z0-9]{36}\b/,
  'Slack token': /\bxox[abposr]-[A-Za-z0-9-]{10,}/,
  'Google API key': /\bAIza[0-9A-Za-z_-]{35}\b/,
  'SendGrid key': /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/,
  JWT: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/,
  'npm auth token in a config': /_authToken\s*=\s*\S{8,}/,
};

export function findSecrets(text: string): string[] {
  return Object.entries(SECRET_PATTERNS)
    .filter(([, re]) => re.test(text))
    .map(([name]) => name);
}

/** Every key path of a JSON value, e.g. `auth.userPoolId`. */
export function keyPaths(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

/** What /config.json may hold: endpoints and public identifiers the browser needs, nothing else. */
export const CONFIG_ALLOWLIST = [
  'stage',
  'apiUrl',
  'wsUrl',
  'auth.region',
  'auth.userPoolId',
  'auth.userPoolClientId',
  'auth.userPoolEndpoint',
  'auth.authFlowType',
  'remotes.admin',
  'remotes.portal',
];

export function checkConfig(config: RuntimeConfig): void {
  for (const path of keyPaths(config)) expect(CONFIG_ALLOWLIST, path).toContain(path);
  const text = JSON.stringify(config);
  expect(findSecrets(text)).toEqual([]);
  // the only values are URLs, ids and enums: nothing long and opaque but the pool/client ids
  for (const path of keyPaths(config)) expect(path).not.toMatch(/secret|password|private|credential/i);
}
