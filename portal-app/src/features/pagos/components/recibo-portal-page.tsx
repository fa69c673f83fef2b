import { reciboPagoSchema } from '@cuota/shared/schemas/pagos';
import { pagoVentanillaTexts } from '@cuota/shared/texts/pagoVentanilla';
import { ReciboDocumento } from '@cuota/shared/documents/recibo-pago';
import { EmptyState, PageSpinner } from '@cuota/shared/ui';
import { api } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';

/** The portal's route of a payment's printable receipt. */
export const reciboPortalUrl = (pagoId: string) => `/portal/pagos/${encodeURIComponent(pagoId)}/recibo`;

/** /portal/pagos/:id/recibo: the receipt of one of the customer's own payments (print or save as PDF). */
export function ReciboPortalPage() {
  const { id = '' } = useParams();
  const { data, isPending } = useQuery({
    queryKey: ['portal', 'pagos', 'recibo', id],
    queryFn: ({ signal }) => api.get(`/api/portal/pagos/${encodeURIComponent(id)}/recibo`, { schema: reciboPagoSchema, signal }),
  });
  if (isPending) return <PageSpinner />;
  if (!data) return <EmptyState title={pagoVentanillaTexts.errorRecibo} />;
  return <ReciboDocumento data={data} />;
}
