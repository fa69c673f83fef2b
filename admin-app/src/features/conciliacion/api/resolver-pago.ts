import { pagoDetalleSchema } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pagosQueryKey } from './listar-pagos';

export type Decision = 'aprobar' | 'rechazar';

/** POST /api/pagos/{id}/aprobar | /rechazar (admin, cobrador). */
export function resolverPago({ id, decision }: { id: string; decision: Decision }) {
  const path = `/api/pagos/${encodeURIComponent(id)}/${decision}`;
  return decision === 'aprobar'
    ? api.post(path, undefined, { schema: pagoDetalleSchema })
    : api.post(path, { motivo: null }, { schema: pagoDetalleSchema });
}

export function useResolverPago() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolverPago,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pagosQueryKey }),
  });
}
