import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { page, type Page } from '../../schemas/common';
import { notificacionesNoLeidasSchema, notificacionSchema, type Notificacion } from '../../schemas/notificaciones';
import { api } from '../api';
import { agregarAlInicio, NOTIFICACIONES_LIMITE, notificacionDesdeEvento, reemplazar } from './cache';

/** One cache for the bell and the portal's Notificaciones tab: a live message refreshes both. */
export const notificacionesKeys = {
  all: ['notificaciones'] as const,
  list: () => ['notificaciones', 'list'] as const,
  noLeidas: () => ['notificaciones', 'no-leidas'] as const,
};

/** Spec §7 Polling / §9: the unread count refreshes every 15 s (the fallback to the live push). */
export const NO_LEIDAS_REFRESCO_MS = 15_000;

/**
 * The unread counter is kept by a stream consumer, so it lags a write by a moment: after a push
 * or a read the badge is moved here at once and asked from the server again only after this delay.
 */
export const NO_LEIDAS_RECONCILIAR_MS = 2_500;

export function listarNotificacionesQueryOptions() {
  return queryOptions({
    queryKey: notificacionesKeys.list(),
    queryFn: ({ signal }) =>
      api.get('/api/notificaciones', { schema: page(notificacionSchema), query: { limit: NOTIFICACIONES_LIMITE }, signal }),
  });
}

/** GET /api/notificaciones: the caller's own 10 newest. */
export function useListarNotificaciones() {
  return useQuery(listarNotificacionesQueryOptions());
}

/** GET /api/notificaciones/no-leidas, every 15 s. */
export function useContarNoLeidas() {
  return useQuery({
    queryKey: notificacionesKeys.noLeidas(),
    queryFn: ({ signal }) => api.get('/api/notificaciones/no-leidas', { schema: notificacionesNoLeidasSchema, signal }),
    refetchInterval: NO_LEIDAS_REFRESCO_MS,
  });
}

function reconciliarNoLeidas(queryClient: QueryClient): void {
  setTimeout(() => void queryClient.invalidateQueries({ queryKey: notificacionesKeys.noLeidas() }), NO_LEIDAS_RECONCILIAR_MS);
}

function moverNoLeidas(queryClient: QueryClient, delta: number): void {
  queryClient.setQueryData<{ count: number }>(notificacionesKeys.noLeidas(), (prev) =>
    prev ? { count: Math.max(0, prev.count + delta) } : prev,
  );
}

/**
 * A `{ type: 'notificacion' }` push: the new one goes on top of the list and the badge goes up
 * at once, then both are checked against the server.
 */
export function recibirNotificacion(queryClient: QueryClient, data: unknown): void {
  const nueva = notificacionDesdeEvento(data);
  if (!nueva) {
    void queryClient.invalidateQueries({ queryKey: notificacionesKeys.all });
    return;
  }
  const lista = queryClient.getQueryData<Page<Notificacion>>(notificacionesKeys.list());
  const conocida = lista?.items.some((n) => n.id === nueva.id) ?? false;
  queryClient.setQueryData<Page<Notificacion>>(notificacionesKeys.list(), (prev) => agregarAlInicio(prev, nueva));
  if (!conocida && !nueva.leida) moverNoLeidas(queryClient, 1);
  void queryClient.invalidateQueries({ queryKey: notificacionesKeys.list() });
  reconciliarNoLeidas(queryClient);
}

/** POST /api/notificaciones/{id}/leer (own only): leida true, leida_en now; the badge goes down. */
export function useMarcarLeida() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/api/notificaciones/${encodeURIComponent(id)}/leer`, undefined, { schema: notificacionSchema }),
    onSuccess: (leida) => {
      const antes = queryClient.getQueryData<Page<Notificacion>>(notificacionesKeys.list())?.items.find((n) => n.id === leida.id);
      queryClient.setQueryData<Page<Notificacion>>(notificacionesKeys.list(), (prev) => reemplazar(prev, leida));
      if (antes && !antes.leida) moverNoLeidas(queryClient, -1);
      reconciliarNoLeidas(queryClient);
    },
  });
}
