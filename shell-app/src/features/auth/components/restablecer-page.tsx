import { zodResolver } from '@hookform/resolvers/zod';
import { contrasenaRestablecerSchema, restablecerFormSchema, type RestablecerForm } from '@cuota/shared/schemas/perfil';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { restablecerTexts } from '@cuota/shared/texts/restablecer';
import { Button, CardDescription, Field, Input, toast } from '@cuota/shared/ui';
import { CamposContrasenaNueva } from '@cuota/shared/ui/campos-compuestos';
import { erroresDelServidor, toastPasswordError } from '@cuota/shared/web';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { restablecerContrasena } from '../api/restablecer-contrasena';
import { resetCodeErrorMessage } from '../lib/auth-errors';
import { sendPasswordResetCode } from '../lib/session';
import { AuthFrame } from './auth-frame';

const t = restablecerTexts;
const emailSchema = z.pick(contrasenaRestablecerSchema, { email: true });

/**
 * '¿Olvidaste tu contraseña?': Cognito emails a code; the code and the new password then go
 * through the server, which applies the account's rules (16+ for admins) before Cognito.
 * `?email=` opens the code step directly (sign-in sends users here when a reset is required).
 */
export function RestablecerPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [paso, setPaso] = useState<'email' | 'codigo'>(() => (params.get('email') ? 'codigo' : 'email'));

  return (
    <AuthFrame
      title={t.titulo}
      description={<CardDescription>{paso === 'email' ? t.descripcion : t.descripcionCodigo}</CardDescription>}
    >
      <div className="grid gap-4">
        {paso === 'email' ? (
          <PasoEmail
            inicial={email}
            onEnviado={(correo) => {
              setEmail(correo);
              setPaso('codigo');
            }}
          />
        ) : (
          <PasoCodigo email={email} onOtroCodigo={() => setPaso('email')} />
        )}
        <p className="text-center text-sm">
          <Link to="/auth" className="text-primary underline-offset-4 hover:underline">
            {t.volver}
          </Link>
        </p>
      </div>
    </AuthFrame>
  );
}

function PasoEmail({ inicial, onEnviado }: { inicial: string; onEnviado: (email: string) => void }) {
  const form = useForm<{ email: string }>({ resolver: zodResolver(emailSchema), defaultValues: { email: inicial } });
  const { errors, isSubmitting } = form.formState;

  async function onValid({ email }: { email: string }) {
    try {
      await sendPasswordResetCode(email);
      toast.success(t.codigoEnviado);
      onEnviado(email);
    } catch (error) {
      toast.error(t.error, resetCodeErrorMessage(error));
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4" noValidate>
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <Field label={t.email} error={errors.email?.message}>
          {(p) => <Input {...p} type="email" autoComplete="email" required {...form.register('email')} />}
        </Field>
        <Button type="submit" className="w-full">
          {isSubmitting ? t.enviando : t.enviarCodigo}
        </Button>
      </fieldset>
    </form>
  );
}

function PasoCodigo({ email, onOtroCodigo }: { email: string; onOtroCodigo: () => void }) {
  const navigate = useNavigate();
  const form = useForm<RestablecerForm>({
    resolver: zodResolver(restablecerFormSchema),
    defaultValues: { email, codigo: '', nueva: '', confirmar: '' },
  });
  const nueva = useWatch({ control: form.control, name: 'nueva' });
  const { errors, isSubmitting } = form.formState;

  async function onValid(values: RestablecerForm) {
    try {
      await restablecerContrasena({ email: values.email, codigo: values.codigo, nueva: values.nueva });
      toast.success(t.exito, t.exitoDescripcion);
      await navigate('/auth', { replace: true });
    } catch (error) {
      const details = erroresDelServidor(error);
      for (const campo of ['codigo', 'nueva'] as const) {
        if (details[campo]) form.setError(campo, { message: details[campo] });
      }
      if (!toastPasswordError(details.nueva))
        toast.error(t.error, details.codigo ?? (error instanceof Error && error.message ? error.message : errorsTexts.internal));
    }
  }

  return (
    <form
      onSubmit={form.handleSubmit(onValid, (errs) => toastPasswordError(errs.nueva?.message))}
      className="grid gap-4"
      noValidate
    >
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <Field label={t.email}>{(p) => <Input {...p} type="email" readOnly value={email} />}</Field>
        <Field label={t.codigo} error={errors.codigo?.message}>
          {(p) => (
            <Input {...p} inputMode="numeric" autoComplete="one-time-code" maxLength={6} required {...form.register('codigo')} />
          )}
        </Field>
        <CamposContrasenaNueva
          nueva={{ label: t.nueva, error: errors.nueva?.message, hint: t.notaAdmin, ...form.register('nueva') }}
          valor={nueva}
          confirmar={{ label: t.confirmar, error: errors.confirmar?.message, ...form.register('confirmar') }}
        />
        <Button type="submit" className="w-full">
          {isSubmitting ? t.guardando : t.guardar}
        </Button>
        <Button type="button" variant="link" onClick={onOtroCodigo}>
          {t.otroCodigo}
        </Button>
      </fieldset>
    </form>
  );
}
