import { formatDate, formatPorcentaje } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import {
  construirCsv,
  entero as enteroCsv,
  fecha as fechaCeldaCsv,
  fechaCsv,
  monto as montoCeldaCsv,
  nombreCsv,
  porcentaje as porcentajeCsv,
  texto as textoCeldaCsv,
  type CeldaCsv,
} from '@cuota/shared/documents/csv';
import { downloadCsv } from '@cuota/shared/documents/amortizacion-csv';
import { reportesTexts as t } from '@cuota/shared/texts/reportes';
import {
  Button,
  CampoTexto,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  cn,
  Download,
  TablaConEncabezado,
  TableCell,
  TableHead,
  TableRow,
  toast,
} from '@cuota/shared/ui';
import { createContext, useContext, useState, type FormEvent, type ReactNode } from 'react';

/** One cell: what the screen shows and what the CSV holds (an amount stays a number in the file). */
export interface Celda {
  texto: string;
  csv: CeldaCsv;
  numero?: boolean;
}
export const monto = (c: number): Celda => ({ texto: formatCRC(c), csv: montoCeldaCsv(c), numero: true });
export const cuenta = (v: number): Celda => ({ texto: String(v), csv: enteroCsv(v), numero: true });
export const texto = (s: string): Celda => ({ texto: s, csv: textoCeldaCsv(s) });
export const dia = (iso: string): Celda => ({ texto: formatDate(iso), csv: fechaCeldaCsv(iso) });
export const mes = (yyyyMm: string): Celda => ({ texto: fechaCsv(yyyyMm), csv: fechaCeldaCsv(yyyyMm) });
export const pct = (s: string): Celda => ({ texto: formatPorcentaje(s), csv: porcentajeCsv(s), numero: true });

export interface Tabla {
  titulos: string[];
  filas: Celda[][];
  /** A last row in bold (totals), exported too. */
  total?: Celda[];
}

/** The report's file, built from the same table the screen shows. */
export function exportarTabla(archivo: string, tabla: Tabla): void {
  const filas = [...tabla.filas, ...(tabla.total ? [tabla.total] : [])].map((f) => f.map((c) => c.csv));
  const hoy = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Costa_Rica' });
  downloadCsv(nombreCsv(archivo, hoy), construirCsv(tabla.titulos, filas));
  toast.success(t.exportado(filas.length));
}

/**
 * True while a report shows the former range's figures as a new range loads: its 'Exportar CSV'
 * waits, so a file never carries figures of a range other than the one in the pickers.
 */
export const ReporteActualizando = createContext(false);

/** A report block: title with 'Exportar CSV', the chart, then the table (the chart's accessible fallback). */
export function SeccionReporte({
  titulo,
  archivo,
  grafico,
  tabla,
}: {
  titulo: string;
  archivo: string;
  grafico: ReactNode;
  tabla: Tabla;
}) {
  const actualizando = useContext(ReporteActualizando);
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">{titulo}</CardTitle>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`${t.exportarCsv}: ${titulo}`}
          disabled={actualizando}
          onClick={() => exportarTabla(archivo, tabla)}
        >
          <Download aria-hidden />
          {t.exportarCsv}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {grafico}
        <div className="overflow-x-auto">
          <TablaConEncabezado
            aria-label={titulo}
            encabezado={tabla.titulos.map((h, i) => (
              <TableHead key={h} className={cn(i > 0 && tabla.filas[0]?.[i]?.numero && 'text-right')}>
                {h}
              </TableHead>
            ))}
          >
            {[...tabla.filas, ...(tabla.total ? [tabla.total] : [])].map((fila, i) => (
              <TableRow key={i} className={cn(tabla.total && i === tabla.filas.length && 'font-semibold')}>
                {fila.map((c, j) => (
                  <TableCell key={j} className={cn('whitespace-nowrap', c.numero && 'text-right tabular-nums')}>
                    {c.texto}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TablaConEncabezado>
        </div>
      </CardContent>
    </Card>
  );
}

/** Desde / Hasta pickers, applied together. */
export function FiltroRango({
  valor,
  onAplicar,
}: {
  valor: { desde: string; hasta: string };
  onAplicar: (r: { desde: string; hasta: string }) => void;
}) {
  const [desde, setDesde] = useState(valor.desde);
  const [hasta, setHasta] = useState(valor.hasta);
  const aplicar = (e: FormEvent) => {
    e.preventDefault();
    onAplicar({ desde, hasta });
  };
  return (
    <form onSubmit={aplicar} className="flex flex-wrap items-end gap-3">
      <CampoTexto label={t.desde} fieldClassName="w-40" type="date" value={desde} onChange={(e) => setDesde(e.target.value)} />
      <CampoTexto label={t.hasta} fieldClassName="w-40" type="date" value={hasta} onChange={(e) => setHasta(e.target.value)} />
      <Button type="submit" variant="secondary">
        {t.aplicar}
      </Button>
    </form>
  );
}
