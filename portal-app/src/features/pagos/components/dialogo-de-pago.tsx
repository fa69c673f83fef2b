import type { DeudaCredito } from '@cuota/shared/schemas/creditos';
import { pagosTexts } from '@cuota/shared/texts/pagos';
import { portalPagosTexts } from '@cuota/shared/texts/portalPagos';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cuota/shared/ui';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@cuota/shared/ui/dialog';
import { nuevaClaveIdempotencia } from '@cuota/shared/web';
import { useState, type RefObject } from 'react';
import { useObtenerConfiguracionPortal, usePagarConTarjeta, useReportarPago } from '../api/pagos';
import { montoDeOpcion, opcionInicial } from './opciones-monto';
import { PagoTarjetaForm } from './pago-tarjeta-form';
import { ReportarPagoForm } from './reportar-pago-form';

/**
 * The payment dialog of 'Realizar Pago' (realizar-pago-dialog.tsx loads this module on the first
 * click, so the credits tab does not download the dialog and its two forms with the first screen).
 */

const t = pagosTexts;
const p = portalPagosTexts;

export interface DatosDelPago {
  /** The credit paid (one of the caller's own). */
  credito: { id: string; numero_credito: string };
  /** Pre-fills the amount, e.g. the next unpaid cuota; the customer may change it. */
  montoSugeridoCentimos?: number;
  /**
   * What the credit owes today (the server's): the dialog offers 'Ponerse al día', 'Próxima cuota'
   * and 'Otro monto' and opens with catching up when something is overdue, else the next cuota.
   */
  deuda?: DeudaCredito;
}

interface ContenidoProps extends DatosDelPago {
  reportar: ReturnType<typeof useReportarPago>;
  pagar: ReturnType<typeof usePagarConTarjeta>;
  onClose: () => void;
}

/** Mounted on each opening (Radix unmounts a closed dialog's content): one Idempotency-Key per opening. */
function Contenido({ credito, montoSugeridoCentimos, deuda, reportar, pagar, onClose }: ContenidoProps) {
  const [clave] = useState(nuevaClaveIdempotencia);
  const configuracion = useObtenerConfiguracionPortal();
  // spec §2: the card tab only when allow_credit_card_payments has the text value 'true'
  const conTarjeta = configuracion.data?.allow_credit_card_payments === 'true';
  const sugerido = deuda ? (montoDeOpcion(deuda, opcionInicial(deuda)) ?? undefined) : montoSugeridoCentimos;
  const comunes = { creditoId: credito.id, montoSugeridoCentimos: sugerido, deuda, clave, onDone: onClose, onCancel: onClose };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t.realizarPago}</DialogTitle>
        <DialogDescription>{p.dialogoDescripcion(credito.numero_credito)}</DialogDescription>
      </DialogHeader>
      <Tabs defaultValue="reportar">
        <TabsList>
          <TabsTrigger value="reportar" disabled={pagar.isPending}>
            {t.tabReportar}
          </TabsTrigger>
          {conTarjeta ? (
            <TabsTrigger value="tarjeta" disabled={reportar.isPending}>
              {t.tabTarjeta}
            </TabsTrigger>
          ) : null}
        </TabsList>
        <TabsContent value="reportar">
          <ReportarPagoForm {...comunes} configuracion={configuracion.data} reportar={reportar} />
        </TabsContent>
        {conTarjeta ? (
          <TabsContent value="tarjeta">
            <PagoTarjetaForm {...comunes} pagar={pagar} />
          </TabsContent>
        ) : null}
      </Tabs>
    </>
  );
}

export interface DialogoDePagoProps extends DatosDelPago {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's id (the button's aria-controls). */
  id: string;
  /** The button that opened it: focus goes back to it when the dialog closes. */
  boton: RefObject<HTMLButtonElement | null>;
}

export function DialogoDePago({ credito, montoSugeridoCentimos, deuda, id, open, onOpenChange, boton }: DialogoDePagoProps) {
  const reportar = useReportarPago();
  const pagar = usePagarConTarjeta();
  const enviando = reportar.isPending || pagar.isPending;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // while a payment is being sent the dialog stays open (its answer decides what follows)
        if (!enviando || next) onOpenChange(next);
      }}
    >
      <DialogContent
        id={id}
        className="max-h-[90dvh] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          boton.current?.focus();
        }}
      >
        <Contenido
          credito={credito}
          montoSugeridoCentimos={montoSugeridoCentimos}
          deuda={deuda}
          reportar={reportar}
          pagar={pagar}
          onClose={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
