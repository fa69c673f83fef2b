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

/**
 * The remotes' view of the same list: the shell always provides @cuota/shared, so the remotes
 * bundle no fallback copy of it (`import: false`) and download only their own code for it.
 */
export const REMOTE_FEDERATION_SHARED = {
  ...FEDERATION_SHARED,
  '@cuota/shared': { singleton: true, import: false },
  '@cuota/shared/ui': { singleton: true, import: false },
  '@cuota/shared/web': { singleton: true, import: false },
} as const;
