import { LIST_MAX_LIMIT, page } from '@cuota/shared/schemas/common';
import { creditoDocumentosSchema, documentoRefSchema, type DocumentoRef } from '@cuota/shared/schemas/creditos';
import { cuotaSchema, type Cuota } from '@cuota/shared/schemas/lending';
import { api, leerTodasLasPaginas } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

const documentosKey = ['portal', 'documentos'] as const;

/** GET /api/portal/documentos, every page: the caller's documents, grouped by credit by the server. */
export function listarDocumentosPortal(signal?: AbortSignal): Promise<DocumentoRef[]> {
  const schema = page(documentoRefSchema);
  // The cursor pages over the customer's credits (a handful); each brings all of its documents.
  return leerTodasLasPaginas((cursor) =>
    api.get('/api/portal/documentos', { query: { limit: LIST_MAX_LIMIT, cursor }, schema, signal }),
  );
}

export function useListarDocumentosPortal() {
  return useQuery({ queryKey: documentosKey, queryFn: ({ signal }) => listarDocumentosPortal(signal) });
}

/** GET /api/portal/creditos/{id}/documentos: the printable contract and receipts of an own credit (another's → 404). */
export function obtenerDocumentosCreditoPortalQueryOptions(creditoId: string) {
  return queryOptions({
    queryKey: ['portal', 'creditos', creditoId, 'documentos'],
    queryFn: ({ signal }) =>
      api.get(`/api/portal/creditos/${encodeURIComponent(creditoId)}/documentos`, { schema: creditoDocumentosSchema, signal }),
    retry: false,
  });
}

export function useObtenerDocumentosCreditoPortal(creditoId: string) {
  return useQuery(obtenerDocumentosCreditoPortalQueryOptions(creditoId));
}

/** GET /api/portal/creditos/{id}/cuotas, every page: the whole schedule, for the CSV. */
export function listarCuotasPortal(creditoId: string, signal?: AbortSignal): Promise<Cuota[]> {
  const schema = page(cuotaSchema);
  return leerTodasLasPaginas((cursor) =>
    api.get(`/api/portal/creditos/${encodeURIComponent(creditoId)}/cuotas`, {
      query: { limit: LIST_MAX_LIMIT, cursor },
      schema,
      signal,
    }),
  );
}

export function listarCuotasPortalQueryOptions(creditoId: string) {
  return queryOptions({
    queryKey: ['portal', 'creditos', creditoId, 'cuotas', 'todas'],
    queryFn: ({ signal }) => listarCuotasPortal(creditoId, signal),
  });
}
