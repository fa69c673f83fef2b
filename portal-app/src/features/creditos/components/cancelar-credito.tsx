import type { CreditoPortal } from '@cuota/shared/schemas/creditos';
import { liquidacionTexts } from '@cuota/shared/texts/liquidacion';
import { Button, Field, FileText, Input, Spinner } from '@cuota/shared/ui';
import { CargaDiferida, errorMessage } from '@cuota/shared/web';
import { lazy, useId, useState } from 'react';
import { RealizarPagoButton } from '../../pagos';
import { useObtenerLiquidacionPortal } from '../api/liquidacion';

const l = liquidacionTexts;

// The breakdown shares its module with the printable documents: it loads when the customer opens the section.
const DesgloseLiquidacion = lazy(() =>
  import('@cuota/shared/documents/liquidacion-documentos').then((m) => ({ default: m.DesgloseLiquidacion })),
);

/**
 * 'Cancelar mi crédito' on the customer's credit card: the amount that cancels the credit on a
 * payment date (today by default) with its breakdown, as the server computes it; for today, the
 * payment dialog opens with that amount so the customer reports it.
 */
export function CancelarCredito({ credito }: { credito: CreditoPortal }) {
  const [abierto, setAbierto] = useState(false);
  const [fecha, setFecha] = useState(credito.deuda.fecha);
  const id = useId();
  const { data, isError, error, isFetching } = useObtenerLiquidacionPortal(credito.id, fecha, abierto);
  const liq = isError ? undefined : data;
  return (
    <div className="grid gap-3">
      <Button
        variant="outline"
        className="w-full sm:w-fit"
        aria-expanded={abierto}
        aria-controls={id}
        onClick={() => setAbierto((v) => !v)}
      >
        {l.tituloPortal}
      </Button>
      {abierto ? (
        <section id={id} aria-label={l.tituloPortal} className="grid gap-3 rounded-md border p-3" data-testid="cancelar-credito">
          <Field label={l.fecha} className="w-full sm:w-56" error={isError ? errorMessage(error, l.error) : undefined}>
            {(props) => <Input {...props} type="date" value={fecha} onChange={(e) => setFecha(e.target.value)} />}
          </Field>
          {liq ? (
            <CargaDiferida fallback={<Spinner />}>
              <DesgloseLiquidacion liquidacion={liq} cargando={isFetching} />
            </CargaDiferida>
          ) : null}
          {liq && liq.fecha === credito.deuda.fecha ? (
            <div className="grid gap-2">
              <p className="text-sm">{l.comoPagar}</p>
              <RealizarPagoButton credito={credito} montoSugeridoCentimos={liq.total_centimos} />
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** 'Constancia de cancelación' of a cancelado credit, in a window of its own. */
export function ConstanciaCancelacionPortalButton({ creditoId }: { creditoId: string }) {
  return (
    <Button
      variant="outline"
      onClick={() => window.open(`/portal/creditos/${encodeURIComponent(creditoId)}/constancia`, '_blank', 'noopener')}
    >
      <FileText aria-hidden />
      {l.constancia}
    </Button>
  );
}
