import type { ReactNode } from 'react';

export interface OpcionesProps<V extends string | number> {
  /** The values, in the order the list shows them. */
  valores: readonly V[];
  /** Each value's text: a map of the texts (e.g. creditoEstadoTexts) or a function. */
  etiquetas: Readonly<Partial<Record<V, ReactNode>>> | ((valor: V) => ReactNode);
}

/** A select's `<option>`s, one a value, each with its text. */
export function Opciones<V extends string | number>({ valores, etiquetas }: OpcionesProps<V>) {
  return valores.map((valor) => (
    <option key={valor} value={String(valor)}>
      {typeof etiquetas === 'function' ? etiquetas(valor) : etiquetas[valor]}
    </option>
  ));
}
