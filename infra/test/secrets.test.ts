import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeConfig } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../lib/function';
import { destinoAws } from '../local/settings';
import { runtimeConfig } from '../local/web';
import { checkConfig, CONFIG_ALLOWLIST, findSecrets, keyPaths, SECRET_PATTERNS } from './secrets';

/** Files git tracks, plus new ones not ignored (what the next commit may add). */
function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.toString('utf8').split('\0').filter(Boolean))];
}

/*
 * No credentials in the repository and none in /config.json (the one file every visitor reads).
 * The AWS config.json is checked with the synthesized app in security-posture.test.ts.
 */
describe('secretos en el repositorio', () => {
  it('el detector reconoce cada forma de credencial (control negativo)', () => {
    // Built at run time so this file does not itself hold a credential-shaped literal.
    const r = (n: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') =>
      Array.from({ length: n }, (_, i) => alphabet[(i * 7) % alphabet.length]).join('');
    const low = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    const samples: Record<string, string> = {
      'AWS access key id': `const id = "AKIA${r(16)}"`,
      'AWS secret access key': `aws_secret_access_key = ${r(40, low)}`,
      'private key': `-----BEGIN ${'RSA '}PRIVATE KEY-----`,
      'Stripe secret or restricted key': `valor: "${'sk'}_live_${r(24, low)}"`,
      'Stripe live publishable key': `${'pk'}_live_${r(24, low)}`,
      'GitHub token': `${'ghp'}_${r(36, low)}`,
      'npm token': `${'npm'}_${r(36, low)}`,
      'Slack token': `${'xoxb'}-${r(12)}-${r(12)}`,
      'Google API key': `${'AIza'}${r(35, low)}`,
      'SendGrid key': `SG.${r(22, low)}.${r(43, low)}`,
      JWT: `${'eyJ'}${r(20, low)}.${'eyJ'}${r(20, low)}.${r(20, low)}`,
      'npm auth token in a config': `//registry.npmjs.org/:${'_authToken'}=${r(20, low)}`,
    };
    for (const [name, sample] of Object.entries(samples)) expect(findSecrets(sample), name).toContain(name);
    expect(Object.keys(samples).sort()).toEqual(Object.keys(SECRET_PATTERNS).sort());
    expect(findSecrets('const DEMO_PASSWORD = "Cuota-Demo-2026!"; sk_test_ + Date.now()')).toEqual([]);
  });

  it('ningún archivo del repositorio contiene una credencial', () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(100);
    const hits: string[] = [];
    let scanned = 0;
    for (const file of files) {
      const path = join(REPO_ROOT, file);
      let size: number;
      try {
        size = statSync(path).size;
      } catch {
        continue; // deleted in the working tree
      }
      if (size > 5 * 1024 * 1024) continue;
      const buffer = readFileSync(path);
      if (buffer.subarray(0, 8000).includes(0)) continue; // binary (images)
      scanned++;
      for (const name of findSecrets(buffer.toString('utf8'))) hits.push(`${file}: ${name}`);
    }
    expect(scanned).toBeGreaterThan(100);
    expect(hits).toEqual([]);
  });

  it('no se versionan archivos de credenciales (.env, claves, perfiles de AWS)', () => {
    const forbidden = repositoryFiles().filter(
      (f) =>
        /(^|\/)\.env(\.|$)(?!example)/.test(f) ||
        /\.(pem|key|p12|pfx|jks)$/.test(f) ||
        /(^|\/)\.aws\/credentials$/.test(f) ||
        /(^|\/)id_(rsa|ed25519|ecdsa)$/.test(f),
    );
    expect(forbidden).toEqual([]);
  });
});

describe('/config.json', () => {
  it('local: solo campos de la lista permitida y ningún secreto', () => {
    const config = runtimeConfig(
      { web: 3000, dynamodb: 3001, cognito: 3002, ses: 3003, control: 3004 },
      { userPoolId: 'us-east-1_abc', clientId: 'client123' },
    );
    checkConfig(config);
    expect(keyPaths(config).sort()).toEqual([...CONFIG_ALLOWLIST].sort());
  });

  it('LocalStack (Cognito incluido): los mismos campos, el emisor en LocalStack y ningún secreto', () => {
    const ports = { web: 3000, dynamodb: 3001, cognito: 3002, ses: 3003, control: 3004 };
    const destino = destinoAws(ports, {
      CUOTA_LOCALSTACK: '1',
      AWS_ENDPOINT_URL: 'http://127.0.0.1:4566',
      CUOTA_COGNITO: 'localstack',
      CUOTA_SES: 'localstack',
    });
    const config = runtimeConfig(ports, { userPoolId: 'us-east-1_abc', clientId: 'client123' }, undefined, destino);
    checkConfig(config);
    expect(config.auth.userPoolEndpoint).toBe('http://127.0.0.1:4566');
    expect(keyPaths(config).sort()).toEqual([...CONFIG_ALLOWLIST].sort());
  });

  it('la comprobación falla con un campo fuera de la lista o un secreto (control negativo)', () => {
    const base = runtimeConfig(
      { web: 3000, dynamodb: 3001, cognito: 3002, ses: 3003, control: 3004 },
      { userPoolId: 'p', clientId: 'c' },
    );
    expect(() => checkConfig({ ...base, stripeKey: 'x' } as RuntimeConfig)).toThrow();
    expect(() => checkConfig({ ...base, auth: { ...base.auth, clientSecret: 'x' } } as RuntimeConfig)).toThrow();
  });
});
