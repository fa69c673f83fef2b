import type { Page } from '@playwright/test';

/** The demo users' password (DEMO_PASSWORD of infra/local/settings.ts, which the stack's bootstrap gives them). */
export const DEMO_PASSWORD = 'Cuota-Demo-2026!';

/** Types the credentials into the /auth screen's given tab and sends them (e2e/support.ts signIn; the web bench signs in this way too). */
export async function enviarAcceso(page: Page, tab: 'login' | 'admin', email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`/auth?tab=${tab}`);
  const prefix = tab === 'admin' ? 'admin' : 'client_login';
  await page.locator(`input[name="${prefix}_email"]`).fill(email);
  await page.locator(`input[name="${prefix}_password"]`).fill(password);
  await page
    .locator('form')
    .getByRole('button', { name: tab === 'admin' ? 'Acceder al Panel Admin' : 'Iniciar Sesión', exact: true })
    .click();
}
