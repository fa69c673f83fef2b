import type { RuntimeConfig } from '../config';

/** The runtime config a test loads: the local stage, its API and WebSocket at `origen` (host:port). */
export function configDePrueba(origen: string): RuntimeConfig {
  return {
    stage: 'local',
    apiUrl: `http://${origen}`,
    wsUrl: `ws://${origen}/ws`,
    auth: { region: 'us-east-1', userPoolId: 'local_pool', userPoolClientId: 'client', authFlowType: 'USER_PASSWORD_AUTH' },
    remotes: { admin: '/apps/admin/remoteEntry.js', portal: '/apps/portal/remoteEntry.js' },
  };
}
