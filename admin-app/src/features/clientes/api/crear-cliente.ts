import { clienteSchema, type ClienteCrear } from '@cuota/shared/schemas/cliente';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { clientesQueryKey } from './listar-clientes';

/** POST /api/clientes (admin, analista). The server validates again with the same schema. */
export function crearCliente(input: ClienteCrear) {
  return api.post('/api/clientes', input, { schema: clienteSchema });
}

export function useCrearCliente() {
  return useMutacionQueRefresca(crearCliente, clientesQueryKey);
}
