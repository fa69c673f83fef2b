import { TEXTS, type DeudaCredito } from '@cuota/shared';
import { PieDeDialogo, toast } from '@cuota/shared/ui';
import { avisarErrorDeFormulario, type CamposDelServidor } from '@cuota/shared/web';
import type { FormEventHandler, ReactNode } from 'react';
import type { PagoRegistro } from '../api/pagos';
import { OpcionesMonto } from './opciones-monto';

const p = TEXTS.portalPagos;

/** What the payment dialog hands each of its tabs' forms. */
export interface FormularioDePagoProps {
  creditoId: string;
  montoSugeridoCentimos: number | undefined;
  /** The credit's debt today: the amount choices above the field. */
  deuda?: DeudaCredito | undefined;
  /** The dialog opening's Idempotency-Key. */
  clave: string;
  onDone: () => void;
  onCancel: () => void;
}

export interface FormularioPagoProps {
  /** The form's accessible name (the tab's title). */
  etiqueta: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The credit's debt today: the amount choices above the fields. */
  deuda: DeudaCredito | undefined;
  monto: string;
  onMonto: (texto: string) => void;
  enviando: boolean;
  /** The submit button's text. */
  enviar: string;
  onCancel: () => void;
  children: ReactNode;
}

/** Both tabs of the payment dialog: the amount choices, the tab's fields, then 'Cancelar' and send. */
export function FormularioPago({
  etiqueta,
  onSubmit,
  deuda,
  monto,
  onMonto,
  enviando,
  enviar,
  onCancel,
  children,
}: FormularioPagoProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={etiqueta} className="grid gap-4">
      {deuda ? <OpcionesMonto deuda={deuda} monto={monto} disabled={enviando} onMonto={onMonto} /> : null}
      {children}
      <PieDeDialogo cancelar={p.cancelar} onCancelar={onCancel} ocupado={enviando} enviar={enviar} enviando={p.enviando} />
    </form>
  );
}

export interface EnvioDePago<T, F extends string> {
  body: T;
  /** The dialog opening's Idempotency-Key. */
  clave: string;
  /** The success toast: title and text. */
  exito: readonly [string, string];
  /** The failure toast's title; the server's per-field messages go to `campos`. */
  error: string;
  campos: CamposDelServidor<F>;
  marcar: (campo: F, mensaje: string) => void;
  onDone: () => void;
}

/** Sends a payment: on success the toast and `onDone`; on failure the fields keep what was typed. */
export function enviarPago<T, F extends string>(registro: PagoRegistro<T>, envio: EnvioDePago<T, F>): void {
  registro.mutate(
    { body: envio.body, clave: envio.clave },
    {
      onSuccess: () => {
        toast.success(...envio.exito);
        envio.onDone();
      },
      onError: (error) => avisarErrorDeFormulario(error, { campos: envio.campos, marcar: envio.marcar, titulo: envio.error }),
    },
  );
}
