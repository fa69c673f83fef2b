process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the whole local stack (`npm start`), started on its own port with
 * a fresh data folder so every run begins from the same demo data.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The integration suite's target (`TARGET=… npm run test:integration`); unset: the local stack started here. */
const TARGET = process.env.TARGET;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The phone journeys (movil.spec.ts) run once, in their own 360 × 740 project; the integration
  // suite (integracion/, HTTP only, no browser) in its own, against TARGET when given; every other
  // spec in the default one.
  projects: [
    { name: 'escritorio', testIgnore: ['movil.spec.ts', 'integracion/**'] },
    { name: 'integracion', testMatch: 'integracion/**/*.spec.ts', use: { baseURL: TARGET ?? BASE_URL } },
    { name: 'movil', testMatch: 'movil.spec.ts', use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } },
  ],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: BASE_URL,
    locale: 'es-CR',
    timezoneId: 'America/Costa_Rica',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  // against a TARGET nothing is started here
  webServer: TARGET
    ? undefined
    : {
        command: 'node e2e/start-stack.mjs',
        cwd: '..',
        url: `${BASE_URL}/healthz`, // 200 once the demo users and data are in
        timeout: 240_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'pipe',
        stderr: 'pipe',
        env: {
          PORT: String(PORT),
          CUOTA_LOCAL_DIR: `.local/e2e-${PORT}`,
          // a run signs up and signs in many accounts from 127.0.0.1: the local limits (infra/local/cognito-limites.ts) are raised
          CUOTA_LIMITES_LOCALES: '1000',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
      },
});
