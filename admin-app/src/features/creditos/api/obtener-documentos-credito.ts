import { creditoDocumentosSchema } from '@cuota/shared/schemas/creditos';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/creditos/{id}/documentos: data for the printable contract and receipts. */
export function obtenerDocumentosCredito(id: string, signal?: AbortSignal) {
  return api.get(`/api/creditos/${encodeURIComponent(id)}/documentos`, { schema: creditoDocumentosSchema, signal });
}

export function obtenerDocumentosCreditoQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['creditos', 'detail', id, 'documentos'],
    queryFn: ({ signal }) => obtenerDocumentosCredito(id, signal),
    retry: false,
  });
}

export function useObtenerDocumentosCredito(id: string) {
  return useQuery(obtenerDocumentosCreditoQueryOptions(id));
}
