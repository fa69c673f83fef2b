import { AdminListGroupsForUserCommand, GetUserPoolMfaConfigCommand } from '@aws-sdk/client-cognito-identity-provider';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ports } from './settings';

/**
 * Bootstrap against a real cognito-local: running it twice (a restart) keeps the pool and the
 * demo users' role groups. cognito-local's CreateGroup empties an existing group, which once
 * made every restart lose the staff roles.
 */
describe('ensureUserPool + ensureDemoUsers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cuota-bootstrap-'));
  process.env.CUOTA_LOCAL_DIR = dir;
  let ports: Ports;
  let stop: () => void = () => undefined;

  beforeAll(async () => {
    const { arrancarCognitoDePrueba } = await import('./puertos');
    const cognito = await arrancarCognitoDePrueba();
    ports = cognito.ports;
    stop = () => cognito.service.process.kill('SIGKILL');
  });
  afterAll(() => {
    stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('es idempotente y conserva los grupos de rol tras un reinicio', async () => {
    const { cognitoClient, ensureDemoUsers, ensureUserPool } = await import('./bootstrap');
    const first = await ensureUserPool(ports);
    const usersFirst = await ensureDemoUsers(ports, first);
    const second = await ensureUserPool(ports);
    const usersSecond = await ensureDemoUsers(ports, second);
    expect(second).toEqual(first);
    expect(usersSecond.map((u) => u.userId)).toEqual(usersFirst.map((u) => u.userId));

    const cognito = cognitoClient(ports);
    for (const user of usersSecond) {
      const groups = await cognito.send(
        new AdminListGroupsForUserCommand({ UserPoolId: second.userPoolId, Username: user.userId }),
      );
      expect((groups.Groups ?? []).map((g) => g.GroupName).sort(), user.email).toEqual([...user.roles].sort());
    }
    // MFA as infra/lib/auth.ts declares it: optional, TOTP only.
    const mfa = await cognito.send(new GetUserPoolMfaConfigCommand({ UserPoolId: second.userPoolId }));
    expect(mfa.MfaConfiguration).toBe('OPTIONAL');
    expect(mfa.SoftwareTokenMfaConfiguration?.Enabled).toBe(true);
  });
});
