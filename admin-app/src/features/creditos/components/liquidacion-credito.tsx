import { formatCRC, formatDate, TEXTS, type CreditoDetalle } from '@cuota/shared';
import { lineasLiquidacion } from '@cuota/shared/documents';
import { Button, Field, FileText, Input, TarjetaConTitulo } from '@cuota/shared/ui';
import { errorMessage } from '@cuota/shared/web';
import { useState } from 'react';
import { useObtenerLiquidacion } from '../api/obtener-liquidacion';

const l = TEXTS.liquidacion;

const abrirVentana = (url: string) => window.open(url, '_blank', 'noopener');

/**
 * 'Liquidación' on the staff credit detail: pick a value date (default the business date), see
 * what cancels the credit that day with its breakdown (the server's numbers), and print it.
 */
export function LiquidacionCredito({ credito }: { credito: CreditoDetalle }) {
  const [fecha, setFecha] = useState(credito.deuda.fecha);
  const { data, isError, error, isFetching } = useObtenerLiquidacion(credito.id, fecha);
  const liq = isError ? undefined : data;
  return (
    <TarjetaConTitulo titulo={l.titulo} claseEncabezado="pb-3" claseTitulo="text-base">
      <div className="grid gap-4" data-testid="liquidacion">
        <div className="flex flex-wrap items-end gap-3">
          <Field label={l.fecha} className="w-full sm:w-56" error={isError ? errorMessage(error, l.error) : undefined}>
            {(props) => <Input {...props} type="date" value={fecha} onChange={(e) => setFecha(e.target.value)} />}
          </Field>
          <Button
            variant="outline"
            size="sm"
            disabled={!liq || isFetching}
            onClick={() => abrirVentana(`/creditos/${encodeURIComponent(credito.id)}/liquidacion?fecha=${fecha}`)}
          >
            <FileText aria-hidden />
            {l.imprimir}
          </Button>
        </div>
        {liq ? (
          <div className="grid gap-2">
            <dl className="grid gap-2 text-sm" aria-busy={isFetching}>
              {lineasLiquidacion(liq).map(([label, monto]) => (
                <div key={label} className="flex justify-between gap-3 border-b border-dashed py-1">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="font-medium tabular-nums">{formatCRC(monto)}</dd>
                </div>
              ))}
              <div className="flex justify-between gap-3 pt-1">
                <dt className="font-semibold">{l.total}</dt>
                <dd className="text-lg font-bold tabular-nums" data-testid="liquidacion-total">
                  {formatCRC(liq.total_centimos)}
                </dd>
              </div>
            </dl>
            <p className="text-xs text-muted-foreground">{l.alFecha(formatDate(liq.fecha))}</p>
          </div>
        ) : null}
      </div>
    </TarjetaConTitulo>
  );
}

/** 'Constancia de cancelación' for a cancelado credit: opens the printable constancia in a window of its own. */
export function ConstanciaCancelacionButton({ creditoId }: { creditoId: string }) {
  return (
    <Button variant="outline" size="sm" onClick={() => abrirVentana(`/creditos/${encodeURIComponent(creditoId)}/constancia`)}>
      <FileText aria-hidden />
      {l.constancia}
    </Button>
  );
}
