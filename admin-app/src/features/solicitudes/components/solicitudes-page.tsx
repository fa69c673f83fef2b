import { formatDate } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import { SOLICITUD_ESTADOS, type Solicitud } from '@cuota/shared/schemas/lending';
import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { solicitudesPageTexts } from '@cuota/shared/texts/solicitudesPage';
import { solicitudEstadoTexts } from '@cuota/shared/texts/solicitudEstado';
import {
  BotonDesplegar,
  Button,
  CreditCard,
  EmptyState,
  EncabezadoDePagina,
  FileText,
  Opciones,
  RiskBadge,
  Select,
  SolicitudEstadoBadge,
  TarjetaDesplegable,
  useDesplegable,
  X,
} from '@cuota/shared/ui';
import { BotonExportarCsv, EnlaceVer, TarjetaDeLista, useTieneRol, type Columna } from '@cuota/shared/web';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { exportacionSolicitudes } from '../api/exportar-solicitudes';
import { Link, useSearchParams } from 'react-router-dom';
import { opcionEnUrl, useListaEnUrl } from '../../../shared-admin/use-lista-en-url';
import { useClienteElegido } from '../api/obtener-cliente-elegido';
import { useListarSolicitudes, type SolicitudesFiltro } from '../api/listar-solicitudes';
import { SolicitudAcciones, tieneAcciones } from './solicitud-acciones';
import { SolicitudForm } from './solicitud-form';

const p = solicitudesPageTexts;

/** The list's columns; the last one holds the row's actions (or 'Ver detalles'). */
function columnasDe(acciones: (s: Solicitud) => ReactNode): Columna<Solicitud>[] {
  return [
    {
      titulo: p.columns.cliente,
      celda: (s) => (
        <>
          <span className="font-medium">
            {s.cliente_nombre} {s.cliente_apellido}
          </span>
          <Link to={`/solicitudes/${s.id}`} className="block text-xs text-muted-foreground underline-offset-2 hover:underline">
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
        </>
      ),
    },
    { titulo: p.columns.estado, clase: 'hidden sm:table-cell', celda: (s) => <SolicitudEstadoBadge estado={s.estado} /> },
    {
      titulo: p.columns.riesgo,
      clase: 'hidden sm:table-cell',
      celda: (s) => (s.riesgo_calculado ? <RiskBadge riesgo={s.riesgo_calculado} /> : '—'),
    },
    {
      titulo: p.columns.score,
      clase: 'hidden text-right sm:table-cell',
      claseCelda: 'tabular-nums',
      celda: (s) => s.score ?? '—',
    },
    {
      titulo: p.columns.monto,
      clase: 'hidden text-right sm:table-cell',
      claseCelda: 'tabular-nums whitespace-nowrap',
      celda: (s) => formatCRC(s.monto_solicitado_centimos),
    },
    {
      titulo: p.columns.plazo,
      clase: 'hidden md:table-cell',
      claseCelda: 'whitespace-nowrap',
      celda: (s) => p.months(s.plazo_meses),
    },
    {
      titulo: p.columns.fecha,
      clase: 'hidden md:table-cell',
      claseCelda: 'whitespace-nowrap',
      celda: (s) => formatDate(s.created_at),
    },
    { titulo: p.columns.acciones, tituloOculto: true, clase: 'text-right', celda: acciones },
  ];
}

const FILTROS = { estado: opcionEnUrl<SolicitudesFiltro, ''>(['pendientes', ...SOLICITUD_ESTADOS], '') };

export function SolicitudesPage() {
  // '?cliente=<id>' (the client profile's 'Nueva solicitud') opens the form with that client chosen
  const [params, setParams] = useSearchParams();
  const clienteParam = params.get('cliente') ?? '';
  const elegido = useClienteElegido(clienteParam);
  const formulario = useDesplegable(clienteParam !== '');
  /** Once created, the client leaves the URL (replacing the entry): Back or a reload does not open the form again. */
  const alCrear = () => {
    formulario.cerrar();
    if (clienteParam)
      setParams(
        (actual) => {
          const siguiente = new URLSearchParams(actual);
          siguiente.delete('cliente');
          return siguiente;
        },
        { replace: true },
      );
  };
  const filterId = useId();
  const puedeGestionar = useTieneRol('admin', 'analista');
  const {
    filtros: { estado: filtro },
    cambiar,
    paginacion: pagination,
  } = useListaEnUrl(FILTROS);
  const [aprobada, setAprobada] = useState<{ creditoId: string; numero: string } | null>(null);
  const exportacion = useMemo(() => exportacionSolicitudes(filtro), [filtro]);
  const columnas = columnasDe((s) =>
    tieneAcciones(s.estado) && puedeGestionar ? (
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
        texto={solicitudesTexts.viewDetails}
        etiqueta={`${solicitudesTexts.viewDetails}: ${s.numero_solicitud}`}
      />
    ),
  );
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
          {clienteParam && elegido.isPending ? null : (
            <SolicitudForm key={elegido.data?.id ?? ''} clienteInicial={elegido.data} onCreated={alCrear} />
          )}
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

      <TarjetaDeLista
        filtros={
          <>
            <div className="grid max-w-xs gap-1.5">
              <label htmlFor={filterId} className="text-sm font-medium">
                {p.estadoFilter}
              </label>
              <Select
                id={filterId}
                value={filtro}
                onChange={(event) => cambiar({ estado: event.target.value as SolicitudesFiltro })}
              >
                <option value="">{p.todos}</option>
                <option value="pendientes">{p.pendientes}</option>
                <Opciones valores={SOLICITUD_ESTADOS} etiquetas={solicitudEstadoTexts} />
              </Select>
            </div>
            <BotonExportarCsv exportacion={exportacion} />
          </>
        }
        claseFiltros="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between"
        consulta={consulta}
        paginacion={pagination}
        errorTitulo={p.loadError}
        vacio={<EmptyState icon={<FileText />} title={solicitudesTexts.empty} />}
        claseCeldaCarga="max-w-32"
        columnas={columnas}
        clave={(s) => s.id}
      />
    </div>
  );
}
