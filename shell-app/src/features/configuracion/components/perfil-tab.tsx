import { zodResolver } from '@hookform/resolvers/zod';
import { perfilFormSchema, type Perfil, type PerfilActualizar, type PerfilActualizarInput } from '@cuota/shared/schemas/perfil';
import { configuracionPageTexts } from '@cuota/shared/texts/configuracionPage';
import { perfilTexts } from '@cuota/shared/texts/perfil';
import { BloquesCargando, Button, CampoTexto, EmptyState, TarjetaConTitulo, toast, UserX } from '@cuota/shared/ui';
import { CamposNombreApellido } from '@cuota/shared/ui/campos-compuestos';
import { avisarErrorDeFormulario, camposDe, isApiError, LoadError } from '@cuota/shared/web';
import { useForm } from 'react-hook-form';
import { useActualizarPerfil, useObtenerPerfil } from '../api/perfil';

const t = configuracionPageTexts;
/** The profile fields the server may refuse one by one. */
const CAMPOS = ['nombre', 'apellido', 'telefono'] as const;

/** Spec §2 Settings, Perfil: first name, last name, email read-only, phone. */
export function PerfilTab() {
  const perfil = useObtenerPerfil();
  return (
    <TarjetaConTitulo titulo={t.perfilTitulo} descripcion={t.perfilDescripcion}>
      {perfil.isError ? (
        isApiError(perfil.error) && perfil.error.status === 404 ? (
          <EmptyState icon={<UserX />} title={perfilTexts.notFound} />
        ) : (
          <LoadError title={t.perfilError} error={perfil.error} onRetry={() => void perfil.refetch()} />
        )
      ) : perfil.isPending ? (
        <BloquesCargando cantidad={4} alto="h-14" />
      ) : (
        <PerfilForm perfil={perfil.data} />
      )}
    </TarjetaConTitulo>
  );
}

function PerfilForm({ perfil }: { perfil: Perfil }) {
  const actualizar = useActualizarPerfil();
  const form = useForm<PerfilActualizarInput, unknown, PerfilActualizar>({
    resolver: zodResolver(perfilFormSchema(perfil.tipo)),
    defaultValues: { nombre: perfil.nombre, apellido: perfil.apellido, telefono: perfil.telefono ?? '' },
  });
  const { isDirty } = form.formState;
  const campo = camposDe(form);

  function onValid(values: PerfilActualizar) {
    actualizar.mutate(
      { ...values, telefono: values.telefono ?? '' },
      {
        onSuccess: (saved) => {
          form.reset({ nombre: saved.nombre, apellido: saved.apellido, telefono: saved.telefono ?? '' });
          toast.success(t.perfilActualizado);
        },
        // Keeps what the user typed; the server's per-field messages show at the fields.
        onError: (error) =>
          avisarErrorDeFormulario(error, {
            campos: CAMPOS,
            marcar: (campo, message) => form.setError(campo, { message }),
            porDefecto: t.perfilError,
          }),
      },
    );
  }

  return (
    <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4" noValidate>
      <fieldset disabled={actualizar.isPending} className="grid gap-4">
        <CamposNombreApellido
          nombre={{ label: t.nombre, ...campo('nombre') }}
          apellido={{ label: t.apellido, ...campo('apellido') }}
        />
        <CampoTexto label={t.email} type="email" value={perfil.email} readOnly disabled />
        <CampoTexto label={t.telefono} type="tel" autoComplete="tel" placeholder={t.telefonoPlaceholder} {...campo('telefono')} />
        <Button type="submit" className="w-full sm:w-fit" disabled={!isDirty || actualizar.isPending}>
          {actualizar.isPending ? t.guardando : t.guardar}
        </Button>
      </fieldset>
    </form>
  );
}
