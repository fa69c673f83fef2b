import { formatCRC, formatDate, SOLICITUD_ESTADOS, TEXTS } from '@cuota/shared';
import {
  BotonDesplegar,
  Button,
  Card,
  CardContent,
  CardHeader,
  CreditCard,
  EmptyState,
  EncabezadoDePagina,
  FileText,
  Opciones,
  RiskBadge,
  Select,
  SolicitudEstadoBadge,
  TableCell,
  TableHead,
  TableRow,
  TarjetaDesplegable,
  useCursorPagination,
  useDesplegable,
  X,
} from '@cuota/shared/ui';
import { BotonExportarCsv, EnlaceVer, TablaPaginada, useTieneRol } from '@cuota/shared/web';
import { useId, useMemo, useState } from 'react';
import { exportacionSolicitudes } from '../api/exportar-solicitudes';
import { Link } from 'react-router-dom';
import { useListarSolicitudes, type SolicitudesFiltro } from '../api/listar-solicitudes';
import { SolicitudAcciones, tieneAcciones } from './solicitud-acciones';
import { SolicitudForm } from './solicitud-form';

const p = TEXTS.solicitudesPage;
const COLUMNS = 8;

export function SolicitudesPage() {
  const formulario = useDesplegable();
  const filterId = useId();
  const puedeGestionar = useTieneRol('admin', 'analista');
  const [filtro, setFiltro] = useState<SolicitudesFiltro>('');
  const [aprobada, setAprobada] = useState<{ creditoId: string; numero: string } | null>(null);
  const pagination = useCursorPagination(filtro);
  const exportacion = useMemo(() => exportacionSolicitudes(filtro), [filtro]);
  const consulta = useListarSolicitudes({
    filtro,
    cursor: pagination.cursor,
  });

  return (
    <div className="grid gap-6">
      <EncabezadoDePagina
        titulo={p.title}
        subtitulo={p.subtitle}
        acciones={puedeGestionar ? <BotonDesplegar desplegable={formulario} abrir={p.newSolicitud} cerrar={p.cancel} /> : null}
      />

      {puedeGestionar ? (
        <TarjetaDesplegable desplegable={formulario} titulo={p.formTitle}>
          <SolicitudForm onCreated={formulario.cerrar} />
        </TarjetaDesplegable>
      ) : null}

      {aprobada ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
        >
          <span>
            {p.desembolsado}: {aprobada.numero}
          </span>
          <div className="flex gap-2">
            <Button asChild size="sm" variant="outline">
              <Link to={`/creditos/${aprobada.creditoId}`}>
                <CreditCard aria-hidden />
                {p.verCredito}
              </Link>
            </Button>
            <Button size="sm" variant="ghost" aria-label={p.cancel} onClick={() => setAprobada(null)}>
              <X aria-hidden />
            </Button>
          </div>
        </div>
      ) : null}

      <Card>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="grid max-w-xs gap-1.5">
            <label htmlFor={filterId} className="text-sm font-medium">
              {p.estadoFilter}
            </label>
            <Select id={filterId} value={filtro} onChange={(event) => setFiltro(event.target.value as SolicitudesFiltro)}>
              <option value="">{p.todos}</option>
              <option value="pendientes">{p.pendientes}</option>
              <Opciones valores={SOLICITUD_ESTADOS} etiquetas={TEXTS.solicitudEstado} />
            </Select>
          </div>
          <BotonExportarCsv exportacion={exportacion} />
        </CardHeader>
        <CardContent className="grid gap-4">
          <TablaPaginada
            consulta={consulta}
            paginacion={pagination}
            errorTitulo={p.loadError}
            vacio={<EmptyState icon={<FileText />} title={TEXTS.solicitudes.empty} />}
            columnasCarga={COLUMNS}
            claseCeldaCarga="max-w-32"
            encabezado={
              <TableRow>
                <TableHead>{p.columns.cliente}</TableHead>
                <TableHead className="hidden sm:table-cell">{p.columns.estado}</TableHead>
                <TableHead className="hidden sm:table-cell">{p.columns.riesgo}</TableHead>
                <TableHead className="hidden text-right sm:table-cell">{p.columns.score}</TableHead>
                <TableHead className="hidden text-right sm:table-cell">{p.columns.monto}</TableHead>
                <TableHead className="hidden md:table-cell">{p.columns.plazo}</TableHead>
                <TableHead className="hidden md:table-cell">{p.columns.fecha}</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">{p.columns.acciones}</span>
                </TableHead>
              </TableRow>
            }
            clave={(s) => s.id}
            fila={(s) => (
              <TableRow>
                <TableCell>
                  <span className="font-medium">
                    {s.cliente_nombre} {s.cliente_apellido}
                  </span>
                  <Link
                    to={`/solicitudes/${s.id}`}
                    className="block text-xs text-muted-foreground underline-offset-2 hover:underline"
                  >
                    {s.numero_solicitud}
                  </Link>
                  {/* On small screens the other columns are hidden: show them here. */}
                  <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground sm:hidden">
                    <SolicitudEstadoBadge estado={s.estado} />
                    {s.riesgo_calculado ? <RiskBadge riesgo={s.riesgo_calculado} /> : null}
                    <span className="font-medium text-foreground tabular-nums">{formatCRC(s.monto_solicitado_centimos)}</span>
                  </span>
                  <span className="block text-xs text-muted-foreground md:hidden">
                    {p.months(s.plazo_meses)} · {formatDate(s.created_at)}
                  </span>
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  <SolicitudEstadoBadge estado={s.estado} />
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  {s.riesgo_calculado ? <RiskBadge riesgo={s.riesgo_calculado} /> : '—'}
                </TableCell>
                <TableCell className="hidden text-right tabular-nums sm:table-cell">{s.score ?? '—'}</TableCell>
                <TableCell className="hidden text-right tabular-nums whitespace-nowrap sm:table-cell">
                  {formatCRC(s.monto_solicitado_centimos)}
                </TableCell>
                <TableCell className="hidden whitespace-nowrap md:table-cell">{p.months(s.plazo_meses)}</TableCell>
                <TableCell className="hidden whitespace-nowrap md:table-cell">{formatDate(s.created_at)}</TableCell>
                <TableCell className="text-right">
                  {tieneAcciones(s.estado) && puedeGestionar ? (
                    <SolicitudAcciones
                      solicitud={s}
                      onDone={(accion, result) => {
                        if (accion === 'desembolsar' && result.credito)
                          setAprobada({ creditoId: result.credito.id, numero: result.credito.numero_credito });
                      }}
                    />
                  ) : (
                    <EnlaceVer
                      to={`/solicitudes/${s.id}`}
                      texto={TEXTS.solicitudes.viewDetails}
                      etiqueta={`${TEXTS.solicitudes.viewDetails}: ${s.numero_solicitud}`}
                    />
                  )}
                </TableCell>
              </TableRow>
            )}
          />
        </CardContent>
      </Card>
    </div>
  );
}
