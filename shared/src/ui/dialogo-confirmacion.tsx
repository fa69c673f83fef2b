import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog';

export interface DialogoConfirmacionProps {
  /** Controlled: open and close it from the page. Left out: the `disparador` opens it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** What opens it (an `AlertDialogTrigger`, or a button that sets `open`). */
  disparador?: ReactNode;
  titulo: ReactNode;
  descripcion: ReactNode;
  /** Between the description and the buttons, e.g. a field the decision needs. */
  children?: ReactNode;
  /** The cancel button's text, and whether it is disabled (while the request runs). */
  cancelar: ReactNode;
  cancelarDeshabilitado?: boolean;
  /** The confirming button (an `AlertDialogAction`, or a Button that closes it only on success). */
  confirmar: ReactNode;
}

/** '¿Seguro?': a title, what will happen, 'Cancelar' and the confirming button. */
export function DialogoConfirmacion({
  open,
  onOpenChange,
  disparador,
  titulo,
  descripcion,
  children,
  cancelar,
  cancelarDeshabilitado,
  confirmar,
}: DialogoConfirmacionProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {disparador}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{titulo}</AlertDialogTitle>
          <AlertDialogDescription>{descripcion}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancelarDeshabilitado}>{cancelar}</AlertDialogCancel>
          {confirmar}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
