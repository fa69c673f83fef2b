import { formatDate, formatPorcentaje } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { RangoReporte } from '@cuota/shared/schemas/reportes';
import { etiquetaDe } from '@cuota/shared/texts/etiquetas';
import { fechaCsv } from '@cuota/shared/documents/csv';
import { reportesTexts as t } from '@cuota/shared/texts/reportes';
import {
  COLORES_GRAFICO,
  EmptyState,
  EncabezadoDePagina,
  GraficoBarras,
  PageSpinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@cuota/shared/ui';
import { LoadError } from '@cuota/shared/web';
import type { ReactNode } from 'react';
import { fechaEnUrl, opcionEnUrl, useListaEnUrl } from '../../../shared-admin/use-lista-en-url';
import { useReporteCartera, useReporteColocacion, useReporteCosechas, useReporteRecaudacion } from '../api/obtener-reportes';
import {
  cuenta,
  dia,
  FiltroRango,
  mes,
  monto,
  pct,
  ReporteActualizando,
  SeccionReporte,
  texto,
  type Tabla,
} from './tabla-reporte';

const etiquetaEstado = (e: string) => etiquetaDe(t.estados, e);
const etiquetaCanal = (c: string) => etiquetaDe(t.canales, c);
const color = (i: number) => COLORES_GRAFICO[i % COLORES_GRAFICO.length]!;

/** Admin "Reportes" (admin, analista): one tab per report, each with its chart, its table and its CSV. */
const PESTANAS = ['cartera', 'cosechas', 'recaudacion', 'colocacion'] as const;
type Pestana = (typeof PESTANAS)[number];
/** The open report and its date range live in the URL ('?reporte=cosechas&desde=2026-01-01'). */
const VISTA = { reporte: opcionEnUrl<Pestana, 'cartera'>(PESTANAS, 'cartera') };
const RANGO = { desde: fechaEnUrl(), hasta: fechaEnUrl() };

export function ReportesPage() {
  const {
    filtros: { reporte },
    cambiar,
  } = useListaEnUrl(VISTA);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <EncabezadoDePagina titulo={t.titulo} subtitulo={t.descripcion} />
      <Tabs value={reporte} onValueChange={(valor) => cambiar({ reporte: valor as Pestana })}>
        <TabsList>
          <TabsTrigger value="cartera">{t.tabs.cartera}</TabsTrigger>
          <TabsTrigger value="cosechas">{t.tabs.cosechas}</TabsTrigger>
          <TabsTrigger value="recaudacion">{t.tabs.recaudacion}</TabsTrigger>
          <TabsTrigger value="colocacion">{t.tabs.colocacion}</TabsTrigger>
        </TabsList>
        <TabsContent value="cartera">
          <TabCartera />
        </TabsContent>
        <TabsContent value="cosechas">
          <TabCosechas />
        </TabsContent>
        <TabsContent value="recaudacion">
          <TabRecaudacion />
        </TabsContent>
        <TabsContent value="colocacion">
          <TabColocacion />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Estado<T>({ q, children }: { q: ConsultaReporte<T>; children: (d: T) => ReactNode }) {
  if (q.isError) return <LoadError title={t.cargarError} error={q.error} onRetry={() => void q.refetch()} />;
  if (q.isPending || !q.data) return <PageSpinner />;
  return <>{children(q.data)}</>;
}

function TabCartera() {
  const q = useReporteCartera();
  return (
    <Estado q={q}>
      {(r) => {
        const porEstado: Tabla = {
          titulos: [t.estado, t.creditos, t.saldoCapital, t.saldoMora],
          filas: r.por_estado.map((e) => [
            texto(etiquetaEstado(e.estado)),
            cuenta(e.creditos),
            monto(e.saldo_capital_centimos),
            monto(e.saldo_mora_centimos),
          ]),
          total: [
            texto(t.total),
            cuenta(r.total.creditos),
            monto(r.total.saldo_capital_centimos),
            monto(r.por_estado.reduce((s, e) => s + e.saldo_mora_centimos, 0)),
          ],
        };
        const porTramo: Tabla = {
          titulos: [t.tramo, t.creditos, t.saldoCapital],
          filas: r.por_tramo.map((x) => [
            texto(etiquetaDe(t.tramos, x.tramo)),
            cuenta(x.creditos),
            monto(x.saldo_capital_centimos),
          ]),
        };
        return (
          <div className="grid gap-4">
            <p className="text-sm text-muted-foreground">{t.fechaNegocio(formatDate(r.fecha_negocio))}</p>
            <div className="grid gap-4 xl:grid-cols-2">
              <SeccionReporte
                titulo={t.carteraEstadoTitulo}
                archivo="Reporte_Cartera_Estado"
                tabla={porEstado}
                grafico={
                  <GraficoBarras
                    titulo={`${t.carteraEstadoTitulo} (${t.saldoCapital})`}
                    series={[{ nombre: t.saldoCapital, color: color(0) }]}
                    categorias={r.por_estado.map((e) => ({
                      etiqueta: etiquetaEstado(e.estado),
                      valores: [e.saldo_capital_centimos],
                    }))}
                    formato={formatCRC}
                  />
                }
              />
              <SeccionReporte
                titulo={t.carteraTramoTitulo}
                archivo="Reporte_Cartera_Atraso"
                tabla={porTramo}
                grafico={
                  <GraficoBarras
                    titulo={`${t.carteraTramoTitulo} (${t.saldoCapital})`}
                    series={[{ nombre: t.saldoCapital, color: color(1) }]}
                    categorias={r.por_tramo.map((x) => ({
                      etiqueta: etiquetaDe(t.tramos, x.tramo),
                      valores: [x.saldo_capital_centimos],
                    }))}
                    formato={formatCRC}
                  />
                }
              />
            </div>
          </div>
        );
      }}
    </Estado>
  );
}

type ConsultaReporte<T> = {
  data?: T;
  isPending: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** A report read over a date range: the range filter, then the report once loaded (or its error). */
function ConRango<T>({ usar, children }: { usar: (rango: RangoReporte) => ConsultaReporte<T>; children: (d: T) => ReactNode }) {
  const { filtros, cambiar } = useListaEnUrl(RANGO);
  const q = usar(limpiar(filtros));
  return (
    <div className="grid gap-4">
      {/* keyed by the range: a range changed by Back shows in the pickers */}
      <FiltroRango key={`${filtros.desde}|${filtros.hasta}`} valor={filtros} onAplicar={(r) => cambiar(r)} />
      <ReporteActualizando.Provider value={q.isPlaceholderData}>
        <Estado q={q}>{children}</Estado>
      </ReporteActualizando.Provider>
    </div>
  );
}

function TabCosechas() {
  return (
    <ConRango usar={useReporteCosechas}>
      {(r) => {
        const tabla: Tabla = {
          titulos: [
            t.mes,
            t.mesesEnLibros,
            t.desembolsos,
            t.desembolsado,
            t.saldoActivo,
            t.mora30,
            t.mora30Pct,
            t.mora90,
            t.mora90Pct,
          ],
          filas: r.meses.map((m) => [
            mes(m.mes),
            cuenta(m.meses_en_libros),
            cuenta(m.desembolsos),
            monto(m.desembolsado_centimos),
            monto(m.saldo_activo_centimos),
            monto(m.mora30_centimos),
            pct(m.mora30_porcentaje),
            monto(m.mora90_centimos),
            pct(m.mora90_porcentaje),
          ]),
        };
        return (
          <SeccionReporte
            titulo={t.cosechasTitulo}
            archivo="Reporte_Cosechas"
            tabla={tabla}
            grafico={
              <>
                <p className="text-sm text-muted-foreground">{t.cosechasNota}</p>
                <GraficoBarras
                  titulo={t.mora30Pct}
                  series={[{ nombre: t.mora30Pct, color: color(3) }]}
                  categorias={r.meses.map((m) => ({ etiqueta: fechaCsv(m.mes), valores: [Number(m.mora30_porcentaje)] }))}
                  formato={(v) => formatPorcentaje(v)}
                />
              </>
            }
          />
        );
      }}
    </ConRango>
  );
}

const limpiar = (r: { desde: string; hasta: string }): RangoReporte => ({
  desde: r.desde || undefined,
  hasta: r.hasta || undefined,
});

function TabRecaudacion() {
  return (
    <ConRango usar={useReporteRecaudacion}>
      {(r) => {
        const tabla: Tabla = {
          titulos: [t.fecha, ...r.canales.map(etiquetaCanal), t.total, t.pagos, t.recuperacion],
          filas: r.dias
            .filter((d) => d.pagos > 0)
            .map((d) => [
              dia(d.fecha),
              ...d.por_canal.map((c) => monto(c.monto_centimos)),
              monto(d.monto_centimos),
              cuenta(d.pagos),
              monto(d.recuperacion_centimos),
            ]),
          total: [
            texto(t.total),
            ...r.totales.por_canal.map((c) => monto(c.monto_centimos)),
            monto(r.totales.monto_centimos),
            cuenta(r.totales.pagos),
            monto(r.totales.recuperacion_centimos),
          ],
        };
        return (
          <SeccionReporte
            titulo={t.recaudacionTitulo}
            archivo="Reporte_Recaudacion"
            tabla={tabla}
            grafico={
              r.totales.pagos === 0 ? (
                <EmptyState title={t.sinDatos} />
              ) : (
                <GraficoBarras
                  titulo={`${t.recaudacionTitulo} (${formatDate(r.desde)} – ${formatDate(r.hasta)})`}
                  series={r.canales.map((c, i) => ({ nombre: etiquetaCanal(c), color: color(i) }))}
                  categorias={r.dias.map((d) => ({
                    etiqueta: formatDate(d.fecha),
                    valores: d.por_canal.map((c) => c.monto_centimos),
                  }))}
                  etiquetaCorta={(e) => e.slice(0, 5)}
                  formato={formatCRC}
                />
              )
            }
          />
        );
      }}
    </ConRango>
  );
}

function TabColocacion() {
  return (
    <ConRango usar={useReporteColocacion}>
      {(r) => {
        const tabla: Tabla = {
          titulos: [t.mes, t.producto, t.creditos, t.montoColocado],
          filas: r.meses.flatMap((m) =>
            m.por_producto
              .filter((p) => p.creditos !== 0)
              .map((p) => [mes(m.mes), texto(p.producto_nombre), cuenta(p.creditos), monto(p.monto_centimos)]),
          ),
          total: [texto(t.total), texto(''), cuenta(r.totales.creditos), monto(r.totales.monto_centimos)],
        };
        return (
          <SeccionReporte
            titulo={t.colocacionTitulo}
            archivo="Reporte_Colocacion"
            tabla={tabla}
            grafico={
              <GraficoBarras
                titulo={`${t.colocacionTitulo} (${formatDate(r.desde)} – ${formatDate(r.hasta)})`}
                series={r.productos.map((p, i) => ({ nombre: p.producto_nombre, color: color(i) }))}
                categorias={r.meses.map((m) => ({
                  etiqueta: fechaCsv(m.mes),
                  valores: m.por_producto.map((p) => p.monto_centimos),
                }))}
                formato={formatCRC}
              />
            }
          />
        );
      }}
    </ConRango>
  );
}
