import type { ReactNode } from 'react';
import { Button } from '@cuota/shared/ui';
import { DialogFooter } from './dialog';

export interface PieDeDialogoProps {
  /** 'Cancelar': closes without sending; disabled while the request runs. */
  cancelar: string;
  onCancelar: () => void;
  ocupado: boolean;
  /** The submit button's text, and its text while the request runs ('Guardando...'). */
  enviar?: string;
  enviando?: string;
  /** Instead of the submit button, a button of the dialog's own. */
  children?: ReactNode;
}

/** A form dialog's buttons: 'Cancelar', then submit (disabled, with its busy text, while sending). */
export function PieDeDialogo({ cancelar, onCancelar, ocupado, enviar, enviando, children }: PieDeDialogoProps) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancelar} disabled={ocupado}>
        {cancelar}
      </Button>
      {children ?? (
        <Button type="submit" disabled={ocupado}>
          {ocupado ? enviando : enviar}
        </Button>
      )}
    </DialogFooter>
  );
}
