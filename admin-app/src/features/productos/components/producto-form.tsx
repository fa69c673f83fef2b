import { zodResolver } from '@hookform/resolvers/zod';
import {
  METODOS_AMORTIZACION,
  productoCrearSchema,
  TEXTS,
  type ProductoCrear,
  type ProductoCrearInput,
  type ProductoDetalle,
} from '@cuota/shared';
import { Button, Field, Input, Select, Textarea, toast } from '@cuota/shared/ui';
import { errorMessage, isApiError } from '@cuota/shared/web';
import { useForm, type Path } from 'react-hook-form';
import * as z from 'zod';
import { useGuardarProducto } from '../api/guardar-producto';

const t = TEXTS.productosPage;
const f = t.fields;

/** What the user types: amounts in colones (step 0.01), everything as text until submit. */
export interface ProductoFormValues {
  codigo: string;
  nombre: string;
  descripcion: string;
  monto_minimo_centimos: string;
  monto_maximo_centimos: string;
  plazo_minimo_meses: string;
  plazo_maximo_meses: string;
  tasa_interes_anual: string;
  metodo_amortizacion: string;
  tasa_moratoria_anual: string;
  dias_tolerancia: string;
  es_microcredito: boolean;
}

const vacioAUndefined = (s: string) => (s.trim() === '' ? undefined : s.trim());
const aNumero = (s: string) => {
  const v = vacioAUndefined(s);
  return v === undefined ? undefined : Number(v.replace(',', '.'));
};
const colonesACentimos = (s: string) => {
  const n = aNumero(s);
  return n === undefined || Number.isNaN(n) ? n : Math.round(n * 100);
};

/**
 * The form's schema: the typed text becomes the API's shape (colones → céntimos), then the
 * shared productoCrearSchema validates it, so its messages land at the same-named fields.
 */
export const productoFormSchema = z
  .object({
    codigo: z.string(),
    nombre: z.string(),
    descripcion: z.string(),
    monto_minimo_centimos: z.string(),
    monto_maximo_centimos: z.string(),
    plazo_minimo_meses: z.string(),
    plazo_maximo_meses: z.string(),
    tasa_interes_anual: z.string(),
    metodo_amortizacion: z.string(),
    tasa_moratoria_anual: z.string(),
    dias_tolerancia: z.string(),
    es_microcredito: z.boolean(),
  })
  .transform((v) => ({
    codigo: v.codigo,
    nombre: v.nombre,
    descripcion: v.descripcion,
    monto_minimo_centimos: colonesACentimos(v.monto_minimo_centimos),
    monto_maximo_centimos: colonesACentimos(v.monto_maximo_centimos),
    plazo_minimo_meses: aNumero(v.plazo_minimo_meses),
    plazo_maximo_meses: aNumero(v.plazo_maximo_meses),
    tasa_interes_anual: vacioAUndefined(v.tasa_interes_anual),
    metodo_amortizacion: vacioAUndefined(v.metodo_amortizacion),
    tasa_moratoria_anual: vacioAUndefined(v.tasa_moratoria_anual),
    dias_tolerancia: aNumero(v.dias_tolerancia),
    es_microcredito: v.es_microcredito,
    // Typed loosely on purpose: the shared schema below checks every value and gives the message.
  }) as ProductoCrearInput)
  .pipe(productoCrearSchema);

const EMPTY: ProductoFormValues = {
  codigo: '',
  nombre: '',
  descripcion: '',
  monto_minimo_centimos: '',
  monto_maximo_centimos: '',
  plazo_minimo_meses: '',
  plazo_maximo_meses: '',
  tasa_interes_anual: '',
  metodo_amortizacion: 'cuota_nivelada',
  tasa_moratoria_anual: '',
  dias_tolerancia: '',
  es_microcredito: true,
};

function valoresDe(p: ProductoDetalle): ProductoFormValues {
  return {
    codigo: p.codigo,
    nombre: p.nombre,
    descripcion: p.descripcion ?? '',
    monto_minimo_centimos: String(p.monto_minimo_centimos / 100),
    monto_maximo_centimos: String(p.monto_maximo_centimos / 100),
    plazo_minimo_meses: String(p.plazo_minimo_meses),
    plazo_maximo_meses: String(p.plazo_maximo_meses),
    tasa_interes_anual: p.tasa_interes_anual,
    metodo_amortizacion: p.metodo_amortizacion,
    tasa_moratoria_anual: p.tasa_moratoria_anual,
    dias_tolerancia: String(p.dias_tolerancia),
    es_microcredito: p.es_microcredito,
  };
}

const FIELD_NAMES = new Set<string>(Object.keys(EMPTY));
function isFormField(name: string): name is Path<ProductoFormValues> {
  return FIELD_NAMES.has(name);
}

export interface ProductoFormProps {
  producto?: ProductoDetalle | undefined;
  onSaved: () => void;
  onCancel: () => void;
}

/** Spec §5 Product form (create and edit), plus the lending terms the engine uses. */
export function ProductoForm({ producto, onSaved, onCancel }: ProductoFormProps) {
  const guardar = useGuardarProducto();
  const form = useForm<ProductoFormValues, unknown, ProductoCrear>({
    resolver: zodResolver(productoFormSchema),
    defaultValues: producto ? valoresDe(producto) : EMPTY,
  });
  const { errors } = form.formState;

  function onSubmit(input: ProductoCrear) {
    guardar.mutate(
      { id: producto?.id, input },
      {
        onSuccess: (p) => {
          toast.success(producto ? t.actualizado : t.creado, `${p.nombre} (${p.codigo})`);
          onSaved();
        },
        onError: (error) => {
          // What the user typed stays; the server's per-field messages (min > max, art. 498, usura) show at the field.
          if (isApiError(error)) {
            for (const [name, message] of Object.entries(error.details)) {
              if (isFormField(name)) form.setError(name, { type: 'server', message });
            }
          }
          toast.error(TEXTS.errors.genericTitle, errorMessage(error, TEXTS.productos.saveError));
        },
      },
    );
  }

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-label={producto ? t.editarTitulo : t.crearTitulo}
      className="grid gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={f.codigo} error={errors.codigo?.message}>
          {(p) => <Input {...p} autoComplete="off" placeholder="MICR-01" {...form.register('codigo')} />}
        </Field>
        <Field label={f.nombre} error={errors.nombre?.message}>
          {(p) => <Input {...p} autoComplete="off" {...form.register('nombre')} />}
        </Field>
        <Field label={f.descripcion} error={errors.descripcion?.message} className="sm:col-span-2">
          {(p) => <Textarea {...p} rows={2} {...form.register('descripcion')} />}
        </Field>
        <Field label={f.monto_minimo} error={errors.monto_minimo_centimos?.message}>
          {(p) => (
            <Input {...p} type="number" step="0.01" min="0" inputMode="decimal" placeholder="50000" {...form.register('monto_minimo_centimos')} />
          )}
        </Field>
        <Field label={f.monto_maximo} error={errors.monto_maximo_centimos?.message}>
          {(p) => (
            <Input {...p} type="number" step="0.01" min="0" inputMode="decimal" placeholder="500000" {...form.register('monto_maximo_centimos')} />
          )}
        </Field>
        <Field label={f.plazo_minimo} error={errors.plazo_minimo_meses?.message}>
          {(p) => <Input {...p} type="number" step="1" min="1" inputMode="numeric" placeholder="3" {...form.register('plazo_minimo_meses')} />}
        </Field>
        <Field label={f.plazo_maximo} error={errors.plazo_maximo_meses?.message}>
          {(p) => <Input {...p} type="number" step="1" min="1" inputMode="numeric" placeholder="24" {...form.register('plazo_maximo_meses')} />}
        </Field>
        <Field label={f.tasa} error={errors.tasa_interes_anual?.message}>
          {(p) => <Input {...p} type="number" step="0.01" min="0" inputMode="decimal" placeholder="18.5" {...form.register('tasa_interes_anual')} />}
        </Field>
        <Field label={f.metodo} error={errors.metodo_amortizacion?.message}>
          {(p) => (
            <Select {...p} {...form.register('metodo_amortizacion')}>
              {METODOS_AMORTIZACION.map((m) => (
                <option key={m} value={m}>
                  {t.metodos[m]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={f.moratoria} hint={f.moratoriaHint} error={errors.tasa_moratoria_anual?.message}>
          {(p) => <Input {...p} type="number" step="0.01" min="0" inputMode="decimal" {...form.register('tasa_moratoria_anual')} />}
        </Field>
        <Field label={f.tolerancia} error={errors.dias_tolerancia?.message}>
          {(p) => <Input {...p} type="number" step="1" min="0" max="90" inputMode="numeric" {...form.register('dias_tolerancia')} />}
        </Field>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" className="size-4" {...form.register('es_microcredito')} />
          {f.microcredito}
        </label>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t.cancelar}
        </Button>
        <Button type="submit" disabled={guardar.isPending}>
          {guardar.isPending ? t.guardando : t.guardar}
        </Button>
      </div>
    </form>
  );
}
