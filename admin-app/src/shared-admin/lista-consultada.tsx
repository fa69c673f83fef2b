import { LoadError } from '@cuota/shared/web';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export interface ListaConsultadaProps<T> {
  consulta: Pick<UseQueryResult<{ items: T[] }>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>;
  /** How many of the newest items it shows. */
  limite: number;
  /** What it shows when the answer has no items. */
  vacio: ReactNode;
  /** What it shows while the first answer loads. */
  cargando: ReactNode;
  /** The load error's title. */
  errorTitulo: string;
  /** One item's `<li>` (with its key). */
  children: (item: T) => ReactNode;
}

/** The first `limite` items of a query as a divided list, with its empty, loading and load-error states. */
export function ListaConsultada<T>({ consulta, limite, vacio, cargando, errorTitulo, children }: ListaConsultadaProps<T>) {
  const { data, isPending, isError, error, refetch } = consulta;
  if (data) {
    if (data.items.length === 0) return vacio;
    return <ul className="grid divide-y divide-border">{data.items.slice(0, limite).map((item) => children(item))}</ul>;
  }
  if (isPending) return cargando;
  if (isError) return <LoadError title={errorTitulo} error={error} onRetry={() => void refetch()} />;
  return null;
}
