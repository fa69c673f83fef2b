import { solicitudSchema } from '@cuota/shared/schemas/lending';
import { useQuery } from '@tanstack/react-query';
import { clienteSublistaQueryOptions } from './cliente-sublista';

/** GET /api/clientes/{id}/solicitudes, newest first. */
export function listarSolicitudesClienteQueryOptions(id: string, cursor: string | undefined) {
  return clienteSublistaQueryOptions(id, 'solicitudes', solicitudSchema, cursor);
}

export function useListarSolicitudesCliente(id: string, cursor: string | undefined) {
  return useQuery(listarSolicitudesClienteQueryOptions(id, cursor));
}
