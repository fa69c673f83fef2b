import { TEXTS } from '@cuota/shared';
import { toast } from '@cuota/shared/ui';
import type { QueryClient } from '@tanstack/react-query';
import { obtenerDocumentosCreditoQueryOptions } from '../api/obtener-documentos-credito';

const c = TEXTS.creditos;
export type DocumentoImprimible = 'contrato' | 'comprobantes';

/**
 * Opens the printable contract or receipts route in a new window. The window is opened in the
 * click's own task (so popup blockers allow it), then pointed at the route once the data is
 * known to exist; on failure it is closed and the spec §8 toast is shown here instead.
 */
export async function openDocumento(queryClient: QueryClient, creditoId: string, tipo: DocumentoImprimible): Promise<void> {
  const win = window.open('', '_blank');
  const fail = (title: string, description?: string) => {
    win?.close();
    toast.error(title, description);
  };
  try {
    const docs = await queryClient.fetchQuery(obtenerDocumentosCreditoQueryOptions(creditoId));
    if (tipo === 'comprobantes' && docs.comprobantes.length === 0) {
      fail(c.sinComprobantes, c.sinComprobantesDesc);
      return;
    }
  } catch {
    fail(tipo === 'contrato' ? c.errorContrato : c.errorComprobantes);
    return;
  }
  const url = `/creditos/${encodeURIComponent(creditoId)}/${tipo}`;
  if (!win) {
    toast.error(tipo === 'contrato' ? c.errorContrato : c.errorComprobantes, c.popupBloqueado);
    return;
  }
  win.opener = null;
  win.location.href = url;
}
