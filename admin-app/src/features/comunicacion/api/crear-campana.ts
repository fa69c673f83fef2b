import { campanaSchema, type CampanaCrear } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campanasQueryKey } from './listar-campanas';

/** POST /api/campanas (admin): a borrador with total_destinatarios from the segment. */
export function crearCampana(input: CampanaCrear) {
  return api.post('/api/campanas', input, { schema: campanaSchema });
}

export function useCrearCampana() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: crearCampana,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campanasQueryKey }),
  });
}
