import type { CreditoDetalle } from '@cuota/shared/schemas/creditos';
import { liquidacionTexts } from '@cuota/shared/texts/liquidacion';
import { DesgloseLiquidacion } from '@cuota/shared/documents/liquidacion-documentos';
import { Button, CampoTexto, FileText, TarjetaConTitulo } from '@cuota/shared/ui';
import { errorMessage } from '@cuota/shared/web';
import { useState } from 'react';
import { useObtenerLiquidacion } from '../api/obtener-liquidacion';

const l = liquidacionTexts;

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
          <CampoTexto
            label={l.fecha}
            fieldClassName="w-full sm:w-56"
            error={isError ? errorMessage(error, l.error) : undefined}
            type="date"
            value={fecha}
            onChange={(e) => setFecha(e.target.value)}
          />
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
        {liq ? <DesgloseLiquidacion liquidacion={liq} cargando={isFetching} /> : null}
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
