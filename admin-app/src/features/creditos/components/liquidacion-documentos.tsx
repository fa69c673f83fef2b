import { generalTexts } from '@cuota/shared/texts/general';
import { liquidacionTexts } from '@cuota/shared/texts/liquidacion';
import { ConstanciaCancelacionDocumento, LiquidacionDocumento } from '@cuota/shared/documents/liquidacion-documentos';
import { EmptyState, PageSpinner } from '@cuota/shared/ui';
import { errorMessage } from '@cuota/shared/web';
import { useParams, useSearchParams } from 'react-router-dom';
import { useObtenerCredito } from '../api/obtener-credito';
import { useObtenerDocumentosCredito } from '../api/obtener-documentos-credito';
import { useObtenerLiquidacion } from '../api/obtener-liquidacion';

const l = liquidacionTexts;

/** /creditos/:id/liquidacion?fecha=: the printable payoff statement of that date. */
export function LiquidacionPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const credito = useObtenerCredito(id);
  const fecha = params.get('fecha') ?? credito.data?.deuda.fecha ?? '';
  const liq = useObtenerLiquidacion(id, fecha, credito.isSuccess);
  if (credito.isPending || (credito.isSuccess && liq.isPending)) return <PageSpinner />;
  if (credito.isError || liq.isError || !credito.data || !liq.data) {
    return <EmptyState title={l.error} description={errorMessage(liq.error ?? credito.error, '')} />;
  }
  const c = credito.data;
  return (
    <LiquidacionDocumento
      numeroCredito={c.numero_credito}
      cliente={c.cliente ? `${c.cliente.nombre} ${c.cliente.apellido}` : `${c.cliente_nombre} ${c.cliente_apellido}`}
      prestamista={generalTexts.brand}
      liquidacion={liq.data}
    />
  );
}

/** /creditos/:id/constancia: the printable constancia de cancelación. */
export function ConstanciaPage() {
  const { id = '' } = useParams();
  const { data, isPending } = useObtenerDocumentosCredito(id);
  if (isPending) return <PageSpinner />;
  if (!data) return <EmptyState title={l.errorConstancia} />;
  return <ConstanciaCancelacionDocumento data={data} />;
}
