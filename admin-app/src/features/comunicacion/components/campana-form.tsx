import { zodResolver } from '@hookform/resolvers/zod';
import { campanaCrearSchema, TEXTS, type CampanaCrear, type CampanaCrearInput } from '@cuota/shared';
import { Button, Field, Input, Plus, TarjetaConTitulo, Textarea, toast } from '@cuota/shared/ui';
import { useId } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useCrearCampana } from '../api/crear-campana';
import { SegmentoSelect } from './segmento-select';
import { avisarErrorDeFormulario, marcarEnFormulario } from '@cuota/shared/web';

const c = TEXTS.comunicacion;
const t = c.campanas;
const cp = TEXTS.comunicacionPage;

const VACIO: CampanaCrearInput = { nombre: '', asunto: '', mensaje_html: '', mensaje_texto: '', segmento: 'todos' };
const CAMPOS: Path<CampanaCrearInput>[] = ['nombre', 'asunto', 'mensaje_html', 'mensaje_texto', 'segmento'];

/** 'Nueva Campaña' (spec §5: name, subject, HTML and plain-text message all required): creates a borrador. */
export function CampanaForm() {
  const titleId = useId();
  const crear = useCrearCampana();
  const form = useForm<CampanaCrearInput, unknown, CampanaCrear>({
    resolver: zodResolver(campanaCrearSchema),
    defaultValues: VACIO,
  });
  const { errors } = form.formState;

  function onValid(values: CampanaCrear) {
    crear.mutate(values, {
      onSuccess: (campana) => {
        toast.success(t.creada, campana.nombre);
        form.reset(VACIO);
      },
      onError: (error) =>
        avisarErrorDeFormulario(error, { campos: CAMPOS, marcar: marcarEnFormulario(form), titulo: t.crearError }),
    });
  }

  return (
    <TarjetaConTitulo titulo={t.nueva} descripcion={t.descripcion} tituloId={titleId} claseTitulo="text-base">
      <form onSubmit={form.handleSubmit(onValid)} noValidate aria-labelledby={titleId}>
        <fieldset disabled={crear.isPending} className="grid gap-4">
          <Field label={t.fields.nombre} error={errors.nombre?.message}>
            {(p) => <Input {...p} autoComplete="off" {...form.register('nombre')} />}
          </Field>
          <Field label={t.fields.asunto} error={errors.asunto?.message}>
            {(p) => <Input {...p} autoComplete="off" {...form.register('asunto')} />}
          </Field>
          <Field label={t.fields.mensaje_html} error={errors.mensaje_html?.message} hint={cp.htmlHint}>
            {(p) => <Textarea {...p} rows={5} spellCheck={false} className="font-mono" {...form.register('mensaje_html')} />}
          </Field>
          <Field label={t.fields.mensaje_texto} error={errors.mensaje_texto?.message} hint={cp.textoHint}>
            {(p) => <Textarea {...p} rows={4} {...form.register('mensaje_texto')} />}
          </Field>
          <Field label={t.fields.segmento} error={errors.segmento?.message}>
            {(p) => <SegmentoSelect {...p} {...form.register('segmento')} />}
          </Field>
          <div className="flex justify-end">
            <Button type="submit" className="w-full sm:w-auto">
              <Plus aria-hidden />
              {crear.isPending ? t.creando : t.crear}
            </Button>
          </div>
        </fieldset>
      </form>
    </TarjetaConTitulo>
  );
}
