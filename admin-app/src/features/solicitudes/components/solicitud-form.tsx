import { formatCRC } from '@cuota/shared/montos';
import { montoTextoSchema } from '@cuota/shared/schemas/common';
import type { Solicitud } from '@cuota/shared/schemas/lending';
import {
  SOLICITUD_PLAZO_MAX,
  SOLICITUD_PLAZO_MIN,
  solicitudCrearSchema,
  type SolicitudCrear,
} from '@cuota/shared/schemas/solicitudes';
import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { solicitudesPageTexts } from '@cuota/shared/texts/solicitudesPage';
import { busquedaTexts } from '@cuota/shared/texts/busqueda';
import { CampoSelect, CampoTexto, Field, MontoField, toast } from '@cuota/shared/ui';
import {
  avisarErrorDeFormulario,
  ComboboxDeBusqueda,
  estadoDeBusqueda,
  marcarEnFormulario,
  useDebouncedValue,
  type OpcionDeBusqueda,
} from '@cuota/shared/web';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { opcionDeCliente, useBuscarClientes } from '../api/buscar-clientes';
import { FormularioDeAlta } from '../../../shared-admin/formulario-de-alta';
import { useCrearSolicitud } from '../api/crear-solicitud';
import { useListarProductosActivos } from '../api/listar-productos-activos';
import { useFormularioDeEsquema } from '../../../shared-admin/use-formulario-de-esquema';

const t = solicitudesTexts;
const p = solicitudesPageTexts;
const f = p.fields;
export const CLIENTE_SEARCH_DEBOUNCE_MS = 300;

/** A number typed in a text box: '' and non-numbers fail with the field's §5 message. */
const numero = (message: string) =>
  z.pipe(
    z.pipe(
      z.string().check(z.trim(), z.minLength(1, message)),
      z.transform((value) => Number(value.replace(',', '.'))),
    ),
    z.number({ error: message }).check(z.refine(Number.isFinite, message)),
  );

/**
 * The form in colones (typed the Costa Rican way, montoTextoSchema) and months; the shared
 * solicitudCrearSchema (céntimos) checks the result, so the §5 messages ('Monto mínimo 100',
 * 'Plazo mínimo 1 mes', …) show at each field.
 */
const formSchema = z.pipe(
  z.pipe(
    z.object({
      cliente_id: solicitudCrearSchema.shape.cliente_id,
      producto_id: solicitudCrearSchema.shape.producto_id,
      monto: z.pipe(montoTextoSchema({ requerido: t.montoMinimo }), solicitudCrearSchema.shape.monto_solicitado_centimos),
      plazo: z.pipe(
        numero(t.plazoMinimo),
        z
          .number()
          .check(z.int(t.plazoEntero), z.gte(SOLICITUD_PLAZO_MIN, t.plazoMinimo), z.lte(SOLICITUD_PLAZO_MAX, t.plazoMaximo)),
      ),
    }),
    z.transform((v): SolicitudCrear => ({
      cliente_id: v.cliente_id,
      producto_id: v.producto_id,
      monto_solicitado_centimos: v.monto,
      plazo_meses: v.plazo,
    })),
  ),
  solicitudCrearSchema,
);

interface FormValues {
  cliente_id: string;
  producto_id: string;
  monto: string;
  plazo: string;
}

const EMPTY: FormValues = { cliente_id: '', producto_id: '', monto: '', plazo: '' };
const SERVER_FIELD: Record<string, keyof FormValues> = {
  cliente_id: 'cliente_id',
  producto_id: 'producto_id',
  monto_solicitado_centimos: 'monto',
  plazo_meses: 'plazo',
};

export interface SolicitudFormProps {
  onCreated?: (solicitud: Solicitud) => void;
  /** The client already chosen (from its profile's 'Nueva solicitud'). */
  clienteInicial?: OpcionDeBusqueda;
}

/** Spec §5 Solicitud form: client (a search, not a list), product, amount in ₡ and term in months. */
export function SolicitudForm({ onCreated, clienteInicial }: SolicitudFormProps) {
  const crear = useCrearSolicitud();
  const [busqueda, setBusqueda] = useState(clienteInicial?.texto ?? '');
  const [abierto, setAbierto] = useState(false);
  const q = useDebouncedValue(busqueda.trim(), CLIENTE_SEARCH_DEBOUNCE_MS);
  const clientes = useBuscarClientes(q);
  const productos = useListarProductosActivos();
  const { form, campo, errors } = useFormularioDeEsquema(formSchema, { ...EMPTY, cliente_id: clienteInicial?.id ?? '' });
  const [productoId, monto] = useWatch({ control: form.control, name: ['producto_id', 'monto'] });
  const producto = productos.data?.items.find((item) => item.id === productoId);
  const [elegido, setElegido] = useState<OpcionDeBusqueda | null>(clienteInicial ?? null);
  const opciones: OpcionDeBusqueda[] = (clientes.data?.items ?? []).map(opcionDeCliente);

  function onSubmit(values: SolicitudCrear) {
    crear.mutate(values, {
      onSuccess: (solicitud) => {
        toast.success(t.created, solicitud.numero_solicitud);
        form.reset(EMPTY);
        setBusqueda('');
        setElegido(null);
        onCreated?.(solicitud);
      },
      onError: (error) =>
        avisarErrorDeFormulario(error, { campos: SERVER_FIELD, marcar: marcarEnFormulario(form), porDefecto: t.createError }),
    });
  }

  /** The client chosen from the results: its id goes in the form, its name stays in the box. */
  function elegir(opcion: OpcionDeBusqueda) {
    form.setValue('cliente_id', opcion.id, { shouldValidate: form.formState.isSubmitted });
    setElegido(opcion);
    setBusqueda(opcion.texto);
    setAbierto(false);
  }

  /** Typing again drops the chosen client: the form never sends one the box no longer shows. */
  function escribir(valor: string) {
    setBusqueda(valor);
    setAbierto(true);
    if (elegido) {
      setElegido(null);
      form.setValue('cliente_id', '', { shouldValidate: form.formState.isSubmitted });
    }
  }

  return (
    <FormularioDeAlta
      etiqueta={p.formTitle}
      onSubmit={form.handleSubmit(onSubmit)}
      ocupado={crear.isPending}
      enviar={p.submit}
      enviando={p.saving}
    >
      <Field
        label={f.cliente}
        error={errors.cliente_id?.message}
        hint={elegido ? busquedaTexts.clienteElegido(`${elegido.texto} · ${elegido.detalle}`) : undefined}
        className="sm:col-span-2"
      >
        {(control) => (
          <ComboboxDeBusqueda
            {...control}
            variante="desplegable"
            placeholder={busquedaTexts.clientePlaceholder}
            valor={busqueda}
            onValor={escribir}
            consulta={q}
            grupos={[{ id: 'clientes', etiqueta: busquedaTexts.grupos.clientes, opciones }]}
            estado={estadoDeBusqueda(q, clientes)}
            abierto={abierto && busqueda.trim().length > 0}
            onFocus={() => setAbierto(true)}
            onBlur={() => setAbierto(false)}
            onCerrar={() => setAbierto(false)}
            onElegir={elegir}
          />
        )}
      </Field>
      <input type="hidden" {...form.register('cliente_id')} />
      <CampoSelect label={f.producto} fieldClassName="sm:col-span-2" {...campo('producto_id')} aria-busy={productos.isPending}>
        <option value="">{f.productoPlaceholder}</option>
        {productos.data?.items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.nombre} ({item.codigo})
          </option>
        ))}
      </CampoSelect>
      <MontoField
        label={f.monto}
        hint={
          producto ? p.hintMonto(formatCRC(producto.monto_minimo_centimos), formatCRC(producto.monto_maximo_centimos)) : undefined
        }
        valor={monto}
        {...campo('monto')}
      />
      <CampoTexto
        label={f.plazo}
        hint={producto ? p.hintPlazo(producto.plazo_minimo_meses, producto.plazo_maximo_meses) : undefined}
        inputMode="numeric"
        autoComplete="off"
        {...campo('plazo')}
      />
    </FormularioDeAlta>
  );
}
