import { Card, CardContent, Skeleton } from '@cuota/shared/ui';
import { LoadError } from '@cuota/shared/web';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';

export interface SeccionDeCifrasProps<T, C extends { label: string }> {
  /** The section's name, read by screen readers only (the cards speak for themselves on screen). */
  titulo: string;
  consulta: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>;
  /** The answer's figures, one card each, in order. */
  cifras: (data: T) => readonly C[];
  tarjeta: (cifra: C) => ReactNode;
  /** The grid's classes, for the cards and for their placeholders while loading. */
  rejilla: string;
  /** How many placeholders, how high (a height class). */
  cargando: { cantidad: number; alto: string };
  errorTitulo: string;
  className?: string;
}

/** A page's key figures from one query, as a list of cards, with placeholders while loading and the load error. */
export function SeccionDeCifras<T, C extends { label: string }>({
  titulo,
  consulta,
  cifras,
  tarjeta,
  rejilla,
  cargando,
  errorTitulo,
  className,
}: SeccionDeCifrasProps<T, C>) {
  const titleId = useId();
  const { data, isPending, isError, error, refetch } = consulta;
  return (
    <section aria-labelledby={titleId} className={className}>
      <h2 id={titleId} className="sr-only">
        {titulo}
      </h2>
      {data ? (
        <ul className={rejilla}>
          {cifras(data).map((c) => (
            <li key={c.label}>{tarjeta(c)}</li>
          ))}
        </ul>
      ) : isPending ? (
        <div className={rejilla} aria-busy="true">
          {Array.from({ length: cargando.cantidad }, (_, i) => (
            <Skeleton key={i} className={cargando.alto} />
          ))}
        </div>
      ) : isError ? (
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            <LoadError title={errorTitulo} error={error} onRetry={() => void refetch()} />
          </CardContent>
        </Card>
      ) : null}
    </section>
  );
}
