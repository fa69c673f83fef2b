import { zodResolver } from '@hookform/resolvers/zod';
import {
  montoEditable,
  pagoTarjetaDesdeFormulario,
  tarjetaFormSchema,
  TEXTS,
  type PagoTarjeta,
  type TarjetaForm,
} from '@cuota/shared';
import { CampoTexto, MontoField } from '@cuota/shared/ui';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import type { PagoRegistro } from '../api/pagos';
import { montoColonesSchema } from '../lib/monto';
import { FormularioPago, useCampoMonto, type FormularioDePagoProps } from './formulario-pago';

const t = TEXTS.pagos;
const p = TEXTS.portalPagos;
const f = p.campos;

interface FormValues {
  monto: string;
  numero_tarjeta: string;
  nombre_titular: string;
  mes_expiracion: string;
  anio_expiracion: string;
  cvv: string;
}
type Valido = { monto: number } & TarjetaForm;

/** Spec §5 "Card payment form": the amount plus the card, validated here (tarjetaFormSchema), in the browser. */
const formSchema = z.object({ monto: montoColonesSchema }).and(tarjetaFormSchema);

const SERVER_FIELD: Record<string, keyof FormValues> = { monto_centimos: 'monto', tarjeta_ultimos4: 'numero_tarjeta' };

export interface PagoTarjetaFormProps extends FormularioDePagoProps {
  pagar: PagoRegistro<PagoTarjeta>;
}

/**
 * 'Pagar con Tarjeta' tab. The card number, holder, expiry and CVV stay in this form: the
 * request carries the credit, the amount and the card's last 4 digits only.
 */
export function PagoTarjetaForm({ creditoId, montoSugeridoCentimos, pagar, ...props }: PagoTarjetaFormProps) {
  const form = useForm<FormValues, unknown, Valido>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      monto: montoEditable(montoSugeridoCentimos),
      numero_tarjeta: '',
      nombre_titular: '',
      mes_expiracion: '',
      anio_expiracion: '',
      cvv: '',
    },
  });
  const { errors } = form.formState;
  const campoMonto = useCampoMonto(form);

  return (
    <FormularioPago
      {...props}
      etiqueta={t.tabTarjeta}
      form={form}
      campoMonto={campoMonto}
      registro={pagar}
      cuerpo={(valores) => pagoTarjetaDesdeFormulario(creditoId, valores.monto, valores)}
      exito={[t.procesado, t.procesadoTexto]}
      error={t.errorProcesar}
      campos={SERVER_FIELD}
      enviar={p.enviarTarjeta}
    >
      <MontoField label={f.monto} error={errors.monto?.message} valor={campoMonto.monto} {...form.register('monto')} />
      <CampoTexto
        label={f.numeroTarjeta}
        error={errors.numero_tarjeta?.message}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        {...form.register('numero_tarjeta')}
      />
      <CampoTexto
        label={f.nombreTitular}
        error={errors.nombre_titular?.message}
        autoComplete="cc-name"
        maxLength={100}
        {...form.register('nombre_titular')}
      />
      <div className="grid grid-cols-3 gap-3">
        <CampoTexto
          label={f.mesExpiracion}
          error={errors.mes_expiracion?.message}
          inputMode="numeric"
          autoComplete="cc-exp-month"
          placeholder="MM"
          maxLength={2}
          {...form.register('mes_expiracion')}
        />
        <CampoTexto
          label={f.anioExpiracion}
          error={errors.anio_expiracion?.message}
          inputMode="numeric"
          autoComplete="cc-exp-year"
          placeholder="AA"
          maxLength={2}
          {...form.register('anio_expiracion')}
        />
        <CampoTexto
          label={f.cvv}
          error={errors.cvv?.message}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          {...form.register('cvv')}
        />
      </div>
      <div className="grid gap-1 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
        <p>{p.notaTarjeta}</p>
        <p>{p.notaSeguridadTarjeta}</p>
      </div>
    </FormularioPago>
  );
}
