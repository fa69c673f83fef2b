import { formatDate, formatPorcentaje } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { CreditoPortal } from '@cuota/shared/schemas/creditos';
import { enCartera } from '@cuota/shared/schemas/lending';
import { portalResumenTexts } from '@cuota/shared/texts/portalResumen';
import {
  BloquesCargando,
  Button,
  Card,
  CardContent,
  ChevronDown,
  ChevronUp,
  CreditoEstadoBadge,
  PaginacionCursor,
  TarjetaVacia,
  useCursorPagination,
  Wallet,
} from '@cuota/shared/ui';
import { LoadError } from '@cuota/shared/web';
import { useState } from 'react';
import { RealizarPagoButton } from '../../pagos';
import { useListarCreditosPortal } from '../api/creditos';
import { CancelarCredito, ConstanciaCancelacionPortalButton } from './cancelar-credito';
import { CuotasCredito } from './cuotas-credito';
import { DeudaCreditoResumen } from './deuda-credito';
import { filasPrecioCredito } from '@cuota/shared/documents/precio-credito';

const t = portalResumenTexts;

function Dato({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function CreditoCard({ credito }: { credito: CreditoPortal }) {
  const [abierto, setAbierto] = useState(false);
  const cuotasId = `cuotas-${credito.id}`;
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5 sm:pt-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-0.5">
            <h2 className="font-semibold">{credito.numero_credito}</h2>
            <p className="text-sm text-muted-foreground">{credito.producto_nombre ?? '—'}</p>
          </div>
          <CreditoEstadoBadge estado={credito.estado} />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Dato label={t.principal} value={formatCRC(credito.monto_principal_centimos)} />
          <Dato label={t.saldo} value={formatCRC(credito.saldo_capital_centimos)} />
          <Dato label={t.tasa} value={formatPorcentaje(credito.tasa_interes_anual)} />
          <Dato label={t.plazoLabel} value={t.plazo(credito.plazo_meses)} />
          {credito.fecha_desembolso ? <Dato label={t.desembolso} value={formatDate(credito.fecha_desembolso)} /> : null}
          {filasPrecioCredito(credito).map((fila) => (
            <Dato key={fila.label} label={fila.label} value={fila.value} />
          ))}
        </dl>
        {enCartera(credito.estado) ? <DeudaCreditoResumen deuda={credito.deuda} /> : null}
        <div className="flex flex-wrap gap-2">
          {enCartera(credito.estado) ? <RealizarPagoButton credito={credito} deuda={credito.deuda} /> : null}
          {credito.estado === 'cancelado' ? <ConstanciaCancelacionPortalButton creditoId={credito.id} /> : null}
          <Button variant="outline" aria-expanded={abierto} aria-controls={cuotasId} onClick={() => setAbierto((v) => !v)}>
            {abierto ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
            {abierto ? t.ocultarCuotas : t.verCuotas}
          </Button>
        </div>
        {enCartera(credito.estado) ? <CancelarCredito credito={credito} /> : null}
        {abierto ? (
          // min-w-0: the schedule scrolls inside its own box instead of widening the card on a phone
          <div id={cuotasId} className="min-w-0">
            <CuotasCredito credito={credito} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Mis Créditos: the customer's credits as cards (phones first), each with its schedule and 'Realizar Pago'. */
export function MisCreditosTab() {
  const pagination = useCursorPagination();
  const { data, isPending, isError, error, isFetching, refetch } = useListarCreditosPortal(pagination.cursor);
  if (isError) return <LoadError title={t.creditosError} error={error} onRetry={() => void refetch()} />;
  if (isPending) {
    return <BloquesCargando cantidad={2} alto="h-44" />;
  }
  if (data.items.length === 0 && !pagination.hasPrevious) {
    return <TarjetaVacia relleno="pt-5 sm:pt-6" icon={<Wallet />} title={t.creditosVacio} description={t.creditosVacioTexto} />;
  }
  return (
    <div className="grid gap-4">
      {data.items.map((credito) => (
        <CreditoCard key={credito.id} credito={credito} />
      ))}
      <PaginacionCursor paginacion={pagination} siguiente={data.nextCursor} disabled={isFetching} />
    </div>
  );
}
