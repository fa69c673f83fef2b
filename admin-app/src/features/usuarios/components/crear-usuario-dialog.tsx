import { zodResolver } from '@hookform/resolvers/zod';
import { ROLE_LABELS, TEXTS, usuarioCrearSchema, type UsuarioCrear, type UsuarioCrearInput } from '@cuota/shared';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  PasswordStrengthMeter,
  PieDeDialogo,
  toast,
} from '@cuota/shared/ui';
import { avisarErrorDeFormulario, marcarEnFormulario, toastPasswordError } from '@cuota/shared/web';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useCrearUsuario } from '../api/crear-usuario';
import { NombreApellidoFields, RolField } from './campos-usuario';

const u = TEXTS.usuarios;
const f = u.fields;

const EMPTY = { nombre: '', apellido: '', email: '', rol: '', password: '' } as unknown as UsuarioCrearInput;
const FIELDS: Path<UsuarioCrearInput>[] = ['nombre', 'apellido', 'email', 'rol', 'password'];

export interface CrearUsuarioDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Crear Usuario Administrativo': the shared schema (spec §5 Users) shows its messages at each field. */
export function CrearUsuarioDialog({ open, onOpenChange }: CrearUsuarioDialogProps) {
  const crear = useCrearUsuario();
  const form = useForm<UsuarioCrearInput, unknown, UsuarioCrear>({
    resolver: zodResolver(usuarioCrearSchema),
    defaultValues: EMPTY,
  });
  const password = useWatch({ control: form.control, name: 'password' });
  const { errors } = form.formState;

  function onValid(values: UsuarioCrear) {
    crear.mutate(values, {
      onSuccess: (usuario) => {
        toast.success(u.created, u.createdText(usuario.email, ROLE_LABELS[values.rol]));
        form.reset(EMPTY);
        onOpenChange(false);
      },
      onError: (error) =>
        avisarErrorDeFormulario(error, { campos: FIELDS, marcar: marcarEnFormulario(form), contrasena: 'password' }),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!crear.isPending) onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{u.createTitle}</DialogTitle>
          <DialogDescription>{u.subtitle}</DialogDescription>
        </DialogHeader>
        <form
          onSubmit={form.handleSubmit(onValid, (errs) => toastPasswordError(errs.password?.message))}
          noValidate
          aria-label={u.createTitle}
          className="grid gap-4"
        >
          <NombreApellidoFields register={(name) => form.register(name)} errors={errors} />
          <Field label={f.email} error={errors.email?.message}>
            {(p) => <Input {...p} type="email" autoComplete="off" {...form.register('email')} />}
          </Field>
          <RolField register={(name) => form.register(name)} errors={errors} />
          <Field label={f.password} error={errors.password?.message}>
            {(p) => (
              <Input
                {...p}
                type="password"
                autoComplete="new-password"
                placeholder={u.passwordPlaceholder}
                {...form.register('password')}
              />
            )}
          </Field>
          <PasswordStrengthMeter password={password} />
          <PieDeDialogo
            cancelar={u.cancel}
            onCancelar={() => onOpenChange(false)}
            ocupado={crear.isPending}
            enviar={u.createSubmit}
            enviando={u.saving}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
