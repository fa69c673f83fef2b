import type { ComponentProps, ReactNode } from 'react';
import { lecturaEnVivo } from '../montos';
import { cn } from './cn';
import { Field } from './field';
import { Input } from './input';

export interface MontoFieldProps extends Omit<ComponentProps<'input'>, 'value' | 'defaultValue' | 'type' | 'children'> {
  label: ReactNode;
  error?: string | undefined;
  /** Shown above the reading, e.g. the product's range. */
  hint?: ReactNode;
  /** The field's current text (the form's watched value): what the reading line describes. */
  valor: string | undefined;
  /** Classes of the field's wrapper. */
  fieldClassName?: string;
}

/**
 * The one amount input of the product (lending-rules.md "Costa Rican formats"): a text box that
 * takes 500.000, 500 000, ₡1.000.000,50, 62550,5 or 500000.50, and under it, while typing, how
 * the amount will be read ('Se registrará ₡500 000,00') or why it cannot be (ambiguous,
 * misplaced thousands, more than 2 decimals). The form parses it with montoTextoSchema; the
 * refusal moves to the field's error once the form is submitted. The remaining props go to the
 * input (e.g. `{...register('monto')}`).
 */
export function MontoField({ label, error, hint, valor, fieldClassName, className, ...input }: MontoFieldProps) {
  const lectura = lecturaEnVivo(valor ?? '');
  // After a submit the refusal is the field's error: not said twice.
  const mostrada = lectura && (lectura.ok || !error) ? lectura : null;
  return (
    <Field
      label={label}
      error={error}
      className={fieldClassName}
      hint={
        <>
          {hint ? <span className="block">{hint}</span> : null}
          {/* one line kept while typing so the form does not jump; the field's error takes its place */}
          <span aria-live="polite" className={cn('block', !error && 'min-h-4', mostrada && !mostrada.ok && 'text-amber-800')}>
            {mostrada?.texto}
          </span>
        </>
      }
    >
      {(props) => (
        <Input
          {...props}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          className={cn('tabular-nums', className)}
          {...input}
        />
      )}
    </Field>
  );
}
