import { zodResolver } from '@hookform/resolvers/zod';
import { formatPorcentaje } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import { montoTextoSchema } from '@cuota/shared/schemas/common';
import type { Solicitud } from '@cuota/shared/schemas/lending';
import type { ProductoDetalle } from '@cuota/shared/schemas/productos';
import {
  SOLICITUD_PLAZO_MAX,
  SOLICITUD_PLAZO_MIN,
  solicitudPortalCrearSchema,
  type SolicitudPortalCrear,
} from '@cuota/shared/schemas/solicitudes';
import { portalSolicitudesTexts } from '@cuota/shared/texts/portalSolicitudes';
import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { solicitudesPageTexts } from '@cuota/shared/texts/solicitudesPage';
import { Button, Card, CardContent, CardHeader, CardTitle, CampoSelect, CampoTexto, MontoField, toast } from '@cuota/shared/ui';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { useCrearSolicitudPortal } from '../api/crear-solicitud-portal';
import { leerNumero, montoCentimosDe, plazoMesesDe, vistaPrevia } from '../lib/vista-previa';
import { VistaPreviaPlan } from './vista-previa-plan';
import { avisarErrorDeFormulario, camposDe, marcarEnFormulario } from '@cuota/shared/web';

const t = solicitudesTexts;
const p = portalSolicitudesTexts;
const f = solicitudesPageTexts.fields;

/** A number typed in a text box: '' and non-numbers fail with the field's §5 message. */
const numero = (message: string) =>
  z.pipe(z.pipe(z.string(), z.transform(leerNumero)), z.number({ error: message }).check(z.refine(Number.isFinite, message)));

/**
 * The form in colones (typed the Costa Rican way, montoTextoSchema) and months; the shared
 * solicitudPortalCrearSchema (céntimos) checks the result, so the §5 messages ('Monto mínimo 100',
 * 'Plazo mínimo 1 mes', …) show at each field. The product's ranges are hints only (spec §5):
 * nothing here enforces them.
 */
const formSchema = z.pipe(
  z.pipe(
    z.object({
      producto_id: solicitudPortalCrearSchema.shape.producto_id,
      monto: z.pipe(montoTextoSchema({ requerido: t.montoMinimo }), solicitudPortalCrearSchema.shape.monto_solicitado_centimos),
      plazo: z.pipe(
        numero(t.plazoMinimo),
        z
          .number()
          .check(z.int(t.plazoEntero), z.gte(SOLICITUD_PLAZO_MIN, t.plazoMinimo), z.lte(SOLICITUD_PLAZO_MAX, t.plazoMaximo)),
      ),
    }),
    z.transform((v): SolicitudPortalCrear => ({
      producto_id: v.producto_id,
      monto_solicitado_centimos: v.monto,
      plazo_meses: v.plazo,
    })),
  ),
  solicitudPortalCrearSchema,
);

interface FormValues {
  producto_id: string;
  monto: string;
  plazo: string;
}

const EMPTY: FormValues = { producto_id: '', monto: '', plazo: '' };
const SERVER_FIELD: Record<string, keyof FormValues> = {
  producto_id: 'producto_id',
  monto_solicitado_centimos: 'monto',
  plazo_meses: 'plazo',
};

function fueraDe(valor: number | null, min: number, max: number): boolean {
  return valor !== null && (valor < min || valor > max);
}

/** A field's allowed range, with 'fuera de rango' under it when the value typed is outside it. */
function hintDeRango(rango: string, fuera: boolean) {
  return (
    <>
      {rango}
      {fuera ? <span className="block text-amber-800">{p.fueraDeRango}</span> : null}
    </>
  );
}

export interface SolicitudPortalFormProps {
  productos: ProductoDetalle[];
  onCreated: (solicitud: Solicitud) => void;
}

/**
 * The signed-in customer's own application (the client is the caller, never chosen): product,
 * amount in ₡ and term, with the product's ranges as hints and a live schedule preview.
 */
export function SolicitudPortalForm({ productos, onCreated }: SolicitudPortalFormProps) {
  const crear = useCrearSolicitudPortal();
  const form = useForm<FormValues, unknown, SolicitudPortalCrear>({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
  });
  const campo = camposDe(form);
  const [productoId, monto, plazo] = useWatch({ control: form.control, name: ['producto_id', 'monto', 'plazo'] });
  const producto = productos.find((item) => item.id === productoId);
  const montoCentimos = montoCentimosDe(monto);
  const plazoMeses = plazoMesesDe(plazo);
  const vista =
    producto && montoCentimos !== null && plazoMeses !== null
      ? vistaPrevia({
          montoCentimos,
          plazoMeses,
          tasaAnual: producto.tasa_interes_anual,
          metodo: producto.metodo_amortizacion,
          producto,
        })
      : null;

  function onSubmit(values: SolicitudPortalCrear) {
    crear.mutate(values, {
      onSuccess: (solicitud) => {
        toast.success(t.created, solicitud.numero_solicitud);
        onCreated(solicitud);
      },
      onError: (error) =>
        avisarErrorDeFormulario(error, { campos: SERVER_FIELD, marcar: marcarEnFormulario(form), porDefecto: t.createError }),
    });
  }

  const hintMonto = producto
    ? hintDeRango(
        solicitudesPageTexts.hintMonto(formatCRC(producto.monto_minimo_centimos), formatCRC(producto.monto_maximo_centimos)),
        fueraDe(montoCentimos, producto.monto_minimo_centimos, producto.monto_maximo_centimos),
      )
    : undefined;
  const hintPlazo = producto
    ? hintDeRango(
        solicitudesPageTexts.hintPlazo(producto.plazo_minimo_meses, producto.plazo_maximo_meses),
        fueraDe(plazoMeses, producto.plazo_minimo_meses, producto.plazo_maximo_meses),
      )
    : undefined;
  const hintProducto = producto ? (
    <>
      {producto.descripcion ? <span className="block">{producto.descripcion}</span> : null}
      {p.tasaProducto(formatPorcentaje(producto.tasa_interes_anual))}
    </>
  ) : undefined;

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-label={p.titulo}
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
    >
      <Card className="lg:col-start-1">
        <CardHeader>
          <CardTitle>{p.datos}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <CampoSelect label={f.producto} hint={hintProducto} {...campo('producto_id')}>
            <option value="">{f.productoPlaceholder}</option>
            {productos.map((item) => (
              <option key={item.id} value={item.id}>
                {item.nombre}
              </option>
            ))}
          </CampoSelect>
          <MontoField label={f.monto} hint={hintMonto} valor={monto} {...campo('monto')} />
          <CampoTexto label={f.plazo} hint={hintPlazo} inputMode="numeric" autoComplete="off" {...campo('plazo')} />
        </CardContent>
      </Card>
      <VistaPreviaPlan
        vista={vista}
        tasaAnual={producto?.tasa_interes_anual ?? null}
        className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
      />
      <div className="lg:col-start-1">
        <Button type="submit" size="lg" className="w-full" disabled={crear.isPending}>
          {crear.isPending ? p.enviando : p.enviar}
        </Button>
      </div>
    </form>
  );
}
