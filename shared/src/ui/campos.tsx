import type { ComponentProps, ReactNode } from 'react';
import { authTexts } from '../texts/auth';
import { Field } from './field';
import { Input, Textarea } from './input';
import { Select } from './select';

/** What every labelled control takes: its label, its error and hint under it, and the wrapper's classes. */
interface CampoBase {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Classes of the field's wrapper (e.g. 'sm:col-span-2'); `className` goes to the control. */
  fieldClassName?: string;
}

export type CampoTextoProps = CampoBase & ComponentProps<'input'>;
export type CampoAreaTextoProps = CampoBase & ComponentProps<'textarea'>;
export type CampoSelectProps = CampoBase & ComponentProps<'select'>;

/**
 * A labelled text input: the Field (label, hint, error, their ids) around an Input. The remaining
 * props go to the input, e.g. `type="tel" {...form.register('telefono')}`.
 */
export function CampoTexto({ label, error, hint, fieldClassName, ...input }: CampoTextoProps) {
  return (
    <Field label={label} error={error} hint={hint} className={fieldClassName}>
      {(control) => <Input {...control} {...input} />}
    </Field>
  );
}

/** A labelled text area, as CampoTexto. */
export function CampoAreaTexto({ label, error, hint, fieldClassName, ...area }: CampoAreaTextoProps) {
  return (
    <Field label={label} error={error} hint={hint} className={fieldClassName}>
      {(control) => <Textarea {...control} {...area} />}
    </Field>
  );
}

/** A labelled select; its options are the children. */
export function CampoSelect({ label, error, hint, fieldClassName, children, ...select }: CampoSelectProps) {
  return (
    <Field label={label} error={error} hint={hint} className={fieldClassName}>
      {(control) => (
        <Select {...control} {...select}>
          {children}
        </Select>
      )}
    </Field>
  );
}

/** A phone number: the phone keypad, no autofill (staff type other people's numbers), '+506 8888-8888' as placeholder. */
export function CampoTelefono(props: CampoTextoProps) {
  return <CampoTexto type="tel" autoComplete="off" placeholder={authTexts.telefonoPlaceholder} {...props} />;
}
