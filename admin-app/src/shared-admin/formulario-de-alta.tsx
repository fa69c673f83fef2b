import { Button } from '@cuota/shared/ui';
import type { FormEventHandler, ReactNode } from 'react';

export interface FormularioDeAltaProps {
  /** The form's accessible name. */
  etiqueta: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** While the create request runs the button is disabled and says `enviando`. */
  ocupado: boolean;
  enviar: string;
  enviando: string;
  /** The fields, two a row from the small breakpoint on. */
  children: ReactNode;
}

/** A list page's create form: its fields in two columns, the submit button under them on the right. */
export function FormularioDeAlta({ etiqueta, onSubmit, ocupado, enviar, enviando, children }: FormularioDeAltaProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={etiqueta} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      <div className="flex justify-end">
        <Button type="submit" disabled={ocupado}>
          {ocupado ? enviando : enviar}
        </Button>
      </div>
    </form>
  );
}
