import { zodResolver } from '@hookform/resolvers/zod';
import { registroFormSchema, type RegistroForm } from '@cuota/shared/schemas/registro';
import { authTexts } from '@cuota/shared/texts/auth';
import { Button, CampoTexto, toast } from '@cuota/shared/ui';
import { CamposNombreApellido } from '@cuota/shared/ui/campos-compuestos';
import { PasswordStrengthMeter } from '@cuota/shared/ui/password-strength-meter';
import { camposDe, erroresDelServidor } from '@cuota/shared/web';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { registrarCliente } from '../api/registrar-cliente';
import { isUserAlreadyRegistered, signInErrorMessage, signUpErrorMessage } from '../lib/auth-errors';
import { signIn, signUp } from '../lib/session';

const t = authTexts;

/** Spec §5: a weak password or a bad phone is told in a toast (password first). */
function toastInvalid(errors: FieldErrors<RegistroForm>) {
  if (errors.password?.message) toast.error(t.weakPassword, errors.password.message);
  else if (errors.telefono) toast.error(t.invalidPhoneTitle, t.invalidPhone);
}

export function RegisterForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const form = useForm<RegistroForm, unknown, RegistroForm>({
    resolver: zodResolver(registroFormSchema),
    defaultValues: { nombre: '', apellido: '', telefono: '', email: '', password: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  const campo = camposDe(form);

  async function onValid(values: RegistroForm) {
    setPending(true);
    try {
      // the server checks the whole registration (spec §5) and creates the Cognito account
      await signUp(values);
    } catch (error) {
      const details = erroresDelServidor(error);
      if (isUserAlreadyRegistered(error)) toast.error(t.alreadyRegisteredTitle, t.alreadyRegistered);
      else if (details.password) toast.error(t.weakPassword, details.password);
      else if (details.telefono) toast.error(t.invalidPhoneTitle, t.invalidPhone);
      else toast.error(t.registerErrorTitle, signUpErrorMessage(error));
      setPending(false);
      return;
    }
    try {
      // The user pool confirms the account in its PreSignUp trigger, so signing in works at once.
      await signIn(values.email, values.password);
      queryClient.removeQueries();
    } catch (error) {
      toast.error(t.authError, signInErrorMessage(error));
      setPending(false);
      return;
    }
    try {
      await registrarCliente({ nombre: values.nombre, apellido: values.apellido, telefono: values.telefono });
    } catch (error) {
      console.error('POST /api/portal/registro', error);
      toast.error(t.profileErrorTitle, t.profileError);
      setPending(false);
      return;
    }
    toast.success(t.registeredTitle, t.registered);
    form.resetField('password');
    form.resetField('telefono');
    await navigate('/portal', { replace: true });
  }

  return (
    <form onSubmit={form.handleSubmit(onValid, toastInvalid)} className="grid gap-4">
      <fieldset disabled={pending} className="grid gap-4">
        <CamposNombreApellido
          nombre={{ label: t.nombreLabel, ...campo('nombre') }}
          apellido={{ label: t.apellidoLabel, ...campo('apellido') }}
        />
        <CampoTexto
          label={t.telefonoLabel}
          type="tel"
          autoComplete="tel"
          placeholder={t.telefonoPlaceholder}
          required
          {...form.register('telefono')}
        />
        <CampoTexto
          label={t.emailLabel}
          type="email"
          autoComplete="email"
          placeholder={t.emailPlaceholder}
          required
          {...campo('email')}
        />
        <CampoTexto label={t.passwordLabel} type="password" autoComplete="new-password" required {...form.register('password')} />
        <PasswordStrengthMeter password={password} />
        <Button type="submit" className="w-full">
          {pending ? t.submitting : t.registerSubmit}
        </Button>
      </fieldset>
    </form>
  );
}
