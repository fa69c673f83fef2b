import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '../ui/card';
import { FilaDeCeldas, FilaDeEncabezados, type Columna } from './columnas';
import { TablaPaginada, type TablaPaginadaProps } from './tabla-paginada';

export interface TarjetaDeListaProps<T> extends Omit<TablaPaginadaProps<T>, 'encabezado' | 'fila' | 'columnasCarga'> {
  /** The table's columns: each one's header, cell and the classes they share. */
  columnas: readonly Columna<T>[];
  /** Skeleton cells per row while loading; left out, one a column. */
  columnasCarga?: number;
  /** Above the table: the search box, the filters and the CSV button. */
  filtros: ReactNode;
  claseFiltros?: string;
}

/** An admin list page's card: its filters over the paged table (load error, empty state, skeleton, pagination). */
export function TarjetaDeLista<T>({ columnas, columnasCarga, filtros, claseFiltros, ...tabla }: TarjetaDeListaProps<T>) {
  return (
    <Card>
      <CardHeader className={claseFiltros}>{filtros}</CardHeader>
      <CardContent className="grid gap-4">
        <TablaPaginada
          {...tabla}
          columnasCarga={columnasCarga ?? columnas.length}
          encabezado={<FilaDeEncabezados columnas={columnas} />}
          fila={(item) => <FilaDeCeldas columnas={columnas} item={item} />}
        />
      </CardContent>
    </Card>
  );
}
