import { formatDate, formatDateTime, formatNumero, formatPorcentaje } from '@cuota/shared/format';
import { formatCRC, formatMillions } from '@cuota/shared/montos';
import type { Dashboard } from '@cuota/shared/schemas/dashboard';
import { dashboardTexts } from '@cuota/shared/texts/dashboard';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { pagesTexts } from '@cuota/shared/texts/pages';
import {
  Activity,
  Button,
  Card,
  CardContent,
  EmptyState,
  FileText,
  ShieldAlert,
  Skeleton,
  SolicitudEstadoBadge,
  TrendingUp,
  Users,
  Wallet,
} from '@cuota/shared/ui';
import { errorMessage } from '@cuota/shared/web';
import { Link } from 'react-router-dom';
import { TarjetaDeCifra, type Cifra } from '../../../shared-admin/tarjeta-de-cifra';
import { RegionConTitulo } from '../../../shared-admin/region-con-titulo';
import { useObtenerDashboard } from '../api/obtener-dashboard';
import { AgingChart } from './charts/aging-chart';
import { CarteraPorEstadoChart } from './charts/cartera-por-estado-chart';
import { MensualChart } from './charts/mensual-chart';

const d = dashboardTexts;

function StatCards({ data }: { data: Dashboard }) {
  const t = data.tarjetas;
  const cifras: Cifra[] = [
    {
      label: d.carteraActiva,
      value: formatMillions(t.cartera_activa_centimos),
      hint: `${formatCRC(t.cartera_activa_centimos)} · ${d.creditosActivos(t.creditos_activos)}`,
      icon: Wallet,
      tone: 'bg-primary/10 text-primary',
    },
    {
      label: d.tasaMorosidad,
      value: formatPorcentaje(t.tasa_morosidad, 1),
      hint: d.creditosVencidos(t.creditos_vencidos),
      icon: TrendingUp,
      tone: 'bg-destructive/10 text-destructive',
    },
    {
      label: d.totalClientes,
      value: formatNumero(t.total_clientes),
      hint: d.clientesNuevos(data.clientes.nuevos_7_dias),
      icon: Users,
      tone: 'bg-info/10 text-info',
    },
    {
      label: d.solicitudesPendientes,
      value: formatNumero(t.solicitudes_pendientes),
      hint: d.porProcesar,
      icon: FileText,
      tone: 'bg-warning/15 text-warning-foreground',
    },
  ];
  return (
    <section aria-label={pagesTexts.dashboard} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cifras.map((c) => (
        <TarjetaDeCifra key={c.label} cifra={c} />
      ))}
    </section>
  );
}

function Alertas({ alertas }: { alertas: Dashboard['alertas'] }) {
  if (alertas.length === 0) return null;
  return (
    <section aria-label={d.alertas} className="grid gap-4 md:grid-cols-2">
      {alertas.map((a) => (
        <Card
          key={a.tipo}
          className={a.tipo === 'cartera_mora' ? 'border-destructive/40 bg-destructive/5' : 'border-warning/60 bg-warning/10'}
        >
          <CardContent className="flex items-start gap-3 pt-5 sm:pt-6">
            <ShieldAlert
              aria-hidden
              className={`mt-0.5 size-5 shrink-0 ${a.tipo === 'cartera_mora' ? 'text-destructive' : 'text-warning-foreground'}`}
            />
            <div className="grid gap-0.5">
              <h2 className="font-semibold">{a.titulo}</h2>
              <p className="text-sm">{a.mensaje}</p>
            </div>
          </CardContent>
        </Card>
      ))}
    </section>
  );
}

function Pendientes({ solicitudes }: { solicitudes: Dashboard['solicitudes_pendientes'] }) {
  return (
    <RegionConTitulo titulo={d.pendientesTitulo}>
      {solicitudes.length === 0 ? (
        <EmptyState
          icon={<FileText />}
          title={d.sinPendientes}
          action={
            <Button asChild variant="outline">
              <Link to="/solicitudes">{d.verTodasSolicitudes}</Link>
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-3">
          {solicitudes.map((s) => (
            <li key={s.id}>
              <Link
                to="/solicitudes"
                className="grid gap-2 rounded-lg border border-border p-3 transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">
                    {s.cliente_nombre} {s.cliente_apellido}
                  </span>
                  <SolicitudEstadoBadge estado={s.estado} />
                </span>
                <span className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
                  <span>{s.numero_solicitud}</span>
                  <span className="font-medium text-foreground tabular-nums">{formatCRC(s.monto_solicitado_centimos)}</span>
                  <span>{d.plazo(s.plazo_meses)}</span>
                  {s.producto_nombre ? <span>{s.producto_nombre}</span> : null}
                </span>
                <span className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
                  <span>{formatDate(s.created_at)}</span>
                  <span className="font-medium text-warning-foreground">{d.diasSinProcesar(s.dias_sin_procesar)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </RegionConTitulo>
  );
}

function ActividadReciente({ actividad }: { actividad: Dashboard['actividad_reciente'] }) {
  return (
    <RegionConTitulo titulo={d.actividadReciente}>
      {actividad.length === 0 ? (
        <EmptyState icon={<Activity />} title={d.sinActividad} />
      ) : (
        <ul className="grid divide-y divide-border">
          {actividad.map((a) => (
            <li key={a.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
              <Activity aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
              <div className="grid min-w-0 gap-0.5">
                <p className="text-sm break-words">{a.descripcion}</p>
                <p className="text-xs text-muted-foreground">
                  <span className="font-medium">{a.user_nombre ?? a.user_email ?? d.usuarioSistema}</span>
                  {' · '}
                  <time dateTime={a.created_at}>{formatDateTime(a.created_at)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </RegionConTitulo>
  );
}

function DashboardSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-[116px]" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-80" />
        <Skeleton className="h-80" />
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}

export function DashboardPage() {
  const { data, isPending, isError, error, refetch, isRefetching } = useObtenerDashboard();
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{pagesTexts.dashboard}</h1>
        {data ? <p className="text-sm text-muted-foreground">{d.fechaNegocio(formatDate(data.fecha_negocio))}</p> : null}
      </div>
      {isPending ? (
        <DashboardSkeleton />
      ) : isError ? (
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            <EmptyState
              title={d.loadError}
              description={errorMessage(error, errorsTexts.internal)}
              action={
                <Button variant="outline" onClick={() => void refetch()} disabled={isRefetching}>
                  {d.retry}
                </Button>
              }
            />
          </CardContent>
        </Card>
      ) : (
        <>
          <StatCards data={data} />
          <Alertas alertas={data.alertas} />
          <div className="grid gap-4 lg:grid-cols-2">
            <Pendientes solicitudes={data.solicitudes_pendientes} />
            <ActividadReciente actividad={data.actividad_reciente} />
          </div>
          <section aria-label={d.graficos} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            <CarteraPorEstadoChart porEstado={data.cartera.por_estado} />
            <AgingChart cartera={data.cartera} />
            <MensualChart mensual={data.mensual} />
          </section>
        </>
      )}
    </div>
  );
}
