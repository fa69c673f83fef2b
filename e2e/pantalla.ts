import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What the specs compare the screen with, computed on their own (not with the apps' code): es-CR
 * colones, Costa Rica's business date, the text of an element with its spaces normalised, and
 * the page's width.
 */

const crcFmt = new Intl.NumberFormat('es-CR', { style: 'currency', currency: 'CRC' });

/** es-CR colones from céntimos, exact (as the apps' formatCRC), spaces normalised for comparing with the screen. */
export const crc = (centimos: number) =>
  crcFmt.format(`${Math.trunc(centimos / 100)}.${String(centimos % 100).padStart(2, '0')}` as `${number}`).replace(/\s/g, ' ');

/** An element's text with every kind of space as a plain space (es-CR amounts use no-break spaces). */
export const texto = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s/g, ' ');

/** Today's business date in Costa Rica (UTC−6), as YYYY-MM-DD. */
export const hoyCR = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Costa_Rica' }).format(new Date());

/** The date `n` days after `iso` (before it when `n` is negative). */
export const masDias = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Nothing on the page is wider than the viewport. */
export async function sinScrollHorizontal(page: Page): Promise<void> {
  const { scroll, ancho } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    ancho: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(ancho);
}

/** Fills each field of `scope` found by its label with its value, in order. */
export async function llenar(scope: Locator, campos: Record<string, string>): Promise<void> {
  for (const [label, valor] of Object.entries(campos)) await scope.getByLabel(label).fill(valor);
}

/** Sends the form with its button `boton` as it is filled and finds each message at its field. */
export async function rechazaConMensajes(form: Locator, boton: string, mensajes: readonly string[]): Promise<void> {
  await form.getByRole('button', { name: boton }).click();
  for (const mensaje of mensajes) await expect(form.getByText(mensaje)).toBeVisible();
}
