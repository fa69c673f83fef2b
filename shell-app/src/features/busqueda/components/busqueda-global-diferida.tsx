import { lazy, Suspense, useEffect, useState } from 'react';

const BusquedaGlobalCargada = lazy(() => import('./busqueda-global'));

/** Ctrl+K (Cmd+K on a Mac) opens the search from anywhere, even from a text field. */
export function esAtajoDeBusqueda(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/**
 * The admin header's search, loaded with the first staff screen rather than with the shell (the
 * landing and the portal never download it). The shortcut works from the first paint: it opens
 * the dialog once the search has loaded.
 */
export function BusquedaGlobal() {
  const [dialogoAbierto, setDialogoAbierto] = useState(false);
  useEffect(() => {
    function alPulsar(event: KeyboardEvent) {
      if (!esAtajoDeBusqueda(event)) return;
      event.preventDefault();
      setDialogoAbierto(true);
    }
    window.addEventListener('keydown', alPulsar);
    return () => window.removeEventListener('keydown', alPulsar);
  }, []);
  return (
    <Suspense fallback={null}>
      <BusquedaGlobalCargada dialogoAbierto={dialogoAbierto} onDialogo={setDialogoAbierto} />
    </Suspense>
  );
}
