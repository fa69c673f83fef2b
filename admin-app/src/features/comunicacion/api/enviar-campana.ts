import { campanaSchema, type Campana } from '@cuota/shared/schemas/comunicacion';
import { api } from '@cuota/shared/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campanasQueryKey, listarCampanasQueryOptions } from './listar-campanas';

/** POST /api/campanas/{id}/enviar (admin): borrador (or error, to resume) → enviando. */
export function enviarCampana(id: string) {
  return api.post(`/api/campanas/${encodeURIComponent(id)}/enviar`, undefined, { schema: campanaSchema });
}

export function useEnviarCampana() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enviarCampana,
    onSuccess: (campana: Campana) => {
      // Show 'enviando' at once (which starts the progress polling), then confirm from the server.
      queryClient.setQueryData(listarCampanasQueryOptions().queryKey, (old) =>
        old ? { ...old, items: old.items.map((c) => (c.id === campana.id ? campana : c)) } : old,
      );
      return queryClient.invalidateQueries({ queryKey: campanasQueryKey });
    },
  });
}
