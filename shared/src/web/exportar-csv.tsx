import { useCallback, useEffect, useRef, useState } from 'react';
import { encabezadoCsv, filaCsv, nombreCsv, type CeldaCsv } from '../documents/csv';
import { downloadCsv } from '../documents/amortizacion-csv';
import type { Page } from '../schemas/common';
import { reportesTexts as t } from '../texts/reportes';
import { Button } from '../ui/button';
import { Download } from '../ui/icons';
import { toast } from '../ui/toast';

/** How a list is exported: its columns, one row per item, and how to read one page with the screen's filters. */
export interface ExportacionLista<T> {
  /** The file's base name ("Creditos"): the download is `<nombre>_<YYYY-MM-DD>.csv`. */
  nombre: string;
  titulos: readonly string[];
  fila: (item: T) => readonly CeldaCsv[];
  /** One page of the list as the screen asks for it (same route, same filters), with the largest page size. */
  pagina: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>;
}

/**
 * Exports a cursor-paged staff list to CSV in the browser: the API (HTTP API + Lambda) answers
 * buffered, so instead of a streamed download the client reads the list page by page through
 * the same route and filters the screen uses — no scans, the server's cost per page is a list
 * page's — keeps only each page's CSV lines, reports progress and assembles the file at the
 * end. Any list with a cursor (cobranza included) plugs in through an ExportacionLista.
 */
export function useExportarCsv<T>(exportacion: ExportacionLista<T>) {
  const [filas, setFilas] = useState<number | null>(null);
  const control = useRef<AbortController | null>(null);
  useEffect(() => () => control.current?.abort(), []);

  const exportar = useCallback(async () => {
    control.current?.abort();
    const abort = new AbortController();
    control.current = abort;
    const lineas: string[] = [encabezadoCsv(exportacion.titulos)];
    let cursor: string | undefined;
    setFilas(0);
    try {
      do {
        const pagina = await exportacion.pagina(cursor, abort.signal);
        for (const item of pagina.items) lineas.push(filaCsv(exportacion.fila(item)));
        setFilas(lineas.length - 1);
        cursor = pagina.nextCursor ?? undefined;
      } while (cursor && !abort.signal.aborted);
      if (abort.signal.aborted) return;
      const hoy = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Costa_Rica' });
      downloadCsv(nombreCsv(exportacion.nombre, hoy), `\uFEFF${lineas.join('\r\n')}\r\n`);
      toast.success(t.exportado(lineas.length - 1));
    } catch {
      if (!abort.signal.aborted) toast.error(t.exportarError);
    } finally {
      if (control.current === abort) setFilas(null);
    }
  }, [exportacion]);

  return { exportar, exportando: filas !== null, filas: filas ?? 0 };
}

/** The lists' 'Exportar CSV' button: the export of what the filters show, with the rows read so far while it runs. */
export function BotonExportarCsv<T>({ exportacion }: { exportacion: ExportacionLista<T> }) {
  const { exportar, exportando, filas } = useExportarCsv(exportacion);
  return (
    <Button type="button" variant="outline" onClick={() => void exportar()} disabled={exportando} aria-busy={exportando}>
      <Download aria-hidden />
      <span aria-live="polite">{exportando ? t.exportando(filas) : t.exportarCsv}</span>
    </Button>
  );
}
