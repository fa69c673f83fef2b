/**
 * The part of the toasts that needs sonner (~9 kB gzip). Only toast.tsx imports it, dynamically,
 * so the bundler puts it in a chunk of its own that no page downloads before it needs a toast.
 */
import type { CSSProperties } from 'react';
import { Toaster as Sonner, toast as sonnerToast } from 'sonner';

/**
 * Sonner's light rich colours put 13px text at about 4.3:1 on its tinted backgrounds (axe
 * color-contrast, serious); these darker texts reach WCAG AA (4.5:1).
 */
const RICH_TEXT = {
  '--success-text': 'hsl(140, 100%, 21%)',
  '--info-text': 'hsl(210, 92%, 33%)',
  '--warning-text': 'hsl(31, 92%, 27%)',
  '--error-text': 'hsl(360, 100%, 36%)',
} as CSSProperties;

/** Sonner names its live region and close buttons in English; the product speaks Spanish. */
export const ETIQUETA_REGION = 'Avisos';
export const ETIQUETA_CERRAR = 'Cerrar aviso';

export function ToasterDeSonner() {
  return (
    <Sonner
      position="top-right"
      richColors
      closeButton
      containerAriaLabel={ETIQUETA_REGION}
      style={RICH_TEXT}
      toastOptions={{ duration: 5000, closeButtonAriaLabel: ETIQUETA_CERRAR }}
    />
  );
}

export { sonnerToast };
