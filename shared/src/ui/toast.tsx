import { Toaster as Sonner, toast as sonnerToast } from 'sonner';

/** Mounted once by the shell; remotes reach it through the shared (singleton) design system. */
export function Toaster() {
  return <Sonner position="top-right" richColors closeButton toastOptions={{ duration: 5000 }} />;
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
