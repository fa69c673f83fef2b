import { pagoVentanillaTexts } from '@cuota/shared/texts/pagoVentanilla';
import { ReciboDocumento } from '@cuota/shared/documents/recibo-pago';
import { EmptyState, PageSpinner } from '@cuota/shared/ui';
import { useParams } from 'react-router-dom';
import { useObtenerRecibo } from '../api/pagos-ventanilla';

/** /pagos/:id/recibo: the printable receipt of a payment (print or save as PDF). */
export function ReciboPage() {
  const { id = '' } = useParams();
  const { data, isPending } = useObtenerRecibo(id);
  if (isPending) return <PageSpinner />;
  if (!data) return <EmptyState title={pagoVentanillaTexts.errorRecibo} />;
  return <ReciboDocumento data={data} />;
}
