import { notificacionSchema, type Notificacion } from '../../schemas/notificaciones';
import type { Page } from '../../schemas/common';

/** Spec §9: the bell and the portal tab list the 10 newest. */
export const NOTIFICACIONES_LIMITE = 10;

/**
 * The notification inside a `{ type: 'notificacion', data }` push (the API shape, api.md).
 * Anything that does not parse gives null (the caller then just refetches).
 */
export function notificacionDesdeEvento(data: unknown): Notificacion | null {
  const parsed = notificacionSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** A live notification on top of the cached list (newest first, at most 10, no duplicates). */
export function agregarAlInicio(
  page: Page<Notificacion> | undefined,
  nueva: Notificacion,
  limite = NOTIFICACIONES_LIMITE,
): Page<Notificacion> | undefined {
  if (!page) return page;
  if (page.items.some((n) => n.id === nueva.id)) return reemplazar(page, nueva);
  return { ...page, items: [nueva, ...page.items].slice(0, limite) };
}

/** The cached list with one notification replaced by its new state (e.g. read). */
export function reemplazar(page: Page<Notificacion> | undefined, actual: Notificacion): Page<Notificacion> | undefined {
  if (!page) return page;
  return { ...page, items: page.items.map((n) => (n.id === actual.id ? actual : n)) };
}

/** Spec §2: the badge shows the count, '9+' above 9, nothing at 0. */
export function textoInsignia(noLeidas: number): string | null {
  if (noLeidas <= 0) return null;
  return noLeidas > 9 ? '9+' : String(noLeidas);
}

/**
 * Where a click on a notification goes: internal paths through the router, http(s) links as a
 * page load, anything else (e.g. `javascript:`) nowhere.
 */
export function destinoAccion(url: string | null | undefined): { interno: string } | { externo: string } | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return { interno: url };
  if (/^https?:\/\//i.test(url)) return { externo: url };
  return null;
}
