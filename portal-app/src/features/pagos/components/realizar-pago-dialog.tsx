import { TEXTS, type DeudaCredito } from '@cuota/shared';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@cuota/shared/ui';
import { nuevaClaveIdempotencia } from '@cuota/shared/web';
import { lazy, Suspense, useState } from 'react';
import { useObtenerConfiguracionPortal, usePagarConTarjeta, useReportarPago } from '../api/pagos';
import { montoDeOpcion, opcionInicial } from './opciones-monto';

// The forms (and the form library) load when the dialog first opens, not with the portal's first screen.
const ReportarPagoForm = lazy(async () => ({ default: (await import('./reportar-pago-form')).ReportarPagoForm }));
const PagoTarjetaForm = lazy(async () => ({ default: (await import('./pago-tarjeta-form')).PagoTarjetaForm }));

const t = TEXTS.pagos;
const p = TEXTS.portalPagos;
const cargando = <Spinner className="mx-auto my-8 size-6" />;

export interface RealizarPagoButtonProps {
  /** The credit paid (one of the caller's own). */
  credito: { id: string; numero_credito: string };
  /** Pre-fills the amount, e.g. the next unpaid cuota; the customer may change it. */
  montoSugeridoCentimos?: number;
  /**
   * What the credit owes today (the server's): the dialog offers 'Ponerse al día', 'Próxima cuota'
   * and 'Otro monto' and opens with catching up when something is overdue, else the next cuota.
   */
  deuda?: DeudaCredito;
  /** A compact button for table rows and cards. */
  size?: 'sm' | 'default';
}

interface ContenidoProps extends Omit<RealizarPagoButtonProps, 'size'> {
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
          <Suspense fallback={cargando}>
            <ReportarPagoForm {...comunes} configuracion={configuracion.data} reportar={reportar} />
          </Suspense>
        </TabsContent>
        {conTarjeta ? (
          <TabsContent value="tarjeta">
            <Suspense fallback={cargando}>
              <PagoTarjetaForm {...comunes} pagar={pagar} />
            </Suspense>
          </TabsContent>
        ) : null}
      </Tabs>
    </>
  );
}

/** 'Realizar Pago': a button opening the dialog with 'Reportar Pago' and, when enabled, 'Pagar con Tarjeta'. */
export function RealizarPagoButton({ credito, montoSugeridoCentimos, deuda, size = 'default' }: RealizarPagoButtonProps) {
  const [open, setOpen] = useState(false);
  const reportar = useReportarPago();
  const pagar = usePagarConTarjeta();
  const enviando = reportar.isPending || pagar.isPending;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // while a payment is being sent the dialog stays open (its answer decides what follows)
        if (!enviando || next) setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size={size}>{t.realizarPago}</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <Contenido
          credito={credito}
          montoSugeridoCentimos={montoSugeridoCentimos}
          deuda={deuda}
          reportar={reportar}
          pagar={pagar}
          onClose={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
