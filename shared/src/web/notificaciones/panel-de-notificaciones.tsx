import type { ReactElement } from 'react';
import { formatDateTime } from '../../format';
import type { Notificacion } from '../../schemas/notificaciones';
import { notificacionesBellTexts } from '../../texts/notificacionesBell';
import { cn } from '../../ui/cn';
import { EmptyState } from '../../ui/empty-state';
import { Bell } from '../../ui/icons';
import { Popover, PopoverContent, PopoverTrigger } from '../../ui/popover';
import { Skeleton } from '../../ui/skeleton';
import { LoadError } from '../load-error';
import { useListarNotificaciones } from './api';
import { estiloTipo } from './tipo-estilo';

const t = notificacionesBellTexts;

function Fila({ n, onAbrir }: { n: Notificacion; onAbrir: (n: Notificacion) => void }) {
  const estilo = estiloTipo(n.tipo);
  const Icon = estilo.icon;
  return (
    <li>
      <button
        type="button"
        onClick={() => onAbrir(n)}
        data-leida={n.leida}
        className={cn(
          'flex w-full cursor-pointer gap-3 border-l-4 px-4 py-3 text-left transition-colors outline-none hover:bg-muted/60 focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
          n.leida ? 'border-l-transparent' : cn(estilo.borde, 'bg-primary/5'),
        )}
      >
        <span className={cn('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full [&_svg]:size-4', estilo.icono)}>
          <Icon aria-hidden />
          <span className="sr-only">{t.tipos[n.tipo] ?? t.tipos.info}: </span>
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex items-start justify-between gap-2">
            <span className={cn('text-sm break-words', n.leida ? 'font-medium' : 'font-semibold')}>{n.titulo}</span>
            {!n.leida ? (
              <span className="flex shrink-0 items-center gap-1 pt-0.5 text-[11px] font-semibold text-primary">
                <span aria-hidden className="size-2 rounded-full bg-primary" />
                {t.nueva}
              </span>
            ) : null}
          </span>
          <span className="text-sm break-words text-muted-foreground">{n.mensaje}</span>
          <time dateTime={n.created_at} className="text-xs text-muted-foreground">
            {formatDateTime(n.created_at)}
          </time>
        </span>
      </button>
    </li>
  );
}

function Lista({ onAbrir }: { onAbrir: (n: Notificacion) => void }) {
  const { data, isPending, isError, error, refetch } = useListarNotificaciones();
  if (isError) return <LoadError className="py-8" title={t.error} error={error} onRetry={() => void refetch()} />;
  if (isPending) {
    return (
      <div role="status" aria-label={t.cargando} className="grid gap-3 p-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="size-8 shrink-0 rounded-full" />
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-full" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (data.items.length === 0) {
    return <EmptyState className="py-10" icon={<Bell />} title={t.vacio} description={t.vacioDetalle} />;
  }
  return (
    <ul aria-label={t.titulo} className="divide-y divide-border">
      {data.items.map((n) => (
        <Fila key={n.id} n={n} onAbrir={onAbrir} />
      ))}
    </ul>
  );
}

export interface PanelDeNotificacionesProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell's button, the popover's trigger. */
  children: ReactElement;
  count: number;
  onAbrir: (n: Notificacion) => void;
}

/**
 * The bell's panel (a Radix popover with its positioning library): a chunk of its own, loaded on
 * the first open, so a page's first load does not download it.
 */
export function PanelDeNotificaciones({ open, onOpenChange, children, count, onAbrir }: PanelDeNotificacionesProps) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{children}</PopoverTrigger>
      <PopoverContent aria-label={t.titulo} className="flex w-96 flex-col overflow-hidden p-0">
        <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
          <h2 className="text-sm font-semibold">{t.titulo}</h2>
          <span className="text-xs text-muted-foreground">{count > 0 ? t.sinLeer(count) : t.alDia}</span>
        </div>
        {/* Spec §9: the list area scrolls at 400 px. */}
        <div className="max-h-[400px] overflow-y-auto overscroll-contain">
          <Lista onAbrir={onAbrir} />
        </div>
      </PopoverContent>
    </Popover>
  );
}
