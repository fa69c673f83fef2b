import type { FormEvent, ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './dialog';
import { PieDeDialogo, type PieDeDialogoProps } from './pie-de-dialogo';

export interface VentanaDeDialogoProps {
  abierto: boolean;
  onAbiertoChange: (abierto: boolean) => void;
  /** While its request runs the dialog stays open (Escape, the overlay and × do nothing). */
  ocupado?: boolean;
  titulo: ReactNode;
  descripcion: ReactNode;
  /** DialogContent's class, e.g. 'max-h-[90dvh] overflow-y-auto' for a long form. */
  clase?: string;
  /** What opens it (a `DialogTrigger`), when the page does not open it itself. */
  disparador?: ReactNode;
  children: ReactNode;
}

/** A dialog with its title and description over its body (a form, or a question and its buttons). */
export function VentanaDeDialogo({
  abierto,
  onAbiertoChange,
  ocupado = false,
  titulo,
  descripcion,
  clase,
  disparador,
  children,
}: VentanaDeDialogoProps) {
  return (
    <Dialog
      open={abierto}
      onOpenChange={(siguiente) => {
        if (!ocupado) onAbiertoChange(siguiente);
      }}
    >
      {disparador}
      <DialogContent className={clase}>
        <DialogHeader>
          <DialogTitle>{titulo}</DialogTitle>
          <DialogDescription>{descripcion}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

export interface DialogoDeFormularioProps extends Omit<VentanaDeDialogoProps, 'titulo'> {
  titulo: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** 'Cancelar' (closes without sending), and the submit button's text and busy text ('Guardando...'). */
  textos: Pick<PieDeDialogoProps, 'cancelar' | 'enviar' | 'enviando'>;
  /** Instead of the plain submit button, the dialog's own (e.g. a destructive one). */
  boton?: ReactNode;
}

/**
 * A dialog that is one form: the title (also the form's name), the description, the fields one
 * under the other, then 'Cancelar' and the submit button, both disabled while the request runs.
 */
export function DialogoDeFormulario({ onSubmit, textos, boton, children, ...ventana }: DialogoDeFormularioProps) {
  const ocupado = ventana.ocupado ?? false;
  return (
    <VentanaDeDialogo {...ventana}>
      <form onSubmit={onSubmit} noValidate aria-label={ventana.titulo} className="grid gap-4">
        {children}
        <PieDeDialogo {...textos} onCancelar={() => ventana.onAbiertoChange(false)} ocupado={ocupado}>
          {boton}
        </PieDeDialogo>
      </form>
    </VentanaDeDialogo>
  );
}
