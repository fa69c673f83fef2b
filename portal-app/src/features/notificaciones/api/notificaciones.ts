import { notificacionSchema, page } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const notificacionesQueryKey = ['notificaciones'] as const;

/** GET /api/notificaciones: the caller's own 10 newest (spec §9). */
export function useNotificaciones() {
  return useQuery({
    queryKey: [...notificacionesQueryKey, 'list'],
    queryFn: ({ signal }) => api.get('/api/notificaciones', { schema: page(notificacionSchema), query: { limit: 10 }, signal }),
  });
}

/** POST /api/notificaciones/{id}/leer (own only); the list and the unread count refresh. */
export function useMarcarLeida() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/api/notificaciones/${encodeURIComponent(id)}/leer`, undefined, { schema: notificacionSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificacionesQueryKey }),
  });
}
