import { formatCRC, formatNumero, TEXTS, type Monitoreo } from '@cuota/shared';
import {
  Banknote,
  Bell,
  Card,
  CardContent,
  cn,
  EncabezadoDePagina,
  FileText,
  Landmark,
  type LucideIcon,
  Skeleton,
  TriangleAlert,
  UserPlus,
  Users,
} from '@cuota/shared/ui';
import { LoadError, useEsAdmin } from '@cuota/shared/web';
import { useId } from 'react';
import { useObtenerMonitoreo } from '../api/obtener-monitoreo';
import { ActividadFeed } from './actividad-feed';
import { CierreDiarioCard } from './cierre-diario-card';

const t = TEXTS.monitoreo;

const horaFmt = new Intl.DateTimeFormat('es-CR', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'America/Costa_Rica',
});

interface Metrica {
  label: string;
  value: string;
  hint: string;
  icon: LucideIcon;
  tone: string;
  /** Draws the card's border in the tone: something needs attention. */
  destacar?: boolean;
}

function metricas(m: Monitoreo): Metrica[] {
  return [
    {
      label: t.alertas,
      value: formatNumero(m.alertas),
      hint: t.alertasHint,
      icon: Bell,
      tone: 'bg-warning/15 text-warning-foreground',
      destacar: m.alertas > 0,
    },
    {
      label: t.clientesActivos,
      value: formatNumero(m.clientes_activos),
      hint: t.clientesActivosHint,
      icon: Users,
      tone: 'bg-info/10 text-info',
    },
    {
      label: t.solicitudesPendientes,
      value: formatNumero(m.solicitudes_pendientes),
      hint: t.solicitudesPendientesHint,
      icon: FileText,
      tone: 'bg-credit/10 text-credit',
    },
    {
      label: t.prestamosVigentes,
      value: formatNumero(m.prestamos_vigentes),
      hint: t.prestamosVigentesHint,
      icon: Landmark,
      tone: 'bg-primary/10 text-primary',
    },
    {
      label: t.pagosHoy,
      value: formatCRC(m.pagos_recibidos_hoy_centimos),
      hint: t.pagosHoyHint(m.pagos_recibidos_hoy),
      icon: Banknote,
      tone: 'bg-success/15 text-success',
    },
    {
      label: t.moraTotal,
      value: formatCRC(m.mora_total_centimos),
      hint: t.moraTotalHint(m.creditos_con_mora),
      icon: TriangleAlert,
      tone: 'bg-destructive/10 text-destructive',
      destacar: m.mora_total_centimos > 0,
    },
    {
      label: t.clientesNuevos,
      value: formatNumero(m.clientes_nuevos_7_dias),
      hint: t.clientesNuevosHint,
      icon: UserPlus,
      tone: 'bg-info/10 text-info',
    },
  ];
}

// Two columns already on a phone: seven cards stacked one per row push the feed far down.
const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4';

function MetricaCard({ metrica }: { metrica: Metrica }) {
  const { label, value, hint, icon: Icon, tone, destacar } = metrica;
  return (
    <Card className={cn('h-full', destacar && 'border-warning/60')}>
      <CardContent className="flex items-start justify-between gap-3 px-3.5 pt-4 pb-4 sm:px-6 sm:pt-6 sm:pb-6">
        <div className="grid min-w-0 gap-1">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-xl font-bold break-words tabular-nums sm:text-2xl">{value}</p>
          <p className="text-xs text-muted-foreground">{hint}</p>
        </div>
        <span className={cn('hidden rounded-lg p-2 sm:inline-flex', tone)} aria-hidden>
          <Icon className="size-5" />
        </span>
      </CardContent>
    </Card>
  );
}

/** The seven cards of spec §2 Monitoreo, refreshed every 30 s (§9). */
function Metricas() {
  const titleId = useId();
  const { data, isPending, isError, error, refetch } = useObtenerMonitoreo();
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <h2 id={titleId} className="sr-only">
        {t.metricas}
      </h2>
      {data ? (
        <ul className={GRID}>
          {metricas(data).map((m) => (
            <li key={m.label}>
              <MetricaCard metrica={m} />
            </li>
          ))}
        </ul>
      ) : isPending ? (
        <div className={GRID} aria-busy="true">
          {Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} className="h-[108px] sm:h-[116px]" />
          ))}
        </div>
      ) : isError ? (
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            <LoadError title={t.loadError} error={error} onRetry={() => void refetch()} />
          </CardContent>
        </Card>
      ) : null}
    </section>
  );
}

/** When the cards last came from the server; the dot pulses while a refresh is on its way. */
function Actualizado() {
  const { dataUpdatedAt, isFetching, data } = useObtenerMonitoreo();
  if (!data) return null;
  return (
    <p className="flex items-center gap-2 text-xs text-muted-foreground" data-testid="monitoreo-actualizado">
      {/* Not a live region: a refresh every 30 s must not interrupt a screen reader. */}
      <span aria-hidden className={cn('size-2 rounded-full bg-success', isFetching && 'animate-pulse bg-primary')} />
      <span>{t.actualizado(horaFmt.format(dataUpdatedAt))}</span>
    </p>
  );
}

export function MonitoreoPage() {
  const esAdmin = useEsAdmin();
  return (
    <div className="grid gap-6">
      <EncabezadoDePagina titulo={t.title} subtitulo={t.subtitle} className="gap-2" acciones={<Actualizado />} />
      <Metricas />
      {esAdmin ? <CierreDiarioCard /> : null}
      <ActividadFeed />
    </div>
  );
}
