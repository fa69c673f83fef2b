import type { CreditoDocumentos } from '@cuota/shared/schemas/creditos';
import { creditosTexts } from '@cuota/shared/texts/creditos';
import { liquidacionTexts } from '@cuota/shared/texts/liquidacion';
import { navTexts } from '@cuota/shared/texts/nav';
import { portalDocumentosTexts } from '@cuota/shared/texts/portalDocumentos';
import { ComprobantesDocumento, ContratoDocumento } from '@cuota/shared/documents/documento-imprimible';
import { ConstanciaCancelacionDocumento } from '@cuota/shared/documents/liquidacion-documentos';
import { ArrowLeft, Button, EmptyState, PageSpinner, SearchX } from '@cuota/shared/ui';
import { isApiError, LoadError } from '@cuota/shared/web';
import type { ReactElement } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useObtenerDocumentosCreditoPortal } from '../api/documentos';

const c = creditosTexts;
const t = portalDocumentosTexts;

/**
 * The customer's printable document: the same markup as the staff's (@cuota/shared/documents),
 * from GET /api/portal/creditos/{id}/documentos. Someone else's credit answers 404: a
 * 'Crédito no encontrado' screen with the way back to the portal.
 */
function DocumentoPortal({ errorTitle, render }: { errorTitle: string; render: (data: CreditoDocumentos) => ReactElement }) {
  const { id = '' } = useParams();
  const { data, isPending, isError, error, refetch } = useObtenerDocumentosCreditoPortal(id);
  if (isPending) return <PageSpinner />;
  if (isError) {
    const notFound = isApiError(error) && (error.status === 404 || error.status === 400);
    return (
      <main className="mx-auto max-w-xl px-4 py-16">
        {notFound ? (
          <EmptyState
            icon={<SearchX />}
            title={c.notFound}
            description={t.noEncontradoTexto}
            action={
              <Button asChild variant="outline">
                <Link to="/portal">
                  <ArrowLeft aria-hidden />
                  {navTexts.backToPortal}
                </Link>
              </Button>
            }
          />
        ) : (
          <LoadError title={errorTitle} error={error} onRetry={() => void refetch()} />
        )}
      </main>
    );
  }
  return render(data);
}

/** /portal/creditos/:id/contrato: the customer's own contract, printable. */
export function ContratoPortalPage() {
  return <DocumentoPortal errorTitle={c.errorContrato} render={(data) => <ContratoDocumento data={data} />} />;
}

/** /portal/creditos/:id/comprobantes: the customer's own receipts, printable. */
export function ComprobantesPortalPage() {
  return <DocumentoPortal errorTitle={c.errorComprobantes} render={(data) => <ComprobantesDocumento data={data} />} />;
}

/** /portal/creditos/:id/constancia: the constancia de cancelación of an own cancelado credit, printable. */
export function ConstanciaPortalPage() {
  return (
    <DocumentoPortal
      errorTitle={liquidacionTexts.errorConstancia}
      render={(data) => <ConstanciaCancelacionDocumento data={data} />}
    />
  );
}
