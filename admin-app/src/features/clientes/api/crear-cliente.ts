import { clienteSchema, type ClienteCrear } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientesQueryKey } from './listar-clientes';

/** POST /api/clientes (admin, analista). The server validates again with the same schema. */
export function crearCliente(input: ClienteCrear) {
  return api.post('/api/clientes', input, { schema: clienteSchema });
}

export function useCrearCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: crearCliente,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientesQueryKey }),
  });
}
