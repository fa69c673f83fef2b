/**
 * Build-time module-federation settings the shell and both remotes agree on (imported by
 * their vite.config.ts). Every package with module state is a singleton: React, the router
 * and TanStack Query contexts, and @cuota/shared, whose `web` entry holds the loaded config
 * and the auth bridge and whose `ui` entry holds the one toast store.
 */
export const REMOTE_NAMES = { admin: 'admin', portal: 'portal' } as const;

export const FEDERATION_SHARED = {
  react: { singleton: true },
  'react-dom': { singleton: true },
  'react-router-dom': { singleton: true },
  '@tanstack/react-query': { singleton: true },
  '@cuota/shared': { singleton: true },
  '@cuota/shared/ui': { singleton: true },
  '@cuota/shared/web': { singleton: true },
} as const;
