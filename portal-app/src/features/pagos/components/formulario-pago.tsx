import type { DeudaCredito } from '@cuota/shared/schemas/creditos';
import { portalPagosTexts } from '@cuota/shared/texts/portalPagos';
import { toast } from '@cuota/shared/ui';
import { PieDeDialogo } from '@cuota/shared/ui/pie-de-dialogo';
import { avisarErrorDeFormulario, marcarEnFormulario, type CamposDelServidor } from '@cuota/shared/web';
import type { ReactNode } from 'react';
import { useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import type { PagoRegistro } from '../api/pagos';
import { OpcionesMonto } from './opciones-monto';

const p = portalPagosTexts;

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

/** A payment form's values: at least the amount as typed ('25.000', '1.000.000,50'). */
export interface ConMonto {
  monto: string;
}

/** The amount as typed, watched, and how the amount choices above the field set it. */
export function useCampoMonto<V extends ConMonto, T>(form: UseFormReturn<V, unknown, T>) {
  const conMonto = form as unknown as UseFormReturn<ConMonto, unknown, T>;
  const monto = useWatch({ control: conMonto.control, name: 'monto' });
  const onMonto = (texto: string) => conMonto.setValue('monto', texto, { shouldValidate: conMonto.formState.isSubmitted });
  return { monto, onMonto };
}

export interface FormularioPagoProps<V extends ConMonto, T, B> extends Omit<
  FormularioDePagoProps,
  'creditoId' | 'montoSugeridoCentimos'
> {
  /** The form's accessible name (the tab's title). */
  etiqueta: string;
  form: UseFormReturn<V, unknown, T>;
  /** The amount field's value and setter (`useCampoMonto`). */
  campoMonto: ReturnType<typeof useCampoMonto>;
  registro: PagoRegistro<B>;
  /** The request's body from the form's valid values. */
  cuerpo: (valores: T) => B;
  /** The success toast: title and text. */
  exito: readonly [string, string];
  /** The failure toast's title; the server's per-field messages go to `campos`. */
  error: string;
  campos: CamposDelServidor<Path<V>>;
  /** The submit button's text. */
  enviar: string;
  children: ReactNode;
}

/**
 * Both tabs of the payment dialog: the amount choices, the tab's fields, then 'Cancelar' and send.
 * A valid form is sent with the opening's key (`enviarPago`); the server's field errors go on the fields.
 */
export function FormularioPago<V extends ConMonto, T, B>({
  etiqueta,
  form,
  campoMonto: { monto, onMonto },
  registro,
  cuerpo,
  exito,
  error,
  campos,
  deuda,
  clave,
  onDone,
  enviar,
  onCancel,
  children,
}: FormularioPagoProps<V, T, B>) {
  const enviando = registro.isPending;
  const onSubmit = form.handleSubmit((valores) =>
    enviarPago(registro, { body: cuerpo(valores), clave, exito, error, campos, marcar: marcarEnFormulario(form), onDone }),
  );
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
function enviarPago<T, F extends string>(registro: PagoRegistro<T>, envio: EnvioDePago<T, F>): void {
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
