import { ROLE_LABELS } from '@cuota/shared/roles';
import { usuarioCrearSchema, type UsuarioCrear, type UsuarioCrearInput } from '@cuota/shared/schemas/usuarios';
import { usuariosTexts } from '@cuota/shared/texts/usuarios';
import { CampoTexto, toast } from '@cuota/shared/ui';
import { DialogoDeFormulario } from '@cuota/shared/ui/ventana-de-dialogo';
import { PasswordStrengthMeter } from '@cuota/shared/ui/password-strength-meter';
import { avisarErrorDeFormulario, marcarEnFormulario, toastPasswordError } from '@cuota/shared/web';
import { useWatch, type Path } from 'react-hook-form';
import { useCrearUsuario } from '../api/crear-usuario';
import { NombreApellidoFields, RolField } from './campos-usuario';
import { useFormularioDeEsquema } from '../../../shared-admin/use-formulario-de-esquema';

const u = usuariosTexts;
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
  const { form, campo, errors } = useFormularioDeEsquema(usuarioCrearSchema, EMPTY);
  const password = useWatch({ control: form.control, name: 'password' });

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
    <DialogoDeFormulario
      abierto={open}
      onAbiertoChange={onOpenChange}
      ocupado={crear.isPending}
      titulo={u.createTitle}
      descripcion={u.subtitle}
      clase="max-h-[90dvh] overflow-y-auto"
      onSubmit={form.handleSubmit(onValid, (errs) => toastPasswordError(errs.password?.message))}
      textos={{ cancelar: u.cancel, enviar: u.createSubmit, enviando: u.saving }}
    >
      <NombreApellidoFields register={(name) => form.register(name)} errors={errors} />
      <CampoTexto label={f.email} type="email" autoComplete="off" {...campo('email')} />
      <RolField register={(name) => form.register(name)} errors={errors} />
      <CampoTexto
        label={f.password}
        type="password"
        autoComplete="new-password"
        placeholder={u.passwordPlaceholder}
        {...campo('password')}
      />
      <PasswordStrengthMeter password={password} />
    </DialogoDeFormulario>
  );
}
