import { zodResolver } from '@hookform/resolvers/zod';
import { montoEditable } from '@cuota/shared/montos';
import { pagoTarjetaDesdeFormulario, tarjetaFormSchema, type PagoTarjeta, type TarjetaForm } from '@cuota/shared/schemas/pagos';
import { pagosTexts } from '@cuota/shared/texts/pagos';
import { portalPagosTexts } from '@cuota/shared/texts/portalPagos';
import { CampoTexto, MontoField } from '@cuota/shared/ui';
import { camposDe } from '@cuota/shared/web';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { PagoRegistro } from '../api/pagos';
import { montoColonesSchema } from '../lib/monto';
import { FormularioPago, useCampoMonto, type FormularioDePagoProps } from './formulario-pago';

const t = pagosTexts;
const p = portalPagosTexts;
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
const formSchema = z.intersection(z.object({ monto: montoColonesSchema }), tarjetaFormSchema);

/** The card's expiry month and year and its CVV, side by side: digits typed on the keypad. */
const VENCIMIENTO_Y_CVV = [
  { nombre: 'mes_expiracion', label: f.mesExpiracion, autoComplete: 'cc-exp-month', placeholder: 'MM', maxLength: 2 },
  { nombre: 'anio_expiracion', label: f.anioExpiracion, autoComplete: 'cc-exp-year', placeholder: 'AA', maxLength: 2 },
  { nombre: 'cvv', label: f.cvv, autoComplete: 'cc-csc', maxLength: 4 },
] as const;

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
  const campo = camposDe(form);
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
      <MontoField label={f.monto} valor={campoMonto.monto} {...campo('monto')} />
      <CampoTexto
        label={f.numeroTarjeta}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        {...campo('numero_tarjeta')}
      />
      <CampoTexto label={f.nombreTitular} autoComplete="cc-name" maxLength={100} {...campo('nombre_titular')} />
      <div className="grid grid-cols-3 gap-3">
        {VENCIMIENTO_Y_CVV.map(({ nombre, ...props }) => (
          <CampoTexto key={nombre} inputMode="numeric" {...props} {...campo(nombre)} />
        ))}
      </div>
      <div className="grid gap-1 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
        <p>{p.notaTarjeta}</p>
        <p>{p.notaSeguridadTarjeta}</p>
      </div>
    </FormularioPago>
  );
}
