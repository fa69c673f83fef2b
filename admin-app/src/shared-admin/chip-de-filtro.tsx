import { cn } from '@cuota/shared/ui';
import type { ReactNode } from 'react';

export interface ChipDeFiltroProps {
  activo: boolean;
  onClick: () => void;
  children: ReactNode;
  /** The accessible name when the chip's text alone does not say what it does. */
  etiqueta?: string;
}

/** One option of a list's chip set (a toggle button: `aria-pressed`), 40 px tall to tap. */
export function ChipDeFiltro({ activo, onClick, children, etiqueta }: ChipDeFiltroProps) {
  return (
    <button
      type="button"
      aria-pressed={activo}
      aria-label={etiqueta}
      onClick={onClick}
      className={cn(
        'inline-flex min-h-10 items-center gap-1 rounded-full border px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
        activo ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted',
      )}
    >
      {children}
    </button>
  );
}
