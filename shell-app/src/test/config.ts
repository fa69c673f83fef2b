import type { RuntimeConfig } from '@cuota/shared';

/** The runtime config the shell's page tests run with (the API is a mocked fetch at api.test). */
export const TEST_CONFIG: RuntimeConfig = {
  stage: 'local',
  apiUrl: 'http://api.test',
  wsUrl: 'ws://api.test/ws',
  auth: { region: 'us-east-1', userPoolId: 'local_pool', userPoolClientId: 'client', authFlowType: 'USER_PASSWORD_AUTH' },
  remotes: { admin: '/apps/admin/remoteEntry.js', portal: '/apps/portal/remoteEntry.js' },
};

/** A JSON answer for the mocked fetch. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
