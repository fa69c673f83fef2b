import type { LucideIcon } from 'lucide-react';
import { Banknote, Bell, CircleCheck, CircleX, CreditCard, Info, Settings, TriangleAlert } from '../../ui/icons';

export interface EstiloTipo {
  icon: LucideIcon;
  /** Tinted circle behind the icon. */
  icono: string;
  /** Left border of a list row. */
  borde: string;
}

const GRIS: EstiloTipo = { icon: Bell, icono: 'bg-muted text-muted-foreground', borde: 'border-l-muted-foreground/40' };

/**
 * Spec §2: info blue, success green, warning amber, error red, payment green, credit purple,
 * system and unknown grey. Icon colours are the darker text tones that keep 3:1 on the tint.
 */
const ESTILOS: Record<string, EstiloTipo> = {
  info: { icon: Info, icono: 'bg-info/10 text-info', borde: 'border-l-info' },
  success: { icon: CircleCheck, icono: 'bg-success/15 text-[oklch(0.44_0.12_150)]', borde: 'border-l-success' },
  warning: { icon: TriangleAlert, icono: 'bg-warning/20 text-warning-foreground', borde: 'border-l-warning' },
  error: { icon: CircleX, icono: 'bg-destructive/10 text-destructive', borde: 'border-l-destructive' },
  payment: { icon: Banknote, icono: 'bg-success/15 text-[oklch(0.44_0.12_150)]', borde: 'border-l-success' },
  credit: { icon: CreditCard, icono: 'bg-credit/10 text-credit', borde: 'border-l-credit' },
  system: { icon: Settings, icono: GRIS.icono, borde: GRIS.borde },
};

export function estiloTipo(tipo: string): EstiloTipo {
  return ESTILOS[tipo] ?? GRIS;
}
