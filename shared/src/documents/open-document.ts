import type { CreditoDocumentos } from '../schemas/creditos';
import { creditosTexts } from '../texts/creditos';
import type { DocumentNotifier } from './notifier';

const c = creditosTexts;
export type DocumentoImprimible = 'contrato' | 'comprobantes';

export interface OpenDocumentoOptions {
  /** The printable routes' base: '/creditos' (staff) or '/portal/creditos' (customer). */
  routeBase: string;
  creditoId: string;
  tipo: DocumentoImprimible;
  /** Reads the credit's documents (the query behind the printable route, so the window finds them cached). */
  fetchDocumentos: (creditoId: string) => Promise<CreditoDocumentos>;
  /** Where the spec §8 error toasts go (the app's `toast`). */
  notify: DocumentNotifier;
}

/** The route of a credit's printable contract or receipts under `routeBase`. */
export function documentoUrl(routeBase: string, creditoId: string, tipo: DocumentoImprimible): string {
  return `${routeBase}/${encodeURIComponent(creditoId)}/${tipo}`;
}

/**
 * Opens the printable contract or receipts route in a new window. The window is opened in the
 * click's own task (so popup blockers allow it), then pointed at the route once the data is
 * known to exist; on failure it is closed and the spec §8 toast is shown here instead.
 */
export async function openDocumento({
  routeBase,
  creditoId,
  tipo,
  fetchDocumentos,
  notify,
}: OpenDocumentoOptions): Promise<void> {
  const win = window.open('', '_blank');
  const fail = (title: string, description?: string) => {
    win?.close();
    notify.error(title, description);
  };
  try {
    const docs = await fetchDocumentos(creditoId);
    if (tipo === 'comprobantes' && docs.comprobantes.length === 0) {
      fail(c.sinComprobantes, c.sinComprobantesDesc);
      return;
    }
  } catch {
    fail(tipo === 'contrato' ? c.errorContrato : c.errorComprobantes);
    return;
  }
  if (!win) {
    notify.error(tipo === 'contrato' ? c.errorContrato : c.errorComprobantes, c.popupBloqueado);
    return;
  }
  win.opener = null;
  win.location.href = documentoUrl(routeBase, creditoId, tipo);
}
