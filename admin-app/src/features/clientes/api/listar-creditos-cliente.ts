import { creditoSchema } from '@cuota/shared/schemas/lending';
import { useQuery } from '@tanstack/react-query';
import { clienteSublistaQueryOptions } from './cliente-sublista';

/** GET /api/clientes/{id}/creditos, newest first. */
export function listarCreditosClienteQueryOptions(id: string, cursor: string | undefined) {
  return clienteSublistaQueryOptions(id, 'creditos', creditoSchema, cursor);
}

export function useListarCreditosCliente(id: string, cursor: string | undefined) {
  return useQuery(listarCreditosClienteQueryOptions(id, cursor));
}
