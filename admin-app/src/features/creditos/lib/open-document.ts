import { openDocumento as openDocumentoEn, type DocumentoImprimible } from '@cuota/shared/documents/open-document';
import { toast } from '@cuota/shared/ui';
import type { QueryClient } from '@tanstack/react-query';
import { obtenerDocumentosCreditoQueryOptions } from '../api/obtener-documentos-credito';

export type { DocumentoImprimible };

/** Opens /creditos/{id}/contrato|comprobantes in a new window once GET /api/creditos/{id}/documentos answers. */
export function openDocumento(queryClient: QueryClient, creditoId: string, tipo: DocumentoImprimible): Promise<void> {
  return openDocumentoEn({
    routeBase: '/creditos',
    creditoId,
    tipo,
    fetchDocumentos: (id) => queryClient.fetchQuery(obtenerDocumentosCreditoQueryOptions(id)),
    notify: toast,
  });
}
