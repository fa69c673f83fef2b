import {
  usuarioActualizarSchema,
  type Usuario,
  type UsuarioActualizar,
  type UsuarioActualizarInput,
} from '@cuota/shared/schemas/usuarios';
import { usuariosTexts } from '@cuota/shared/texts/usuarios';
import { CampoTelefono, CampoTexto, toast } from '@cuota/shared/ui';
import { DialogoDeFormulario } from '@cuota/shared/ui/ventana-de-dialogo';
import { useEffect } from 'react';
import { useWatch, type Path } from 'react-hook-form';
import { useActualizarUsuario } from '../api/actualizar-usuario';
import { NombreApellidoFields, RolField } from './campos-usuario';
import { avisarErrorDeFormulario, marcarEnFormulario } from '@cuota/shared/web';
import { useFormularioDeEsquema } from '../../../shared-admin/use-formulario-de-esquema';

const u = usuariosTexts;
const f = u.fields;
const FIELDS: Path<UsuarioActualizarInput>[] = ['nombre', 'apellido', 'telefono', 'rol'];

function valuesOf(usuario: Usuario): UsuarioActualizarInput {
  return {
    nombre: usuario.nombre,
    apellido: usuario.apellido,
    telefono: usuario.telefono ?? '',
    // A user without roles gets one back by choosing it here.
    rol: usuario.roles[0] ?? ('' as UsuarioActualizarInput['rol']),
  };
}

export interface EditarUsuarioDialogProps {
  usuario: Usuario | null;
  onOpenChange: (open: boolean) => void;
}

/** 'Editar Usuario': name, phone and role; the email is shown read-only. */
export function EditarUsuarioDialog({ usuario, onOpenChange }: EditarUsuarioDialogProps) {
  const actualizar = useActualizarUsuario();
  const { form, campo, errors } = useFormularioDeEsquema(usuarioActualizarSchema, usuario ? valuesOf(usuario) : undefined);

  useEffect(() => {
    if (usuario) form.reset(valuesOf(usuario));
  }, [usuario, form]);

  const rol = useWatch({ control: form.control, name: 'rol' });
  // the server annuls a promoted user's password (16+ rule): say so before, and confirm after
  const promueve = usuario !== null && rol === 'admin' && !usuario.roles.includes('admin');

  function onValid(values: UsuarioActualizar) {
    if (!usuario) return;
    actualizar.mutate(
      { id: usuario.id, input: values },
      {
        onSuccess: (actualizado) => {
          toast.success(
            u.updated,
            promueve ? u.promovidoAdmin(actualizado.email) : `${actualizado.nombre} ${actualizado.apellido}`,
          );
          onOpenChange(false);
        },
        onError: (error) =>
          avisarErrorDeFormulario(error, { campos: FIELDS, marcar: marcarEnFormulario(form), contrasena: 'password' }),
      },
    );
  }

  return (
    <DialogoDeFormulario
      abierto={usuario !== null}
      onAbiertoChange={onOpenChange}
      ocupado={actualizar.isPending}
      titulo={u.editTitle}
      descripcion={usuario?.email}
      clase="max-h-[90dvh] overflow-y-auto"
      onSubmit={form.handleSubmit(onValid)}
      textos={{ cancelar: u.cancel, enviar: u.editSubmit, enviando: u.saving }}
    >
      <NombreApellidoFields register={(name) => form.register(name)} errors={errors} />
      <CampoTexto label={f.email} type="email" value={usuario?.email ?? ''} readOnly />
      <CampoTelefono label={f.telefono} {...campo('telefono')} />
      <RolField register={(name) => form.register(name)} errors={errors} rolHint={promueve ? u.promocionAviso : undefined} />
    </DialogoDeFormulario>
  );
}
