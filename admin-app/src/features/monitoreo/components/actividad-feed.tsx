import { formatDateTime } from '@cuota/shared/format';
import { FILTROS_ACTIVIDAD, TIPOS_ACTIVIDAD, type Actividad, type FiltroActividad } from '@cuota/shared/schemas/dashboard';
import { monitoreoTexts } from '@cuota/shared/texts/monitoreo';
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
  X,
  type LucideIcon,
} from '@cuota/shared/ui';
import { ChipDeFiltro } from '../../../shared-admin/chip-de-filtro';
import { opcionEnUrl, textoEnUrl, useListaEnUrl } from '../../../shared-admin/use-lista-en-url';
import { ListaConsultada } from '../../../shared-admin/lista-consultada';
import { RegionConTitulo } from '../../../shared-admin/region-con-titulo';
import { ACTIVIDAD_LIMITE, useListarActividad } from '../api/listar-actividad';

const t = monitoreoTexts;

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

/** The feed's view in the URL ('?actividad=payment&persona=<user id>'): by default every kind but sign-ins. */
const FILTROS = {
  actividad: opcionEnUrl<FiltroActividad | 'todas', 'operaciones'>([...FILTROS_ACTIVIDAD, 'todas'], 'operaciones'),
  persona: textoEnUrl(128),
};

const nombreDe = (a: Actividad) => a.user_nombre ?? a.user_email ?? t.usuarioSistema;

function ActividadItem({ actividad, verSoloDe }: { actividad: Actividad; verSoloDe?: (userId: string) => void }) {
  const tipo = tipoActividad(actividad.tipo_actividad);
  const nombre = nombreDe(actividad);
  const userId = actividad.user_id;
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
          {userId && verSoloDe ? (
            <button
              type="button"
              className="font-medium text-foreground underline-offset-2 hover:underline"
              aria-label={t.verSoloDe(nombre)}
              onClick={() => verSoloDe(userId)}
            >
              {nombre}
            </button>
          ) : (
            <span className="font-medium text-foreground">{nombre}</span>
          )}
          <span aria-hidden>·</span>
          <time dateTime={actividad.created_at}>{formatDateTime(actividad.created_at)}</time>
        </p>
      </div>
    </li>
  );
}

/**
 * 'Actividad Reciente': the newest 10 entries, refreshed every 10 s (spec §9), filtered by kind
 * (chips; 'Operaciones', every kind but sign-ins, by default) and by person (a name in the feed).
 */
export function ActividadFeed() {
  const {
    filtros: { actividad, persona },
    cambiar,
  } = useListaEnUrl(FILTROS);
  const consulta = useListarActividad({ tipo: actividad === 'todas' ? undefined : actividad, usuario: persona || undefined });
  const nombrePersona = consulta.data?.items.find((a) => a.user_id === persona);
  const chips: [FiltroActividad | 'todas', string][] = [
    ['operaciones', t.operaciones],
    ...TIPOS_ACTIVIDAD.map((tipo): [FiltroActividad, string] => [tipo, t.tipos[tipo]]),
    ['todas', t.todas],
  ];
  return (
    <RegionConTitulo titulo={t.actividadReciente}>
      <div className="mb-4 flex flex-wrap gap-2" role="group" aria-label={t.filtroActividad}>
        {chips.map(([valor, texto]) => (
          <ChipDeFiltro key={valor} activo={actividad === valor} onClick={() => cambiar({ actividad: valor })}>
            {texto}
          </ChipDeFiltro>
        ))}
        {persona ? (
          <ChipDeFiltro
            activo
            etiqueta={t.quitarPersona(nombrePersona ? nombreDe(nombrePersona) : t.unaPersona)}
            onClick={() => cambiar({ persona: '' })}
          >
            {t.soloDe(nombrePersona ? nombreDe(nombrePersona) : t.unaPersona)}
            <X aria-hidden className="size-4" />
          </ChipDeFiltro>
        ) : null}
      </div>
      <ListaConsultada
        consulta={consulta}
        limite={ACTIVIDAD_LIMITE}
        vacio={
          <EmptyState
            icon={<Activity />}
            title={(actividad === 'operaciones' || actividad === 'todas') && !persona ? t.sinActividad : t.sinActividadFiltro}
          />
        }
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
        {(a) => <ActividadItem key={a.id} actividad={a} verSoloDe={(userId) => cambiar({ persona: userId })} />}
      </ListaConsultada>
    </RegionConTitulo>
  );
}
