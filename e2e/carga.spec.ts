import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support';

/*
 * First load (issue 18): unknown paths are real 404s with the 404 screen, the landing downloads
 * none of what it does not use, and Amplify's custom-endpoint warning is not printed.
 */

/** Every JavaScript body the page downloads from now on. */
function scripts(page: Page): Promise<string>[] {
  const cuerpos: Promise<string>[] = [];
  page.on('response', (res) => {
    if (/javascript/.test(res.headers()['content-type'] ?? '')) cuerpos.push(res.text().catch(() => ''));
  });
  return cuerpos;
}

test('una ruta desconocida responde HTTP 404 con la pantalla 404; las rutas de la app, 200', async ({ page }) => {
  const desconocida = await page.goto('/esto-no-existe');
  expect(desconocida?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al Inicio' }).click();
  await expect(page.getByRole('link', { name: 'Iniciar Sesión' })).toBeVisible();

  expect((await page.goto('/portal/creditos/x/y/z'))?.status()).toBe(404);
  for (const ruta of ['/', '/auth?tab=login', '/portal', '/creditos/abc/contrato'])
    expect((await page.goto(ruta))?.status(), ruta).toBe(200);
});

test('la landing no descarga TanStack Query, zod, Amplify ni el runtime de federación', async ({ page }) => {
  const cuerpos = scripts(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Iniciar Sesión' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const js = (await Promise.all(cuerpos)).join('\n');
  expect(js).toContain('__reactContainer$'); // sanity: the bodies are the app's scripts
  for (const [quien, marca] of [
    ['TanStack Query', 'No QueryClient set'],
    ['zod', 'Encountered Promise during synchronous parse'],
    ['Amplify', 'You are using a custom Amazon'],
    ['federation runtime', '__VMOK__'],
  ] as const)
    expect(js.includes(marca), quien).toBe(false);
});

test('iniciar sesión no imprime el aviso de Amplify sobre el endpoint propio de Cognito', async ({ page }) => {
  const avisos: string[] = [];
  page.on('console', (m) => avisos.push(m.text()));
  await signIn(page, 'login', DEMO.cliente);
  await expect(page.getByRole('heading', { name: 'Carolina Mora' })).toBeVisible();
  expect(avisos.filter((a) => /custom Amazon .*endpoint/i.test(a))).toEqual([]);
});
