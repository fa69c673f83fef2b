import { formatDateTime, TEXTS, TIPOS_ACTIVIDAD, type Actividad } from '@cuota/shared';
import {
  Activity,
  CircleCheck,
  CircleX,
  cn,
  EmptyState,
  LogIn,
  Pencil,
  Plus,
  Skeleton,
  Wallet,
  type LucideIcon,
} from '@cuota/shared/ui';
import { ListaConsultada } from '../../../shared-admin/lista-consultada';
import { RegionConTitulo } from '../../../shared-admin/region-con-titulo';
import { ACTIVIDAD_LIMITE, useListarActividad } from '../api/listar-actividad';

const t = TEXTS.monitoreo;

type TipoActividad = (typeof TIPOS_ACTIVIDAD)[number];

/** Spec §2 Monitoreo: an icon and a colour per activity type; unknown types fall back to a neutral one. */
const ESTILOS: Record<TipoActividad | 'otro', { icon: LucideIcon; tone: string }> = {
  login: { icon: LogIn, tone: 'bg-info/10 text-info' },
  payment: { icon: Wallet, tone: 'bg-success/15 text-success' },
  approve: { icon: CircleCheck, tone: 'bg-primary/10 text-primary' },
  reject: { icon: CircleX, tone: 'bg-destructive/10 text-destructive' },
  create: { icon: Plus, tone: 'bg-credit/10 text-credit' },
  update: { icon: Pencil, tone: 'bg-warning/15 text-warning-foreground' },
  otro: { icon: Activity, tone: 'bg-muted text-muted-foreground' },
};

export function tipoActividad(tipo: string): TipoActividad | 'otro' {
  return (TIPOS_ACTIVIDAD as readonly string[]).includes(tipo) ? (tipo as TipoActividad) : 'otro';
}

function ActividadItem({ actividad }: { actividad: Actividad }) {
  const tipo = tipoActividad(actividad.tipo_actividad);
  const { icon: Icon, tone } = ESTILOS[tipo];
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0" data-tipo={tipo}>
      <span className={cn('mt-0.5 shrink-0 rounded-full p-2', tone)} aria-hidden>
        <Icon className="size-4" />
      </span>
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm break-words">{actividad.descripcion}</p>
        <p className="flex flex-wrap gap-x-1.5 text-xs text-muted-foreground">
          <span>{t.tipos[tipo]}</span>
          <span aria-hidden>·</span>
          <span className="font-medium text-foreground">{actividad.user_nombre ?? actividad.user_email ?? t.usuarioSistema}</span>
          <span aria-hidden>·</span>
          <time dateTime={actividad.created_at}>{formatDateTime(actividad.created_at)}</time>
        </p>
      </div>
    </li>
  );
}

/** 'Actividad Reciente': the newest 10 entries, refreshed every 10 s (spec §9). */
export function ActividadFeed() {
  const consulta = useListarActividad();
  return (
    <RegionConTitulo titulo={t.actividadReciente}>
      <ListaConsultada
        consulta={consulta}
        limite={ACTIVIDAD_LIMITE}
        vacio={<EmptyState icon={<Activity />} title={t.sinActividad} />}
        cargando={
          <div className="grid gap-4" aria-busy="true">
            {[0, 1, 2, 3, 4].map((i) => (
              <div key={i} className="flex items-start gap-3">
                <Skeleton className="size-8 rounded-full" />
                <div className="grid flex-1 gap-1.5">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </div>
            ))}
          </div>
        }
        errorTitulo={t.actividadLoadError}
      >
        {(a) => <ActividadItem key={a.id} actividad={a} />}
      </ListaConsultada>
    </RegionConTitulo>
  );
}
