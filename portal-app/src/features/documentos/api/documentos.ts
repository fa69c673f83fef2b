import {
  creditoDocumentosSchema,
  cuotaSchema,
  documentoRefSchema,
  LIST_MAX_LIMIT,
  page,
  type Cuota,
  type DocumentoRef,
} from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

const documentosKey = ['portal', 'documentos'] as const;

/** GET /api/portal/documentos, every page: the caller's documents, grouped by credit by the server. */
export async function listarDocumentosPortal(signal?: AbortSignal): Promise<DocumentoRef[]> {
  const schema = page(documentoRefSchema);
  const items: DocumentoRef[] = [];
  let cursor: string | undefined;
  // The cursor pages over the customer's credits (a handful); each brings all of its documents.
  do {
    const res = await api.get('/api/portal/documentos', { query: { limit: LIST_MAX_LIMIT, cursor }, schema, signal });
    items.push(...res.items);
    cursor = res.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

export function useDocumentosPortal() {
  return useQuery({ queryKey: documentosKey, queryFn: ({ signal }) => listarDocumentosPortal(signal) });
}

/** GET /api/portal/creditos/{id}/documentos: the printable contract and receipts of an own credit (another's → 404). */
export function documentosCreditoPortalQueryOptions(creditoId: string) {
  return queryOptions({
    queryKey: ['portal', 'creditos', creditoId, 'documentos'],
    queryFn: ({ signal }) =>
      api.get(`/api/portal/creditos/${encodeURIComponent(creditoId)}/documentos`, { schema: creditoDocumentosSchema, signal }),
    retry: false,
  });
}

export function useDocumentosCreditoPortal(creditoId: string) {
  return useQuery(documentosCreditoPortalQueryOptions(creditoId));
}

/** GET /api/portal/creditos/{id}/cuotas, every page: the whole schedule, for the CSV. */
export async function listarCuotasPortal(creditoId: string, signal?: AbortSignal): Promise<Cuota[]> {
  const schema = page(cuotaSchema);
  const items: Cuota[] = [];
  let cursor: string | undefined;
  do {
    const res = await api.get(`/api/portal/creditos/${encodeURIComponent(creditoId)}/cuotas`, {
      query: { limit: LIST_MAX_LIMIT, cursor },
      schema,
      signal,
    });
    items.push(...res.items);
    cursor = res.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

export function cuotasPortalQueryOptions(creditoId: string) {
  return queryOptions({
    queryKey: ['portal', 'creditos', creditoId, 'cuotas', 'todas'],
    queryFn: ({ signal }) => listarCuotasPortal(creditoId, signal),
  });
}
