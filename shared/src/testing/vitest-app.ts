import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

type Plugin = NonNullable<ViteUserConfig['plugins']>[number];

/** jest-dom's matchers and a DOM cleaned up after each test, for every app's tests. */
const SETUP = fileURLToPath(new URL('./setup.ts', import.meta.url));

/**
 * The vitest project of a web app (admin, portal, shell): its React plugin (the app's own
 * `@vitejs/plugin-react`), happy-dom, and the tests under `src/`.
 */
export function configuracionVitestDeApp(react: Plugin) {
  return defineConfig({
    plugins: [react],
    test: {
      environment: 'happy-dom',
      setupFiles: [SETUP],
      include: ['src/**/*.test.{ts,tsx}'],
    },
  });
}
