import { formatCRC } from '@cuota/shared/montos';
import type { ReporteProvisiones } from '@cuota/shared/schemas/riesgo';
import { riesgoTexts } from '@cuota/shared/texts/riesgo';
import { downloadCsv } from '@cuota/shared/documents/amortizacion-csv';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EncabezadoDePagina,
  FileText,
  Skeleton,
  TablaConEncabezado,
  TableCell,
  TableHead,
  TableRow,
} from '@cuota/shared/ui';
import { LoadError } from '@cuota/shared/web';
import { useId, useState } from 'react';
import { TarjetaDeDato } from '../../../shared-admin/tarjeta-de-dato';
import { useObtenerProvisiones } from '../api/obtener-provisiones';
import { provisionesCsv, provisionesCsvNombre } from '../lib/provisiones-csv';

const r = riesgoTexts;
// narrower padding on a phone so category, balance and provision fit without the table's own scroll
const celda = 'px-2 sm:px-3';
const right = `text-right tabular-nums ${celda}`;
const monto = `${right} text-xs sm:text-sm`;
const pct = (p: string) => `${p.replace('.', ',')} %`;

/** Vertical bars per category: saldo (light) and required provision (dark), on one scale. */
function GraficoCategorias({ reporte }: { reporte: ReporteProvisiones }) {
  const max = Math.max(1, ...reporte.filas.map((f) => f.saldo_centimos));
  const W = 360;
  const H = 180;
  const slot = W / reporte.filas.length;
  const alto = (v: number) => Math.round((v / max) * (H - 30));
  const resumen = reporte.filas
    .map((f) => `${f.categoria}: ${formatCRC(f.saldo_centimos)}, ${formatCRC(f.provision_centimos)}`)
    .join('; ');
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{r.graficoTitulo}</CardTitle>
      </CardHeader>
      <CardContent>
        <div role="img" aria-label={`${r.graficoTitulo}. ${resumen}`} data-testid="grafico-riesgo">
          <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full max-w-2xl" aria-hidden>
            {reporte.filas.map((f, i) => {
              const x = i * slot + slot * 0.15;
              const w = slot * 0.33;
              return (
                <g key={f.categoria} data-categoria={f.categoria}>
                  <rect
                    x={x}
                    y={H - 20 - alto(f.saldo_centimos)}
                    width={w}
                    height={alto(f.saldo_centimos)}
                    fill="var(--color-info)"
                    opacity={0.45}
                  />
                  <rect
                    x={x + w}
                    y={H - 20 - alto(f.provision_centimos)}
                    width={w}
                    height={alto(f.provision_centimos)}
                    fill="var(--color-destructive)"
                  />
                  <text x={x + w} y={H - 5} textAnchor="middle" fontSize="11" fill="currentColor">
                    {f.categoria}
                  </text>
                </g>
              );
            })}
          </svg>
        </div>
        <div className="mt-2 flex flex-wrap gap-4 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden className="inline-block size-2.5 rounded-sm bg-info/45" />
            {r.saldo}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden className="inline-block size-2.5 rounded-sm bg-destructive" />
            {r.provision}
          </span>
        </div>
      </CardContent>
    </Card>
  );
}

function TablaProvisiones({ reporte }: { reporte: ReporteProvisiones }) {
  return (
    <Card className="min-w-0">
      <CardContent className="px-1 pt-2 pb-2 sm:px-6 sm:pt-6 sm:pb-6">
        <TablaConEncabezado
          aria-label={r.tituloPagina}
          encabezado={
            <>
              <TableHead className={celda}>{r.categoria}</TableHead>
              <TableHead className={`${right} hidden sm:table-cell`}>{r.porcentaje}</TableHead>
              <TableHead className={`${right} hidden sm:table-cell`}>{r.creditos}</TableHead>
              <TableHead className={`${right} whitespace-normal`}>{r.saldo}</TableHead>
              <TableHead className={`${right} whitespace-normal`}>{r.provision}</TableHead>
            </>
          }
        >
          {reporte.filas.map((f) => (
            <TableRow key={f.categoria} data-testid={`fila-${f.categoria}`}>
              <TableCell className={`font-medium ${celda}`}>
                {f.categoria}
                {/* on a phone the percentage and the count go under the category, so the amounts fit */}
                <span className="block text-xs font-normal whitespace-nowrap text-muted-foreground sm:hidden">
                  {pct(f.porcentaje)} · {f.creditos}
                </span>
              </TableCell>
              <TableCell className={`${right} hidden sm:table-cell`}>{pct(f.porcentaje)}</TableCell>
              <TableCell className={`${right} hidden sm:table-cell`}>{f.creditos}</TableCell>
              <TableCell className={monto}>{formatCRC(f.saldo_centimos)}</TableCell>
              <TableCell className={monto}>{formatCRC(f.provision_centimos)}</TableCell>
            </TableRow>
          ))}
          <TableRow data-testid="fila-total" className="font-semibold">
            <TableCell className={celda}>{r.totalFila}</TableCell>
            <TableCell className="hidden sm:table-cell" />
            <TableCell className={`${right} hidden sm:table-cell`}>{reporte.total.creditos}</TableCell>
            <TableCell className={monto}>{formatCRC(reporte.total.saldo_centimos)}</TableCell>
            <TableCell className={monto}>{formatCRC(reporte.total.provision_centimos)}</TableCell>
          </TableRow>
        </TablaConEncabezado>
      </CardContent>
    </Card>
  );
}

/** Admin 'Riesgo' page (admin, analista): balance and required provision by category, month-end history, CSV. */
export function RiesgoPage() {
  const [mes, setMes] = useState<string | null>(null);
  const { data, isPending, isError, error, refetch } = useObtenerProvisiones(mes);
  const selectId = useId();

  const acciones = (
    <div className="flex flex-wrap items-end gap-2">
      <label htmlFor={selectId} className="grid gap-1 text-xs text-muted-foreground">
        {r.mes}
        <select
          id={selectId}
          className="h-9 rounded-md border border-input bg-background px-2 text-sm text-foreground"
          value={mes ?? ''}
          onChange={(e) => setMes(e.target.value || null)}
        >
          <option value="">{r.mesActual}</option>
          {(data?.meses_disponibles ?? []).map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="outline"
        size="sm"
        disabled={!data}
        onClick={() => data && downloadCsv(provisionesCsvNombre(data), provisionesCsv(data))}
      >
        <FileText aria-hidden />
        {r.exportarCsv}
      </Button>
    </div>
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <EncabezadoDePagina titulo={r.tituloPagina} subtitulo={r.subtituloPagina} acciones={acciones} />
      {isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : isError ? (
        <LoadError title={r.sinInstantanea} error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <TarjetaDeDato label={r.provision} testId="total-provision">
              {formatCRC(data.total.provision_centimos)}
            </TarjetaDeDato>
            <TarjetaDeDato
              label={
                <>
                  {r.castigadosResumen} ({data.castigados.creditos})
                </>
              }
              testId="total-castigado"
            >
              {formatCRC(data.castigados.saldo_centimos)}
            </TarjetaDeDato>
            <TarjetaDeDato label={r.recuperaciones} testId="total-recuperaciones">
              {formatCRC(data.recuperaciones_centimos)}
            </TarjetaDeDato>
          </div>
          <TablaProvisiones reporte={data} />
          <GraficoCategorias reporte={data} />
        </>
      )}
    </div>
  );
}
