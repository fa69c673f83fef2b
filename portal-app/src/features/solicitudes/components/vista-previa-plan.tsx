import { formatPorcentaje } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import { portalSolicitudesTexts } from '@cuota/shared/texts/portalSolicitudes';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@cuota/shared/ui';
import { useId } from 'react';
import type { VistaPrevia } from '../lib/vista-previa';

const t = portalSolicitudesTexts.preview;

export interface VistaPreviaPlanProps {
  vista: VistaPrevia | null;
  /** The chosen product's annual rate, for the note; null while none is chosen. */
  tasaAnual: string | null;
  className?: string;
}

function Dato({ label, value, destacado = false }: { label: string; value: string; destacado?: boolean }) {
  return (
    <div className={destacado ? 'col-span-2 rounded-lg bg-muted/60 p-3 @sm:col-span-1' : 'rounded-lg bg-muted/60 p-3'}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={destacado ? 'text-xl font-semibold tabular-nums' : 'text-base font-semibold tabular-nums'}>{value}</dd>
    </div>
  );
}

/** The live schedule preview of the customer's application form (shared amortization engine). */
export function VistaPreviaPlan({ vista, tasaAnual, className }: VistaPreviaPlanProps) {
  const titleId = useId();
  return (
    <Card className={className}>
      <section aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId}>{t.titulo}</CardTitle>
          {vista && tasaAnual ? <CardDescription>{t.nota(formatPorcentaje(tasaAnual))}</CardDescription> : null}
        </CardHeader>
        <CardContent className="@container grid gap-4">
          {!vista ? (
            <p className="text-sm text-muted-foreground">{t.vacio}</p>
          ) : (
            <>
              <dl className="grid grid-cols-2 gap-3 @sm:grid-cols-3" aria-live="polite">
                <Dato
                  destacado
                  label={vista.metodo === 'capital_constante' ? t.primeraCuota : t.cuotaMensual}
                  value={formatCRC(vista.cuotaCentimos)}
                />
                <Dato label={t.totalIntereses} value={formatCRC(vista.totalInteresesCentimos)} />
                <Dato label={t.totalPagar} value={formatCRC(vista.totalPagarCentimos)} />
                {vista.comisionCentimos > 0 ? (
                  <>
                    <Dato label={t.comision} value={formatCRC(vista.comisionCentimos)} />
                    <Dato label={t.neto} value={formatCRC(vista.netoCentimos)} />
                  </>
                ) : null}
                <Dato label={t.costoTotal} value={formatCRC(vista.costoTotalCentimos)} />
                <Dato label={t.tae} value={formatPorcentaje(vista.tae)} />
              </dl>
              {vista.metodo === 'capital_constante' ? <p className="text-xs text-muted-foreground">{t.decreciente}</p> : null}
              {/* Every cuota, the last one (which absorbs the rounding) included. */}
              <Table>
                <caption className="mb-2 text-left text-xs text-muted-foreground">{t.todas(vista.filas.length)}</caption>
                <TableHeader>
                  <TableRow>
                    <TableHead className="px-2 @md:px-3">{t.columnas.numero}</TableHead>
                    <TableHead className="px-2 text-right @md:px-3">{t.columnas.cuota}</TableHead>
                    <TableHead className="hidden text-right @md:table-cell">{t.columnas.capital}</TableHead>
                    <TableHead className="hidden text-right @md:table-cell">{t.columnas.interes}</TableHead>
                    <TableHead className="px-2 text-right @md:px-3">{t.columnas.saldo}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {vista.filas.map((fila) => (
                    <TableRow key={fila.numero}>
                      <TableCell className="px-2 tabular-nums @md:px-3">{fila.numero}</TableCell>
                      <TableCell className="px-2 text-right tabular-nums whitespace-nowrap @md:px-3">
                        <span className="font-medium">{formatCRC(fila.total)}</span>
                        {/* In a narrow card (phones, the two-column desktop layout) the split folds under the cuota. */}
                        <span className="block text-xs text-muted-foreground @md:hidden">
                          {t.columnas.capital} {formatCRC(fila.capital)}
                        </span>
                        <span className="block text-xs text-muted-foreground @md:hidden">
                          {t.columnas.interes} {formatCRC(fila.interes)}
                        </span>
                      </TableCell>
                      <TableCell className="hidden text-right tabular-nums whitespace-nowrap @md:table-cell">
                        {formatCRC(fila.capital)}
                      </TableCell>
                      <TableCell className="hidden text-right tabular-nums whitespace-nowrap @md:table-cell">
                        {formatCRC(fila.interes)}
                      </TableCell>
                      <TableCell className="px-2 text-right tabular-nums whitespace-nowrap @md:px-3">
                        {formatCRC(fila.saldo)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </CardContent>
      </section>
    </Card>
  );
}
