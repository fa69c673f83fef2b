import { pagosTexts } from '@cuota/shared/texts/pagos';
import { Button, Spinner } from '@cuota/shared/ui';
import { CargaDiferida } from '@cuota/shared/web';
import { lazy, useId, useRef, useState } from 'react';
import type { DatosDelPago } from './dialogo-de-pago';

const DialogoDePago = lazy(() => import('./dialogo-de-pago').then((m) => ({ default: m.DialogoDePago })));

export interface RealizarPagoButtonProps extends DatosDelPago {
  /** A compact button for table rows and cards. */
  size?: 'sm' | 'default';
}

/**
 * 'Realizar Pago': a button opening the dialog with 'Reportar Pago' and, when enabled, 'Pagar con
 * Tarjeta'. The dialog's code loads on the first click and stays mounted afterwards, so a payment
 * being sent keeps its state while the dialog closes and opens again.
 */
export function RealizarPagoButton({ size = 'default', ...datos }: RealizarPagoButtonProps) {
  const [open, setOpen] = useState(false);
  const [usado, setUsado] = useState(false);
  const boton = useRef<HTMLButtonElement>(null);
  const dialogo = useId();

  return (
    <>
      <Button
        ref={boton}
        size={size}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogo : undefined}
        onClick={() => {
          setUsado(true);
          setOpen(true);
        }}
      >
        {pagosTexts.realizarPago}
      </Button>
      {usado ? (
        // the first click downloads the dialog: a spinner beside the button says so meanwhile
        <CargaDiferida fallback={<Spinner className="ml-2 size-5" />}>
          <DialogoDePago {...datos} id={dialogo} open={open} onOpenChange={setOpen} boton={boton} />
        </CargaDiferida>
      ) : null}
    </>
  );
}
