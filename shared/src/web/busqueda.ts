import { useState, type ChangeEvent } from 'react';
import type { EstadoDeBusqueda } from './combobox-de-busqueda';
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

/** Searches (the global one, the client picker) wait for this many characters. */
export const LARGO_MINIMO_BUSQUEDA = 2;

/** What a search box shows for its query and the state of its read. */
export function estadoDeBusqueda(q: string, lectura: { isError: boolean; isFetching: boolean }): EstadoDeBusqueda {
  if (q.length < LARGO_MINIMO_BUSQUEDA) return 'corto';
  if (lectura.isError) return 'error';
  return lectura.isFetching ? 'cargando' : 'listo';
}
