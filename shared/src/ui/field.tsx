import { useId, type ReactNode } from 'react';
import { cn } from './cn';
import { Label } from './label';

/** Props a Field hands to its control so the label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Validation message shown under the control (role="alert" is not used: it is linked via aria-describedby). */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  /** Receives the id/aria props for the control, e.g. `(p) => <Input {...p} {...register('nombre')} />`. */
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    // content-start: in a row of fields, a field with a hint does not push its neighbours' inputs down
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
