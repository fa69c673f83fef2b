import { METODOS_AMORTIZACION, MULTIPLOS_CUOTA } from '@cuota/shared/domain/amortizacion';
import { MODALIDADES_COMISION, TIPOS_COMISION } from '@cuota/shared/domain/condiciones';
import { montoEditable } from '@cuota/shared/montos';
import { montoTextoSchema } from '@cuota/shared/schemas/common';
import {
  erroresRangosProducto,
  productoCamposSchema,
  type ProductoCrear,
  type ProductoDetalle,
} from '@cuota/shared/schemas/productos';
import { productosTexts } from '@cuota/shared/texts/productos';
import { productosPageTexts } from '@cuota/shared/texts/productosPage';
import { Button, CampoAreaTexto, CampoSelect, CampoTexto, Field, MontoField, Opciones, Select, toast } from '@cuota/shared/ui';
import { useWatch, type Path } from 'react-hook-form';
import * as z from 'zod/mini';
import { useGuardarProducto } from '../api/guardar-producto';
import { avisarErrorDeFormulario, marcarEnFormulario } from '@cuota/shared/web';
import { useFormularioDeEsquema } from '../../../shared-admin/use-formulario-de-esquema';

const t = productosPageTexts;
const f = t.fields;
const v = productosTexts.validation;

/** What the user types: amounts in colones (typed the Costa Rican way), everything as text until submit. */
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
  /** '' = sin comisión. */
  comision_formalizacion_tipo: string;
  /** The fee as typed: a percent ('3,00') or an amount in colones ('15.000'), by type. */
  comision_porcentaje: string;
  comision_monto: string;
  comision_formalizacion_modalidad: string;
  meses_gracia: string;
  /** '' = al céntimo; '1' | '10' | '100' colones. */
  multiplo_cuota: string;
}

const vacioAUndefined = (s: string) => (s.trim() === '' ? undefined : s.trim());
const vacioANull = (s: string): string | null | undefined => (s.trim() === '' ? null : s.trim());
const aNumero = (s: string) => {
  const valor = vacioAUndefined(s);
  return valor === undefined ? undefined : Number(valor.replace(',', '.'));
};
const c = productoCamposSchema.shape;

/** A text box read by `leer`, then checked by the shared field's schema `campo`. */
const leidoCon = <T, S extends z.core.$ZodType<unknown, Awaited<T>>>(leer: (s: string) => T, campo: S) =>
  z.pipe(z.pipe(z.string(), z.transform(leer)), campo);

/**
 * The form's schema: each typed text becomes its API value (amounts through the shared amount
 * reader, colones → céntimos; '' as missing) and is checked by the same-named field of the shared
 * productoCamposSchema, so its messages ('… es requerido', formats) land at the field; then the
 * cross-field rules of productoCrearSchema (min ≤ max, art. 498).
 */
export const productoFormSchema = z.pipe(
  z.object({
    codigo: c.codigo,
    nombre: c.nombre,
    descripcion: leidoCon((d): string | null | undefined => d, c.descripcion),
    monto_minimo_centimos: z.pipe(montoTextoSchema({ requerido: v.montoMinimo }), c.monto_minimo_centimos),
    monto_maximo_centimos: z.pipe(montoTextoSchema({ requerido: v.montoMaximo }), c.monto_maximo_centimos),
    plazo_minimo_meses: leidoCon(aNumero, c.plazo_minimo_meses),
    plazo_maximo_meses: leidoCon(aNumero, c.plazo_maximo_meses),
    tasa_interes_anual: leidoCon(vacioAUndefined, c.tasa_interes_anual),
    metodo_amortizacion: leidoCon(vacioAUndefined, c.metodo_amortizacion),
    tasa_moratoria_anual: leidoCon(vacioAUndefined, c.tasa_moratoria_anual),
    dias_tolerancia: leidoCon(aNumero, c.dias_tolerancia),
    es_microcredito: z.boolean(),
    comision_formalizacion_tipo: leidoCon(vacioANull, c.comision_formalizacion_tipo),
    comision_porcentaje: z.string(),
    comision_monto: z.string(),
    comision_formalizacion_modalidad: leidoCon(vacioANull, c.comision_formalizacion_modalidad),
    meses_gracia: leidoCon((s): number | undefined => aNumero(s) ?? 0, c.meses_gracia),
    multiplo_cuota: leidoCon((s): number | null | undefined => (s === '' ? null : Number(s)), c.multiplo_cuota),
  }),
  z.transform(({ comision_porcentaje, comision_monto, ...p }, ctx): ProductoCrear => {
    const falla = (campo: string, message: string) =>
      ctx.issues.push({ code: 'custom', path: [campo], message, input: ctx.value });
    // the fee's value is read from the box its type shows; its errors land on that box
    const campoValor = p.comision_formalizacion_tipo === 'fija' ? 'comision_monto' : 'comision_porcentaje';
    let valor: string | number | null = null;
    if (p.comision_formalizacion_tipo) {
      const leido =
        p.comision_formalizacion_tipo === 'fija'
          ? z
              .pipe(
                z.pipe(
                  montoTextoSchema({ requerido: v.comisionValor }),
                  z.transform((n: number): number | string | null | undefined => n),
                ),
                c.comision_formalizacion_valor,
              )
              .safeParse(comision_monto)
          : c.comision_formalizacion_valor.safeParse(vacioAUndefined(comision_porcentaje) ?? null);
      if (!leido.success) {
        falla(campoValor, leido.error.issues[0]?.message ?? v.comisionValor);
      } else valor = leido.data ?? null;
      if (valor === null && leido.success) falla(campoValor, v.comisionValor);
    }
    const out: ProductoCrear = { ...p, comision_formalizacion_valor: valor };
    for (const [campo, message] of Object.entries(erroresRangosProducto(out))) {
      falla(campo === 'comision_formalizacion_valor' ? campoValor : campo, message);
    }
    return out;
  }),
) satisfies z.ZodMiniType<ProductoCrear, ProductoFormValues>;

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
  comision_formalizacion_tipo: '',
  comision_porcentaje: '',
  comision_monto: '',
  comision_formalizacion_modalidad: 'deducida',
  meses_gracia: '0',
  multiplo_cuota: '',
};

function valoresDe(p: ProductoDetalle): ProductoFormValues {
  return {
    codigo: p.codigo,
    nombre: p.nombre,
    descripcion: p.descripcion ?? '',
    monto_minimo_centimos: montoEditable(p.monto_minimo_centimos),
    monto_maximo_centimos: montoEditable(p.monto_maximo_centimos),
    plazo_minimo_meses: String(p.plazo_minimo_meses),
    plazo_maximo_meses: String(p.plazo_maximo_meses),
    // rates as es-CR writes them (the schema reads a decimal comma or point)
    tasa_interes_anual: p.tasa_interes_anual.replace('.', ','),
    metodo_amortizacion: p.metodo_amortizacion,
    tasa_moratoria_anual: p.tasa_moratoria_anual.replace('.', ','),
    dias_tolerancia: String(p.dias_tolerancia),
    es_microcredito: p.es_microcredito,
    comision_formalizacion_tipo: p.comision_formalizacion_tipo ?? '',
    comision_porcentaje:
      p.comision_formalizacion_tipo === 'porcentaje' ? String(p.comision_formalizacion_valor ?? '').replace('.', ',') : '',
    comision_monto:
      p.comision_formalizacion_tipo === 'fija' && typeof p.comision_formalizacion_valor === 'number'
        ? montoEditable(p.comision_formalizacion_valor)
        : '',
    comision_formalizacion_modalidad: p.comision_formalizacion_modalidad ?? 'deducida',
    meses_gracia: String(p.meses_gracia ?? 0),
    multiplo_cuota: p.multiplo_cuota ? String(p.multiplo_cuota) : '',
  };
}

const CAMPOS = Object.keys(EMPTY) as Path<ProductoFormValues>[];

/** The inputs of a whole number (months, days) and of an annual rate as typed ('18,50'). */
const ENTERO = { type: 'number', step: '1', inputMode: 'numeric' } as const;
const TASA = { inputMode: 'decimal', autoComplete: 'off' } as const;

export interface ProductoFormProps {
  producto?: ProductoDetalle | undefined;
  onSaved: () => void;
  onCancel: () => void;
}

/** Spec §5 Product form (create and edit), plus the lending terms the engine uses. */
export function ProductoForm({ producto, onSaved, onCancel }: ProductoFormProps) {
  const guardar = useGuardarProducto();
  const { form, campo, errors } = useFormularioDeEsquema(productoFormSchema, producto ? valoresDe(producto) : EMPTY);
  const [montoMinimo, montoMaximo, tipoComision, montoComision, modalidad, multiplo] = useWatch({
    control: form.control,
    name: [
      'monto_minimo_centimos',
      'monto_maximo_centimos',
      'comision_formalizacion_tipo',
      'comision_monto',
      'comision_formalizacion_modalidad',
      'multiplo_cuota',
    ],
  });

  function onSubmit(input: ProductoCrear) {
    guardar.mutate(
      { id: producto?.id, input },
      {
        onSuccess: (p) => {
          toast.success(producto ? t.actualizado : t.creado, `${p.nombre} (${p.codigo})`);
          onSaved();
        },
        // What the user typed stays; the server's per-field messages (min > max, art. 498, usura) show at the field.
        onError: (error) =>
          avisarErrorDeFormulario(error, {
            campos: CAMPOS,
            marcar: marcarEnFormulario(form),
            porDefecto: productosTexts.saveError,
          }),
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
        <CampoTexto label={f.codigo} autoComplete="off" placeholder="MICR-01" {...campo('codigo')} />
        <CampoTexto label={f.nombre} autoComplete="off" {...campo('nombre')} />
        <CampoAreaTexto label={f.descripcion} fieldClassName="sm:col-span-2" rows={2} {...campo('descripcion')} />
        <MontoField label={f.monto_minimo} valor={montoMinimo} placeholder="50.000" {...campo('monto_minimo_centimos')} />
        <MontoField label={f.monto_maximo} valor={montoMaximo} placeholder="500.000" {...campo('monto_maximo_centimos')} />
        <CampoTexto label={f.plazo_minimo} {...ENTERO} min="1" placeholder="3" {...campo('plazo_minimo_meses')} />
        <CampoTexto label={f.plazo_maximo} {...ENTERO} min="1" placeholder="24" {...campo('plazo_maximo_meses')} />
        <CampoTexto label={f.tasa} {...TASA} placeholder="18,50" {...campo('tasa_interes_anual')} />
        <CampoSelect label={f.metodo} {...campo('metodo_amortizacion')}>
          <Opciones valores={METODOS_AMORTIZACION} etiquetas={t.metodos} />
        </CampoSelect>
        <CampoTexto label={f.moratoria} hint={f.moratoriaHint} {...TASA} {...campo('tasa_moratoria_anual')} />
        <CampoTexto label={f.tolerancia} {...ENTERO} min="0" max="90" {...campo('dias_tolerancia')} />
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" className="size-4" {...form.register('es_microcredito')} />
          {f.microcredito}
        </label>
        <Field label={f.comisionTipo} error={errors.comision_formalizacion_tipo?.message}>
          {(p) => (
            // the pricing selects are controlled: their saved value is not the first option
            <Select {...p} {...form.register('comision_formalizacion_tipo')} value={tipoComision}>
              <option value="">{t.comisionTipos.ninguna}</option>
              <Opciones valores={TIPOS_COMISION} etiquetas={t.comisionTipos} />
            </Select>
          )}
        </Field>
        {tipoComision === 'porcentaje' ? (
          <CampoTexto
            label={f.comisionPorcentaje}
            inputMode="decimal"
            autoComplete="off"
            placeholder="3,00"
            {...campo('comision_porcentaje')}
          />
        ) : null}
        {tipoComision === 'fija' ? (
          <MontoField label={f.comisionMonto} valor={montoComision} placeholder="15.000" {...campo('comision_monto')} />
        ) : null}
        {tipoComision ? (
          <CampoSelect label={f.comisionModalidad} {...campo('comision_formalizacion_modalidad')} value={modalidad}>
            <Opciones valores={MODALIDADES_COMISION} etiquetas={t.comisionModalidades} />
          </CampoSelect>
        ) : null}
        <CampoTexto
          label={f.mesesGracia}
          hint={f.mesesGraciaHint}
          type="number"
          step="1"
          min="0"
          inputMode="numeric"
          {...campo('meses_gracia')}
        />
        <CampoSelect label={f.multiploCuota} {...campo('multiplo_cuota')} value={multiplo}>
          <option value="">{t.multiplos.ninguno}</option>
          <Opciones valores={MULTIPLOS_CUOTA} etiquetas={t.multiplos} />
        </CampoSelect>
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
