import { normalizarEmail } from '@cuota/shared/identidad';
import { authTexts } from '@cuota/shared/texts/auth';
import { mfaTexts } from '@cuota/shared/texts/mfa';
import { restablecerTexts } from '@cuota/shared/texts/restablecer';
import { Button, Field, Input, toast } from '@cuota/shared/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { precargarRemoto } from '../../remotes';
import { confirmCodeAndResolveHome, signInAndResolveHome } from '../lib/actions';
import { isPasswordResetRequired, isSignInChallengeGone, isWrongTotpCode, signInErrorMessage } from '../lib/auth-errors';
import { totpCodeError } from '../lib/totp-code';
import { TotpCodeField } from './totp-code-field';

export interface CredentialsFormProps {
  emailName: string;
  passwordName: string;
  submitLabel: string;
  /** A check before calling Cognito; returns the toast to show instead. */
  precheck?: (password: string) => { title: string; message: string } | null;
  /** The remote this form's users usually land in, fetched while the sign-in runs. */
  destino?: 'portal' | 'admin';
}

/**
 * Email + password sign-in, shared by the customer and admin tabs (only names and checks differ).
 * A user enrolled in TOTP gets a second step for the code before landing.
 */
export function CredentialsForm({ emailName, passwordName, submitLabel, precheck, destino }: CredentialsFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  // The email survives a trip to the code step and back; the password is typed again.
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const passwordRef = useRef<HTMLInputElement>(null);
  const returning = useRef(false);

  useEffect(() => {
    if (step === 'password' && returning.current) passwordRef.current?.focus();
  }, [step]);

  function backToPassword() {
    returning.current = true;
    setStep('password');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // Registration sends the canonical address (registroFormSchema: NFKC, trimmed, lower case); so does sign-in.
    const typed = normalizarEmail(String(data.get(emailName) ?? ''));
    const password = String(data.get(passwordName) ?? '');
    const problem = precheck?.(password);
    if (problem) {
      toast.error(problem.title, problem.message);
      return;
    }
    setPending(true);
    // the remote of the usual home starts downloading while Cognito and /api/me answer
    if (destino) precargarRemoto(destino, destino === 'portal' ? '/portal' : '/clientes');
    try {
      const outcome = await signInAndResolveHome(queryClient, typed, password);
      if (outcome.next === 'totp') {
        setEmail(typed);
        setStep('totp');
        setPending(false);
        return;
      }
      await navigate(outcome.home, { replace: true });
    } catch (error) {
      if (isPasswordResetRequired(error)) {
        toast.info(restablecerTexts.requerido, restablecerTexts.requeridoDescripcion);
        await navigate(`/restablecer-contrasena?email=${encodeURIComponent(typed)}`);
        return;
      }
      toast.error(authTexts.authError, signInErrorMessage(error));
      setPending(false);
    }
  }

  if (step === 'totp') {
    return <TotpStep codeName={`${emailName}_totp`} onBack={backToPassword} />;
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <fieldset disabled={pending} className="grid gap-4">
        <Field label={authTexts.emailLabel}>
          {(p) => (
            <Input
              {...p}
              name={emailName}
              type="email"
              autoComplete="username"
              placeholder={authTexts.emailPlaceholder}
              defaultValue={email}
              required
            />
          )}
        </Field>
        <Field label={authTexts.passwordLabel}>
          {(p) => <Input {...p} ref={passwordRef} name={passwordName} type="password" autoComplete="current-password" required />}
        </Field>
        <Button type="submit" className="w-full">
          {pending ? authTexts.submitting : submitLabel}
        </Button>
      </fieldset>
    </form>
  );
}

/** The TOTP code of a sign-in (Cognito's SOFTWARE_TOKEN_MFA challenge). */
function TotpStep({ codeName, onBack }: { codeName: string; onBack: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const t = mfaTexts;

  // The step replaces the password form: put the cursor where the next keystroke belongs.
  useEffect(() => codeRef.current?.focus(), []);
  useEffect(() => {
    if (error) codeRef.current?.select();
  }, [error]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = totpCodeError(code);
    setError(invalid);
    if (invalid) return;
    setPending(true);
    try {
      await navigate(await confirmCodeAndResolveHome(queryClient, code), { replace: true });
    } catch (failure) {
      setPending(false);
      if (isWrongTotpCode(failure)) {
        setError(t.codigoIncorrecto);
      } else if (isSignInChallengeGone(failure)) {
        toast.error(authTexts.authError, t.sesionVencida);
        onBack();
      } else {
        toast.error(authTexts.authError, signInErrorMessage(failure));
      }
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <fieldset disabled={pending} className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t.pasoDescripcion}</p>
        <TotpCodeField
          name={codeName}
          value={code}
          onChange={(next) => {
            setCode(next);
            setError(null);
          }}
          error={error ?? undefined}
          inputRef={codeRef}
        />
        <Button type="submit" className="w-full">
          {pending ? authTexts.submitting : t.confirmar}
        </Button>
        <Button type="button" variant="link" className="mx-auto h-auto p-0" onClick={onBack}>
          {t.volver}
        </Button>
      </fieldset>
    </form>
  );
}
