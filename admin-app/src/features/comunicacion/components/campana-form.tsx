import { campanaCrearSchema, type CampanaCrear, type CampanaCrearInput } from '@cuota/shared/schemas/comunicacion';
import { comunicacionTexts } from '@cuota/shared/texts/comunicacion';
import { comunicacionPageTexts } from '@cuota/shared/texts/comunicacionPage';
import { Button, CampoAreaTexto, CampoTexto, Field, Plus, TarjetaConTitulo, toast } from '@cuota/shared/ui';
import { useId } from 'react';
import { type Path } from 'react-hook-form';
import { useCrearCampana } from '../api/crear-campana';
import { SegmentoSelect } from './segmento-select';
import { avisarErrorDeFormulario, marcarEnFormulario } from '@cuota/shared/web';
import { useFormularioDeEsquema } from '../../../shared-admin/use-formulario-de-esquema';

const c = comunicacionTexts;
const t = c.campanas;
const cp = comunicacionPageTexts;

const VACIO: CampanaCrearInput = { nombre: '', asunto: '', mensaje_html: '', mensaje_texto: '', segmento: 'todos' };
const CAMPOS: Path<CampanaCrearInput>[] = ['nombre', 'asunto', 'mensaje_html', 'mensaje_texto', 'segmento'];

/** 'Nueva Campaña' (spec §5: name, subject, HTML and plain-text message all required): creates a borrador. */
export function CampanaForm() {
  const titleId = useId();
  const crear = useCrearCampana();
  const { form, campo, errors } = useFormularioDeEsquema(campanaCrearSchema, VACIO);

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
          <CampoTexto label={t.fields.nombre} autoComplete="off" {...campo('nombre')} />
          <CampoTexto label={t.fields.asunto} autoComplete="off" {...campo('asunto')} />
          <CampoAreaTexto
            label={t.fields.mensaje_html}
            hint={cp.htmlHint}
            rows={5}
            spellCheck={false}
            className="font-mono"
            {...campo('mensaje_html')}
          />
          <CampoAreaTexto label={t.fields.mensaje_texto} hint={cp.textoHint} rows={4} {...campo('mensaje_texto')} />
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
