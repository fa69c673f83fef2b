import { zodResolver } from '@hookform/resolvers/zod';
import { TEXTS, usuarioActualizarSchema, type Usuario, type UsuarioActualizar, type UsuarioActualizarInput } from '@cuota/shared';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  PieDeDialogo,
  toast,
} from '@cuota/shared/ui';
import { useEffect } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useActualizarUsuario } from '../api/actualizar-usuario';
import { NombreApellidoFields, RolField } from './campos-usuario';
import { avisarErrorDeFormulario, marcarEnFormulario } from '@cuota/shared/web';

const u = TEXTS.usuarios;
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
  const form = useForm<UsuarioActualizarInput, unknown, UsuarioActualizar>({
    resolver: zodResolver(usuarioActualizarSchema),
    defaultValues: usuario ? valuesOf(usuario) : undefined,
  });
  const { errors } = form.formState;

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
    <Dialog
      open={usuario !== null}
      onOpenChange={(next) => {
        if (!actualizar.isPending) onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{u.editTitle}</DialogTitle>
          <DialogDescription>{usuario?.email}</DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit(onValid)} noValidate aria-label={u.editTitle} className="grid gap-4">
          <NombreApellidoFields register={(name) => form.register(name)} errors={errors} />
          <Field label={f.email}>{(p) => <Input {...p} type="email" value={usuario?.email ?? ''} readOnly />}</Field>
          <Field label={f.telefono} error={errors.telefono?.message}>
            {(p) => (
              <Input
                {...p}
                type="tel"
                autoComplete="off"
                placeholder={TEXTS.auth.telefonoPlaceholder}
                {...form.register('telefono')}
              />
            )}
          </Field>
          <RolField register={(name) => form.register(name)} errors={errors} rolHint={promueve ? u.promocionAviso : undefined} />
          <PieDeDialogo
            cancelar={u.cancel}
            onCancelar={() => onOpenChange(false)}
            ocupado={actualizar.isPending}
            enviar={u.editSubmit}
            enviando={u.saving}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
