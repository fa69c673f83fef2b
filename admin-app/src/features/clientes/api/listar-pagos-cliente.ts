import { pagoSchema } from '@cuota/shared/schemas/lending';
import { useQuery } from '@tanstack/react-query';
import { clienteSublistaQueryOptions } from './cliente-sublista';

/** GET /api/clientes/{id}/pagos, newest first. */
export function listarPagosClienteQueryOptions(id: string, cursor: string | undefined) {
  return clienteSublistaQueryOptions(id, 'pagos', pagoSchema, cursor);
}

export function useListarPagosCliente(id: string, cursor: string | undefined) {
  return useQuery(listarPagosClienteQueryOptions(id, cursor));
}
