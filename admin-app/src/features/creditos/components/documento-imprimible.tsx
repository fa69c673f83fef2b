import { creditosTexts } from '@cuota/shared/texts/creditos';
import { ComprobantesDocumento, ContratoDocumento } from '@cuota/shared/documents/documento-imprimible';
import { EmptyState, PageSpinner } from '@cuota/shared/ui';
import { useParams } from 'react-router-dom';
import { useObtenerDocumentosCredito } from '../api/obtener-documentos-credito';

const c = creditosTexts;

function useDocumentos() {
  const { id = '' } = useParams();
  return useObtenerDocumentosCredito(id);
}

/** /creditos/:id/contrato: the printable contract (the document itself lives in @cuota/shared/documents). */
export function ContratoPage() {
  const { data, isPending } = useDocumentos();
  if (isPending) return <PageSpinner />;
  if (!data) return <EmptyState title={c.errorContrato} />;
  return <ContratoDocumento data={data} />;
}

/** /creditos/:id/comprobantes: the printable receipts. */
export function ComprobantesPage() {
  const { data, isPending } = useDocumentos();
  if (isPending) return <PageSpinner />;
  if (!data) return <EmptyState title={c.errorComprobantes} />;
  return <ComprobantesDocumento data={data} />;
}
