import { TEXTS } from '@cuota/shared';
import { Button, Field, Input, toast } from '@cuota/shared/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { signInAndResolveHome } from '../lib/actions';
import { signInErrorMessage } from '../lib/auth-errors';

export interface CredentialsFormProps {
  emailName: string;
  passwordName: string;
  submitLabel: string;
  /** A check before calling Cognito; returns the toast to show instead. */
  precheck?: (password: string) => { title: string; message: string } | null;
}

/** Email + password sign-in, shared by the customer and admin tabs (only names and checks differ). */
export function CredentialsForm({ emailName, passwordName, submitLabel, precheck }: CredentialsFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // Registration stores emails in lower case (registroFormSchema), so sign-in matches it.
    const email = String(data.get(emailName) ?? '')
      .trim()
      .toLowerCase();
    const password = String(data.get(passwordName) ?? '');
    const problem = precheck?.(password);
    if (problem) {
      toast.error(problem.title, problem.message);
      return;
    }
    setPending(true);
    try {
      const home = await signInAndResolveHome(queryClient, email, password);
      await navigate(home, { replace: true });
    } catch (error) {
      toast.error(TEXTS.auth.authError, signInErrorMessage(error));
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <fieldset disabled={pending} className="grid gap-4">
        <Field label={TEXTS.auth.emailLabel}>
          {(p) => (
            <Input
              {...p}
              name={emailName}
              type="email"
              autoComplete="username"
              placeholder={TEXTS.auth.emailPlaceholder}
              required
            />
          )}
        </Field>
        <Field label={TEXTS.auth.passwordLabel}>
          {(p) => <Input {...p} name={passwordName} type="password" autoComplete="current-password" required />}
        </Field>
        <Button type="submit" className="w-full">
          {pending ? TEXTS.auth.submitting : submitLabel}
        </Button>
      </fieldset>
    </form>
  );
}
