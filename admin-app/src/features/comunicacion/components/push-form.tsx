import {
  TIPOS_NOTIFICACION_MASIVA,
  notificacionMasivaSchema,
  type NotificacionMasiva,
  type NotificacionMasivaInput,
} from '@cuota/shared/schemas/comunicacion';
import { comunicacionTexts } from '@cuota/shared/texts/comunicacion';
import { comunicacionPageTexts } from '@cuota/shared/texts/comunicacionPage';
import {
  Button,
  CampoAreaTexto,
  CampoSelect,
  CampoTexto,
  Field,
  Opciones,
  Send,
  TarjetaConTitulo,
  toast,
} from '@cuota/shared/ui';
import { avisarErrorDeFormulario, claveParaEnvio, marcarEnFormulario } from '@cuota/shared/web';
import { useId, useState } from 'react';
import { type Path } from 'react-hook-form';
import { useEnviarNotificacionesMasivas } from '../api/enviar-notificaciones';
import { SegmentoSelect } from './segmento-select';
import { useFormularioDeEsquema } from '../../../shared-admin/use-formulario-de-esquema';

const c = comunicacionTexts;
const t = c.push;
const cp = comunicacionPageTexts;

const VACIO: NotificacionMasivaInput = { titulo: '', mensaje: '', tipo: 'info', segmento: 'todos' };
const CAMPOS: Path<NotificacionMasivaInput>[] = ['titulo', 'mensaje', 'tipo', 'segmento'];
/** localStorage entry of a send not yet answered with its 200. */
const CLAVE_PENDIENTE = 'cuota:push-masivo:clave';

/** 'Notificaciones Push' (spec §2, §5: title and message required). Admin only. */
export function PushForm({ esAdmin }: { esAdmin: boolean | undefined }) {
  const titleId = useId();
  const enviar = useEnviarNotificacionesMasivas();
  // a retry of the same values (after a timeout, an error, or a reload mid-send) reuses the Idempotency-Key
  const [claves] = useState(() => claveParaEnvio({ nombre: CLAVE_PENDIENTE }));
  const [progreso, setProgreso] = useState<number | null>(null);
  const { form, campo, errors } = useFormularioDeEsquema(notificacionMasivaSchema, VACIO);

  function onValid(values: NotificacionMasiva) {
    enviar.mutate(
      { body: values, clave: claves.para(values), onProgreso: setProgreso },
      {
        onSettled: () => setProgreso(null),
        onSuccess: ({ enviadas }) => {
          toast.success(t.enviadas, t.enviadasDetalle(enviadas));
          claves.olvidar();
          form.reset(VACIO);
        },
        // The typed title and message stay, so the admin can retry.
        onError: (error) => avisarErrorDeFormulario(error, { campos: CAMPOS, marcar: marcarEnFormulario(form), titulo: t.error }),
      },
    );
  }

  return (
    <TarjetaConTitulo titulo={t.titulo} descripcion={t.descripcion} tituloId={titleId} claseTitulo="text-base">
      {esAdmin === false ? <p className="mb-4 rounded-md bg-muted p-3 text-sm">{cp.soloAdminPush}</p> : null}
      <form onSubmit={form.handleSubmit(onValid)} noValidate aria-labelledby={titleId}>
        <fieldset disabled={!esAdmin || enviar.isPending} className="grid gap-4">
          <CampoTexto label={t.fields.titulo} placeholder={t.tituloPlaceholder} autoComplete="off" {...campo('titulo')} />
          <CampoAreaTexto label={t.fields.mensaje} rows={4} placeholder={t.mensajePlaceholder} {...campo('mensaje')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <CampoSelect label={t.fields.tipo} fieldClassName="content-start" {...campo('tipo')}>
              <Opciones valores={TIPOS_NOTIFICACION_MASIVA} etiquetas={c.tipos} />
            </CampoSelect>
            <Field label={t.fields.segmento} error={errors.segmento?.message} hint={cp.segmentoHint} className="content-start">
              {(p) => <SegmentoSelect {...p} {...form.register('segmento')} />}
            </Field>
          </div>
          <div className="flex flex-col-reverse items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
            <p role="status" className="text-sm text-muted-foreground">
              {enviar.isPending && progreso !== null ? t.progreso(progreso) : null}
            </p>
            <Button type="submit" className="w-full sm:w-auto">
              <Send aria-hidden />
              {enviar.isPending ? t.enviando : t.enviar}
            </Button>
          </div>
        </fieldset>
      </form>
    </TarjetaConTitulo>
  );
}
