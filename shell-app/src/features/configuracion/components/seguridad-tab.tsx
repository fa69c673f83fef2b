import { zodResolver } from '@hookform/resolvers/zod';
import { cambioContrasenaSchema, type CambioContrasena } from '@cuota/shared/schemas/perfil';
import { configuracionPageTexts } from '@cuota/shared/texts/configuracionPage';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { Button, Field, Input, TarjetaConTitulo, toast } from '@cuota/shared/ui';
import { CamposContrasenaNueva } from '@cuota/shared/ui/campos-compuestos';
import { erroresDelServidor, toastPasswordError } from '@cuota/shared/web';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { changePassword } from '../../auth';

const t = configuracionPageTexts;

/** Spec §2 Settings, Seguridad: new password with the strength meter, and its confirmation. */
export function SeguridadTab({ esAdmin }: { esAdmin: boolean }) {
  const schema = useMemo(() => cambioContrasenaSchema(esAdmin), [esAdmin]);
  const [pending, setPending] = useState(false);
  const form = useForm<CambioContrasena>({
    resolver: zodResolver(schema),
    defaultValues: { actual: '', nueva: '', confirmar: '' },
  });
  const nueva = useWatch({ control: form.control, name: 'nueva' });
  const { errors } = form.formState;

  async function onValid(values: CambioContrasena) {
    setPending(true);
    try {
      await changePassword(values.actual, values.nueva);
      form.reset();
      toast.success(t.contrasenaActualizada);
    } catch (error) {
      // The server checks the rules again for the account's roles (16+ for admins) and Cognito the current password.
      const details = erroresDelServidor(error);
      if (details.actual) {
        form.setError('actual', { message: details.actual });
        toast.error(t.contrasenaError, details.actual);
      } else if (details.nueva) {
        form.setError('nueva', { message: details.nueva });
        toastPasswordError(details.nueva);
      } else {
        toast.error(t.contrasenaError, error instanceof Error && error.message ? error.message : errorsTexts.internal);
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <TarjetaConTitulo titulo={t.seguridadTitulo} descripcion={t.seguridadDescripcion}>
      <form
        onSubmit={form.handleSubmit(onValid, (errs) => toastPasswordError(errs.nueva?.message))}
        className="grid max-w-md gap-4"
        noValidate
      >
        <fieldset disabled={pending} className="grid gap-4">
          <Field label={t.contrasenaActual} error={errors.actual?.message}>
            {(p) => <Input {...p} type="password" autoComplete="current-password" required {...form.register('actual')} />}
          </Field>
          <CamposContrasenaNueva
            nueva={{ label: t.contrasenaNueva, error: errors.nueva?.message, ...form.register('nueva') }}
            valor={nueva}
            confirmar={{ label: t.contrasenaConfirmar, error: errors.confirmar?.message, ...form.register('confirmar') }}
          />
          <Button type="submit" className="w-full sm:w-fit">
            {pending ? t.guardando : t.actualizarContrasena}
          </Button>
        </fieldset>
      </form>
    </TarjetaConTitulo>
  );
}
