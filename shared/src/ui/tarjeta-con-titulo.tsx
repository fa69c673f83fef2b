import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';

export interface TarjetaConTituloProps {
  titulo: ReactNode;
  /** The line under the title; left out, there is none. */
  descripcion?: ReactNode;
  /** The title's id, for a form or region that takes its name from it (`aria-labelledby`). */
  tituloId?: string;
  claseEncabezado?: string;
  claseTitulo?: string;
  claseContenido?: string;
  children?: ReactNode;
}

/** A card with a title (and a line under it) over its content. */
export function TarjetaConTitulo({
  titulo,
  descripcion,
  tituloId,
  claseEncabezado,
  claseTitulo,
  claseContenido,
  children,
}: TarjetaConTituloProps) {
  return (
    <Card>
      <CardHeader className={claseEncabezado}>
        <CardTitle id={tituloId} className={claseTitulo}>
          {titulo}
        </CardTitle>
        {descripcion === undefined ? null : <CardDescription>{descripcion}</CardDescription>}
      </CardHeader>
      <CardContent className={claseContenido}>{children}</CardContent>
    </Card>
  );
}
