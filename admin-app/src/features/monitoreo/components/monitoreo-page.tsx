import { formatNumero } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { Monitoreo } from '@cuota/shared/schemas/dashboard';
import { monitoreoTexts } from '@cuota/shared/texts/monitoreo';
import { Banknote, Bell, cn, EncabezadoDePagina, FileText, Landmark, TriangleAlert, UserPlus, Users } from '@cuota/shared/ui';
import { useEsAdmin } from '@cuota/shared/web';
import { SeccionDeCifras } from '../../../shared-admin/seccion-de-cifras';
import { TarjetaDeCifra, type Cifra } from '../../../shared-admin/tarjeta-de-cifra';
import { useObtenerMonitoreo } from '../api/obtener-monitoreo';
import { ActividadFeed } from './actividad-feed';
import { CierreDiarioCard } from './cierre-diario-card';

const t = monitoreoTexts;

const horaFmt = new Intl.DateTimeFormat('es-CR', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'America/Costa_Rica',
});

function metricas(m: Monitoreo): Cifra[] {
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

/** The seven cards of spec §2 Monitoreo, refreshed every 30 s (§9). */
function Metricas() {
  const consulta = useObtenerMonitoreo();
  return (
    <SeccionDeCifras
      titulo={t.metricas}
      consulta={consulta}
      cifras={metricas}
      tarjeta={(m) => <TarjetaDeCifra cifra={m} compacta />}
      rejilla={GRID}
      cargando={{ cantidad: 7, alto: 'h-[108px] sm:h-[116px]' }}
      errorTitulo={t.loadError}
      className="grid gap-3"
    />
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
