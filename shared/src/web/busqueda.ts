import { useState, type ChangeEvent } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** How long a list waits after the last key before it searches. */
export const ESPERA_DE_BUSQUEDA_MS = 300;

export interface Busqueda {
  /** What the search box shows. */
  texto: string;
  /** What the list searches for: the text trimmed, once typing has paused. */
  q: string;
  /** The search box's value and onChange: `<SearchInput aria-label="…" {...busqueda.campo} />`. */
  campo: { value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void };
}

/** A list page's search: the box's text, and the query it settles to. */
export function useBusqueda(espera = ESPERA_DE_BUSQUEDA_MS): Busqueda {
  const [texto, setTexto] = useState('');
  const q = useDebouncedValue(texto.trim(), espera);
  return { texto, q, campo: { value: texto, onChange: (event) => setTexto(event.target.value) } };
}
