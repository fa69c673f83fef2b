import { mfaTexts } from '@cuota/shared/texts/mfa';
import { Field, Input } from '@cuota/shared/ui';
import type { Ref } from 'react';
import { normalizeTotpCode } from '../lib/totp-code';

export interface TotpCodeFieldProps {
  name: string;
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The 6-digit code of an authenticator app, at sign-in and at enrolment: a numeric keypad on
 * phones, and one-time-code so the OS or a password manager can offer the current code.
 */
export function TotpCodeField({ name, value, onChange, error, inputRef }: TotpCodeFieldProps) {
  return (
    <Field label={mfaTexts.codigo} error={error}>
      {(p) => (
        <Input
          {...p}
          ref={inputRef}
          name={name}
          value={value}
          onChange={(event) => onChange(normalizeTotpCode(event.target.value))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          className="max-w-48 font-mono text-lg tracking-[0.3em] sm:text-lg"
        />
      )}
    </Field>
  );
}
