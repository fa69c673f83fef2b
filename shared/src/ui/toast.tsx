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

/** Mounted once by the shell; remotes reach it through the shared (singleton) design system. */
export function Toaster() {
  return <Sonner position="top-right" richColors closeButton style={RICH_TEXT} toastOptions={{ duration: 5000 }} />;
}

/**
 * The product's toasts: a title and an optional description. `error` is the destructive
 * variant used by every entry of the spec's error catalogue.
 */
export const toast = {
  success(title: string, description?: string) {
    return sonnerToast.success(title, description ? { description } : undefined);
  },
  error(title: string, description?: string) {
    return sonnerToast.error(title, description ? { description } : undefined);
  },
  info(title: string, description?: string) {
    return sonnerToast(title, description ? { description } : undefined);
  },
  dismissAll() {
    sonnerToast.dismiss();
  },
};
