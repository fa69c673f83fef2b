import type { ComponentProps, ReactNode } from 'react';
import { Field } from './field';
import { Input } from './input';
import { PasswordStrengthMeter } from './password-strength-meter';

export type CampoTextoProps = ComponentProps<'input'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
};

/**
 * A labelled Input: the Field's label, hint and error announced with the control, then the
 * input's own props (type, autoComplete, react-hook-form's `register(...)`).
 */
export function CampoTexto({ label, error, hint, ...input }: CampoTextoProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(p) => <Input {...p} {...input} />}
    </Field>
  );
}

type CampoContrasena = Omit<CampoTextoProps, 'type' | 'autoComplete' | 'required'>;

/** A new password (with its strength meter under it) and its confirmation; `valor` is the new password typed. */
export function CamposContrasenaNueva({
  nueva,
  confirmar,
  valor,
}: {
  nueva: CampoContrasena;
  confirmar: CampoContrasena;
  valor: string;
}) {
  return (
    <>
      <CampoTexto {...nueva} type="password" autoComplete="new-password" required />
      <PasswordStrengthMeter password={valor} />
      <CampoTexto {...confirmar} type="password" autoComplete="new-password" required />
    </>
  );
}

type CampoPersona = Omit<CampoTextoProps, 'autoComplete' | 'required'>;

/** A person's given and family names, both required, side by side (one under the other on a phone). */
export function CamposNombreApellido({ nombre, apellido }: { nombre: CampoPersona; apellido: CampoPersona }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <CampoTexto {...nombre} autoComplete="given-name" required />
      <CampoTexto {...apellido} autoComplete="family-name" required />
    </div>
  );
}
