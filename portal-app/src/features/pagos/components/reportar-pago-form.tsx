import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_TIMEZONE, fechaNegocio } from '@cuota/shared/domain/fechas';
import { montoEditable } from '@cuota/shared/montos';
import type { MetodoPago } from '@cuota/shared/schemas/configuracion';
import type { DeudaCredito } from '@cuota/shared/schemas/creditos';
import { pagoReportarSchema, type ExcedentePago, type PagoReportar, type PagoReportarInput } from '@cuota/shared/schemas/pagos';
import { pagosTexts } from '@cuota/shared/texts/pagos';
import { portalPagosTexts } from '@cuota/shared/texts/portalPagos';
import { CampoSelect, CampoTexto, MontoField } from '@cuota/shared/ui';
import { camposDe } from '@cuota/shared/web';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { useListarMetodosPago, type PagoRegistro } from '../api/pagos';
import { montoColonesSchema } from '../lib/monto';
import { FormularioPago, useCampoMonto, type FormularioDePagoProps } from './formulario-pago';
import { excedeLoExigible, ExcedenteOpciones, superaLoExigible } from './excedente-opciones';

const t = pagosTexts;
const p = portalPagosTexts;
const f = p.campos;

interface FormValues {
  monto: string;
  fecha_pago: string;
  canal: string;
  referencia_pago: string;
  excedente: ExcedentePago;
}

const SERVER_FIELD: Record<string, keyof FormValues> = {
  monto_centimos: 'monto',
  fecha_pago: 'fecha_pago',
  canal: 'canal',
  referencia_pago: 'referencia_pago',
  referencia_externa: 'referencia_pago',
};

/**
 * Spec §5 "Report-payment form": the amount in colones (sent as céntimos), the date (not after
 * today), an active channel, and the reference, which a channel may require (as the server checks).
 */
function formSchema(creditoId: string, metodos: MetodoPago[], hoy: string, deuda?: DeudaCredito) {
  const s = pagoReportarSchema.shape;
  return z.pipe(
    z
      .object({
        monto: montoColonesSchema,
        fecha_pago: s.fecha_pago,
        canal: s.canal,
        referencia_pago: z.pipe(
          z.string().check(z.trim(), z.maxLength(50, t.referenciaLarga)),
          z.transform((r) => r || null),
        ),
        excedente: z.enum(['reducir_plazo', 'reducir_cuota']),
      })
      .check(
        z.superRefine((v, ctx) => {
          if (v.fecha_pago > hoy) ctx.addIssue({ code: 'custom', path: ['fecha_pago'], message: t.fechaFutura });
          const metodo = metodos.find((m) => m.codigo === v.canal);
          if (metodo?.requiere_referencia && !v.referencia_pago) {
            ctx.addIssue({ code: 'custom', path: ['referencia_pago'], message: t.referenciaRequerida(metodo.nombre) });
          }
        }),
      ),
    z.transform((v): PagoReportar => ({
      credito_id: creditoId,
      monto_centimos: v.monto,
      fecha_pago: v.fecha_pago,
      canal: v.canal,
      referencia_pago: v.referencia_pago,
      referencia_externa: null,
      // beyond what is due, the customer's choice for the excess (reducir plazo by default)
      ...(superaLoExigible(v.monto, deuda) ? { excedente: v.excedente } : {}),
    })),
  );
}

export interface ReportarPagoFormProps extends FormularioDePagoProps {
  configuracion: Record<string, string> | undefined;
  reportar: PagoRegistro<PagoReportarInput>;
}

/** 'Reportar Pago' tab of the payment dialog. */
export function ReportarPagoForm({ creditoId, montoSugeridoCentimos, configuracion, reportar, ...props }: ReportarPagoFormProps) {
  const metodos = useListarMetodosPago();
  const hoy = fechaNegocio(new Date(), configuracion?.timezone || DEFAULT_TIMEZONE);
  const activos = useMemo(() => metodos.data ?? [], [metodos.data]);
  const schema = useMemo(() => formSchema(creditoId, activos, hoy, props.deuda), [creditoId, activos, hoy, props.deuda]);
  const form = useForm<FormValues, unknown, PagoReportar>({
    resolver: zodResolver(schema),
    defaultValues: {
      monto: montoEditable(montoSugeridoCentimos),
      fecha_pago: hoy,
      canal: '',
      referencia_pago: '',
      excedente: 'reducir_plazo',
    },
  });
  const campo = camposDe(form);
  const campoMonto = useCampoMonto(form);
  const { monto } = campoMonto;
  const [canal, excedente] = useWatch({ control: form.control, name: ['canal', 'excedente'] });
  const metodo = activos.find((m) => m.codigo === canal);
  const horas = configuracion?.payment_reflection_hours;
  const campoCanal = campo('canal');

  return (
    <FormularioPago
      {...props}
      etiqueta={t.tabReportar}
      form={form}
      campoMonto={campoMonto}
      registro={reportar}
      cuerpo={(body) => body}
      exito={[t.reportado, t.reportadoTexto]}
      error={t.errorReportar}
      campos={SERVER_FIELD}
      enviar={p.enviarReporte}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <MontoField label={f.monto} valor={monto} {...campo('monto')} />
        <CampoTexto label={f.fechaPago} type="date" max={hoy} {...campo('fecha_pago')} />
      </div>
      <CampoSelect
        label={f.canal}
        hint={!metodos.isPending && !metodos.isError && activos.length === 0 ? p.canalesVacio : undefined}
        {...campoCanal}
        error={campoCanal.error ?? (metodos.isError ? p.canalesError : undefined)}
        aria-busy={metodos.isPending}
      >
        <option value="">{metodos.isPending ? p.canalesCargando : f.canalPlaceholder}</option>
        {activos.map((m) => (
          <option key={m.id} value={m.codigo}>
            {m.requiere_referencia ? p.canalConReferencia(m.nombre) : m.nombre}
          </option>
        ))}
      </CampoSelect>
      <CampoTexto
        label={f.referencia}
        hint={metodo?.requiere_referencia ? p.requiereReferencia : f.referenciaOpcional}
        maxLength={50}
        autoComplete="off"
        {...campo('referencia_pago')}
      />
      {excedeLoExigible(monto, props.deuda) ? (
        <ExcedenteOpciones valor={excedente} onValor={(v) => form.setValue('excedente', v)} disabled={reportar.isPending} />
      ) : null}
      {horas ? <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{p.notaReflejo(horas)}</p> : null}
    </FormularioPago>
  );
}
