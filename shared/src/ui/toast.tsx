import { useEffect, useSyncExternalStore } from 'react';

/**
 * The toasts without sonner in the first load: `toast` and `<Toaster>` keep their API, and sonner
 * (toast-sonner.tsx, a chunk of its own) is imported when the user first acts on the page (a
 * pointer or a key: the toasts answer actions) or on the first toast, whichever comes first. A
 * call made before then waits in a queue and is shown, in order, once sonner's toaster is in the
 * page. This module is the one store of the page: the shell provides `@cuota/shared/ui` to the
 * remotes as a singleton, so their toasts go through the same queue and the same sonner.
 */
type Sonner = typeof import('./toast-sonner');
type Llamada = (toast: Sonner['sonnerToast']) => void;

/**
 * How long a just-mounted toaster waits before it shows the queued toasts: its live region must be
 * in the page before content is added to it, or screen readers may not announce that content.
 */
export const ESPERA_DE_LA_REGION_MS = 150;

let sonner: Sonner | null = null;
let cargando: Promise<Sonner> | null = null;
let pendientes: Llamada[] = [];
/** Mounted toasters whose live region is ready: with one, a toast goes straight to sonner. */
let listos = 0;
const oyentes = new Set<() => void>();

/** Imports sonner once (again after a failed attempt, e.g. a chunk lost to a bad connection). */
function cargarSonner(): Promise<Sonner> {
  cargando ??= import('./toast-sonner').then(
    (modulo) => {
      sonner = modulo;
      for (const oyente of oyentes) oyente();
      return modulo;
    },
    (error: unknown) => {
      cargando = null;
      throw error;
    },
  );
  return cargando;
}

function cargar(): void {
  void cargarSonner().catch(() => undefined);
}

function emitir(llamada: Llamada): void {
  if (sonner && listos > 0 && pendientes.length === 0) {
    llamada(sonner.sonnerToast);
    return;
  }
  pendientes.push(llamada);
  cargar();
}

function vaciar(toast: Sonner['sonnerToast']): void {
  const cola = pendientes;
  pendientes = [];
  for (const llamada of cola) llamada(toast);
}

function suscribir(oyente: () => void) {
  oyentes.add(oyente);
  return () => oyentes.delete(oyente);
}

const cargado = () => sonner;

/** Sonner's toaster: once its live region is in the page, the queued toasts are shown. */
function ToasterCargado({ modulo }: { modulo: Sonner }) {
  useEffect(() => {
    let listo = false;
    const espera = setTimeout(() => {
      listo = true;
      listos++;
      vaciar(modulo.sonnerToast);
    }, ESPERA_DE_LA_REGION_MS);
    return () => {
      clearTimeout(espera);
      if (listo) listos--;
    };
  }, [modulo]);
  return <modulo.ToasterDeSonner />;
}

/** Mounted once by the shell; remotes reach it through the shared (singleton) design system. */
export function Toaster() {
  const modulo = useSyncExternalStore(suscribir, cargado, cargado);
  useEffect(() => {
    if (modulo) return;
    if (pendientes.length > 0) cargar();
    const opciones = { capture: true, passive: true } as const;
    document.addEventListener('pointerdown', cargar, opciones);
    document.addEventListener('keydown', cargar, opciones);
    return () => {
      document.removeEventListener('pointerdown', cargar, opciones);
      document.removeEventListener('keydown', cargar, opciones);
    };
  }, [modulo]);
  return modulo ? <ToasterCargado modulo={modulo} /> : null;
}

const conDescripcion = (description?: string) => (description ? { description } : undefined);

/**
 * The product's toasts: a title and an optional description. `error` is the destructive
 * variant used by every entry of the spec's error catalogue.
 */
export const toast = {
  success(title: string, description?: string): void {
    emitir((t) => t.success(title, conDescripcion(description)));
  },
  error(title: string, description?: string): void {
    emitir((t) => t.error(title, conDescripcion(description)));
  },
  info(title: string, description?: string): void {
    emitir((t) => t(title, conDescripcion(description)));
  },
  /** Closes every toast, and drops those still waiting for sonner. */
  dismissAll(): void {
    pendientes = [];
    sonner?.sonnerToast.dismiss();
  },
};
