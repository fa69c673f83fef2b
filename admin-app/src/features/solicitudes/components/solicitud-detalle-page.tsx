import { formatFechaHora, formatPorcentaje } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { SolicitudDetalle } from '@cuota/shared/schemas/solicitudes';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { solicitudesPageTexts } from '@cuota/shared/texts/solicitudesPage';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CreditCard,
  EmptyState,
  KycBadge,
  RiskBadge,
  SearchX,
  Skeleton,
  SolicitudEstadoBadge,
  TablaConEncabezado,
  TarjetaConTitulo,
  TableCell,
  TableHead,
  TableRow,
} from '@cuota/shared/ui';
import { EnlaceVolver, errorMessage, isApiError, useTieneRol } from '@cuota/shared/web';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useObtenerSolicitud } from '../api/obtener-solicitud';
import { SolicitudAcciones, tieneAcciones } from './solicitud-acciones';

const p = solicitudesPageTexts;
const d = p.detalle;

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/** A titled card of labelled data (the rows of a `dl`). */
function Seccion({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <TarjetaConTitulo titulo={titulo}>
      <dl className="grid gap-3 sm:grid-cols-2">{children}</dl>
    </TarjetaConTitulo>
  );
}

function Factores({ solicitud }: { solicitud: SolicitudDetalle }) {
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>{d.score}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {solicitud.factores.length === 0 ? (
          <p className="text-sm text-muted-foreground">{d.sinFactores}</p>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-sm text-muted-foreground">{d.scoreTotal}</span>
              <span className="text-2xl font-semibold tabular-nums">{solicitud.score ?? '—'}</span>
              <RiskBadge riesgo={solicitud.riesgo_calculado} />
            </div>
            <TablaConEncabezado
              encabezado={
                <>
                  <TableHead>{d.factor}</TableHead>
                  <TableHead className="text-right">{d.puntos}</TableHead>
                  <TableHead>{d.motivo}</TableHead>
                </>
              }
            >
              {solicitud.factores.map((factor) => (
                <TableRow key={factor.codigo}>
                  <TableCell className="font-medium">{factor.descripcion}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {factor.puntos > 0 ? `+${factor.puntos}` : factor.puntos}
                  </TableCell>
                  <TableCell className="text-sm whitespace-normal">{factor.motivo}</TableCell>
                </TableRow>
              ))}
            </TablaConEncabezado>
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function SolicitudDetallePage() {
  const { id = '' } = useParams();
  const puedeGestionar = useTieneRol('admin', 'analista');
  const { data: s, isPending, isError, error, refetch } = useObtenerSolicitud(id);

  if (isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <EnlaceVolver to="/solicitudes" size="sm">
          {p.back}
        </EnlaceVolver>
        <Skeleton className="h-8 w-64" />
        <div className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      </div>
    );
  }

  if (isError) {
    const missing = isApiError(error) && error.status === 404;
    return (
      <div className="grid gap-6">
        <EnlaceVolver to="/solicitudes" size="sm">
          {p.back}
        </EnlaceVolver>
        <EmptyState
          icon={<SearchX />}
          title={missing ? solicitudesTexts.notFound : p.loadError}
          description={missing ? undefined : errorMessage(error, errorsTexts.internal)}
          action={
            missing ? undefined : (
              <Button variant="outline" onClick={() => void refetch()}>
                {p.retry}
              </Button>
            )
          }
        />
      </div>
    );
  }

  const cliente = s.cliente;
  return (
    <div className="grid gap-6">
      <EnlaceVolver to="/solicitudes" size="sm">
        {p.back}
      </EnlaceVolver>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{s.numero_solicitud}</h1>
        <SolicitudEstadoBadge estado={s.estado} />
      </div>

      {s.credito_id ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-muted/40 px-4 py-3 text-sm">
          <span>
            {d.credito}: <span className="font-medium">{s.numero_credito}</span>
          </span>
          <Button asChild size="sm" variant="outline">
            <Link to={`/creditos/${s.credito_id}`}>
              <CreditCard aria-hidden />
              {p.verCredito}
            </Link>
          </Button>
        </div>
      ) : null}

      {tieneAcciones(s.estado) && puedeGestionar ? (
        <TarjetaConTitulo titulo={d.acciones}>
          <SolicitudAcciones solicitud={s} className="justify-start" />
        </TarjetaConTitulo>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Seccion titulo={d.cliente}>
          <Item label={d.nombre}>
            {cliente ? (
              <Link to={`/clientes/${cliente.id}`} className="underline-offset-2 hover:underline">
                {cliente.nombre} {cliente.apellido}
              </Link>
            ) : (
              `${s.cliente_nombre} ${s.cliente_apellido}`
            )}
          </Item>
          <Item label={d.email}>{cliente?.email ?? s.cliente_email}</Item>
          <Item label={d.telefono}>{cliente?.telefono ?? '—'}</Item>
          <Item label={d.identificacion}>{cliente?.identidad_numero ?? '—'}</Item>
          <Item label={d.ciudad}>{cliente?.ciudad ?? '—'}</Item>
          <Item label={d.kyc}>{cliente ? <KycBadge completo={cliente.kyc_completado} /> : '—'}</Item>
        </Seccion>

        <Seccion titulo={d.solicitud}>
          <Item label={d.producto}>{s.producto?.nombre ?? s.producto_nombre ?? '—'}</Item>
          <Item label={d.tasa}>{s.producto ? formatPorcentaje(s.producto.tasa_interes_anual) : '—'}</Item>
          <Item label={p.columns.monto}>{formatCRC(s.monto_solicitado_centimos)}</Item>
          <Item label={p.columns.plazo}>{p.months(s.plazo_meses)}</Item>
          <Item label={p.columns.score}>{s.score ?? '—'}</Item>
          <Item label={p.columns.riesgo}>{s.riesgo_calculado ? <RiskBadge riesgo={s.riesgo_calculado} /> : '—'}</Item>
        </Seccion>

        <Seccion titulo={d.fechas}>
          <Item label={d.creada}>{formatFechaHora(s.created_at)}</Item>
          <Item label={d.analizada}>{s.analizado_en ? formatFechaHora(s.analizado_en) : '—'}</Item>
          {s.aprobado_en ? <Item label={d.aprobada}>{formatFechaHora(s.aprobado_en)}</Item> : null}
          {s.desembolsado_en ? <Item label={d.desembolsada}>{formatFechaHora(s.desembolsado_en)}</Item> : null}
          {s.cancelado_en ? <Item label={d.cancelada}>{formatFechaHora(s.cancelado_en)}</Item> : null}
        </Seccion>

        {s.monto_aprobado_centimos != null ? (
          <Seccion titulo={d.aprobacion}>
            <Item label={d.montoAprobado}>{formatCRC(s.monto_aprobado_centimos)}</Item>
            <Item label={d.plazoAprobado}>{p.months(s.plazo_aprobado_meses ?? s.plazo_meses)}</Item>
            <Item label={d.productoAprobado}>{s.producto_aprobado_nombre ?? s.producto_nombre ?? '—'}</Item>
            {s.condiciones ? <Item label={d.condiciones}>{s.condiciones}</Item> : null}
            {s.motivo_cancelacion ? <Item label={d.cancelacion}>{s.motivo_cancelacion}</Item> : null}
          </Seccion>
        ) : null}

        {s.motivo_rechazo ? (
          <TarjetaConTitulo titulo={d.rechazo}>
            <p className="text-sm">{s.motivo_rechazo}</p>
          </TarjetaConTitulo>
        ) : null}

        <Factores solicitud={s} />
      </div>
    </div>
  );
}
