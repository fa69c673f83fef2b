import { zodResolver } from '@hookform/resolvers/zod';
import { formatCRC } from '@cuota/shared/montos';
import { montoTextoSchema } from '@cuota/shared/schemas/common';
import {
  CANALES_VENTANILLA,
  EXCEDENTES,
  pagoVentanillaSchema,
  type PagoDetalle,
  type PagoVentanilla,
  type PagoVentanillaInput,
} from '@cuota/shared/schemas/pagos';
import { pagosTexts } from '@cuota/shared/texts/pagos';
import { pagoVentanillaTexts } from '@cuota/shared/texts/pagoVentanilla';
import { hoyCR } from '@cuota/shared/documents/cuota-estado';
import { Banknote, Button, CampoAreaTexto, CampoSelect, CampoTexto, MontoField, Opciones, Printer } from '@cuota/shared/ui';
import { DialogFooter } from '@cuota/shared/ui/dialog';
import { PieDeDialogo } from '@cuota/shared/ui/pie-de-dialogo';
import { VentanaDeDialogo } from '@cuota/shared/ui/ventana-de-dialogo';
import { avisarErrorDeFormulario, camposDe, claveParaEnvio, marcarEnFormulario } from '@cuota/shared/web';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { reciboUrl, useRegistrarPagoVentanilla } from '../api/pagos-ventanilla';

const v = pagoVentanillaTexts;
const t = pagosTexts;

interface FormValues {
  monto: string;
  fecha_pago: string;
  canal: string;
  referencia: string;
  nota: string;
  excedente: string;
}

const SERVER_FIELD: Record<string, keyof FormValues> = {
  monto_centimos: 'monto',
  fecha_pago: 'fecha_pago',
  canal: 'canal',
  referencia: 'referencia',
  nota: 'nota',
  excedente: 'excedente',
};

/** The form's amount as typed ('25.000', '1.000.000,50') to céntimos, then the server's own body schema. */
function formSchema(hoy: string) {
  const campos = z.object({
    monto: montoTextoSchema({ requerido: t.montoRequerido, invalido: t.montoInvalido }),
    fecha_pago: z.string(),
    canal: z.string(),
    referencia: z.string(),
    nota: z.string(),
    excedente: z.string(),
  });
  const cuerpo = z.transform((f: z.output<typeof campos>): PagoVentanillaInput => ({
    monto_centimos: f.monto,
    fecha_pago: f.fecha_pago,
    canal: f.canal as PagoVentanillaInput['canal'],
    referencia: f.referencia,
    nota: f.nota,
    excedente: f.excedente as PagoVentanillaInput['excedente'],
  }));
  return z.pipe(z.pipe(campos, cuerpo), pagoVentanillaSchema).check(
    z.superRefine((b, ctx) => {
      if (b.fecha_pago > hoy) ctx.addIssue({ code: 'custom', path: ['fecha_pago'], message: t.fechaFutura });
    }),
  );
}

/** Issues of the body schema point at the body's names: moved to the form's. */
const resolverDe = (hoy: string) => {
  const base = zodResolver(formSchema(hoy));
  return (async (...args: Parameters<typeof base>) => {
    const r = await base(...args);
    const errors = r.errors as Record<string, unknown>;
    if (errors.monto_centimos) {
      errors.monto = errors.monto_centimos;
      delete errors.monto_centimos;
    }
    return r;
  }) as typeof base;
};

/** 'Registrar pago': a payment received at the counter, applied at once; then its receipt. */
export function RegistrarPagoDialog({ creditoId }: { creditoId: string }) {
  const [open, setOpen] = useState(false);
  const [resultado, setResultado] = useState<PagoDetalle | null>(null);
  const cambiar = (abierto: boolean) => {
    setOpen(abierto);
    if (!abierto) setResultado(null);
  };
  return (
    <VentanaDeDialogo
      abierto={open}
      onAbiertoChange={cambiar}
      titulo={v.registrarPago}
      descripcion={v.registrarPagoTexto}
      clase="max-h-[90dvh] overflow-y-auto"
      disparador={
        <Button onClick={() => cambiar(true)}>
          <Banknote aria-hidden />
          {v.registrarPago}
        </Button>
      }
    >
      {resultado ? (
        <Resultado pago={resultado} onCerrar={() => cambiar(false)} />
      ) : open ? (
        <FormularioVentanilla creditoId={creditoId} onHecho={setResultado} onCancel={() => cambiar(false)} />
      ) : null}
    </VentanaDeDialogo>
  );
}

function Resultado({ pago, onCerrar }: { pago: PagoDetalle; onCerrar: () => void }) {
  return (
    <div className="grid gap-4">
      <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm font-medium">
        {v.resultado(pago.numero_recibo ?? pago.referencia_pago, formatCRC(pago.monto_centimos))}
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCerrar}>
          {v.cerrar}
        </Button>
        <Button asChild>
          <a href={reciboUrl(pago.id)} target="_blank" rel="noopener">
            <Printer aria-hidden />
            {v.imprimirRecibo}
          </a>
        </Button>
      </DialogFooter>
    </div>
  );
}

function FormularioVentanilla(props: { creditoId: string; onHecho: (p: PagoDetalle) => void; onCancel: () => void }) {
  const hoy = hoyCR();
  const registrar = useRegistrarPagoVentanilla(props.creditoId);
  const claves = useMemo(() => claveParaEnvio(), []);
  const form = useForm<FormValues, unknown, PagoVentanilla>({
    resolver: resolverDe(hoy),
    defaultValues: { monto: '', fecha_pago: hoy, canal: 'efectivo', referencia: '', nota: '', excedente: 'reducir_plazo' },
  });
  const campo = camposDe(form);
  const [monto, canal] = useWatch({ control: form.control, name: ['monto', 'canal'] });

  function onValid(body: PagoVentanilla) {
    registrar.mutate(
      { body, clave: claves.para(body) },
      {
        onSuccess: (pago) => {
          claves.olvidar();
          props.onHecho(pago);
        },
        onError: (error) =>
          avisarErrorDeFormulario(error, { campos: SERVER_FIELD, marcar: marcarEnFormulario(form), titulo: v.errorRegistrar }),
      },
    );
  }

  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate aria-label={v.registrarPago} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <MontoField label={v.monto} valor={monto} {...campo('monto')} />
        <CampoTexto label={v.fechaPago} type="date" max={hoy} {...campo('fecha_pago')} />
      </div>
      <CampoSelect label={v.canal} {...campo('canal')}>
        <Opciones valores={CANALES_VENTANILLA} etiquetas={v.canales} />
      </CampoSelect>
      <CampoTexto
        label={v.referencia}
        hint={canal === 'efectivo' ? undefined : v.referenciaAyuda}
        maxLength={50}
        autoComplete="off"
        {...campo('referencia')}
      />
      <CampoSelect label={v.excedente} {...campo('excedente')}>
        <Opciones valores={EXCEDENTES} etiquetas={v.excedentes} />
      </CampoSelect>
      <CampoAreaTexto label={v.nota} rows={2} maxLength={500} {...campo('nota')} />
      <PieDeDialogo
        cancelar={v.cancelar}
        onCancelar={props.onCancel}
        ocupado={registrar.isPending}
        enviar={v.confirmarRegistro}
        enviando={v.enviando}
      />
    </form>
  );
}
