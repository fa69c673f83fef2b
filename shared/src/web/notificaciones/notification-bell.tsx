import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Notificacion } from '../../schemas/notificaciones';
import { notificacionesBellTexts } from '../../texts/notificacionesBell';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Bell } from '../../ui/icons';
import { useMarcarLeida, useContarNoLeidas } from './api';
import { destinoAccion, textoInsignia } from './cache';
import { useNotificacionesEnVivo } from './use-notificaciones-en-vivo';
import type { SocketFactory } from './realtime-client';

const t = notificacionesBellTexts;

/** The panel's code (Radix popover, floating-ui) loads when the user reaches for the bell, not with the page. */
const cargarPanel = () => import('./panel-de-notificaciones');
const PanelDeNotificaciones = lazy(() => cargarPanel().then((m) => ({ default: m.PanelDeNotificaciones })));

export interface NotificationBellProps {
  /** Keep the `/ws` connection while mounted (default); off in tests that only look at the panel. */
  live?: boolean;
  /** Tests hand in a fake WebSocket. */
  createSocket?: SocketFactory;
  className?: string;
}

/**
 * Spec §2 Notification bell: the unread badge ('9+' above 9, hidden at 0, refreshed every 15 s and
 * on every live push) and a panel with the 10 newest, coloured by tipo. A click marks the
 * notification read (leida, leida_en) and then opens its accion_url.
 */
export function NotificationBell({ live = true, createSocket, className }: NotificationBellProps) {
  const enVivo = useNotificacionesEnVivo({ enabled: live, ...(createSocket ? { createSocket } : {}) });
  const [open, setOpen] = useState(false);
  // The panel's chunk is rendered from the first open on (the popover keeps its trigger from then).
  const [cargado, setCargado] = useState(false);
  const noLeidas = useContarNoLeidas();
  const marcar = useMarcarLeida();
  const navigate = useNavigate();
  const count = noLeidas.data?.count ?? 0;
  const insignia = textoInsignia(count);

  async function abrir(n: Notificacion) {
    setOpen(false);
    if (!n.leida) {
      try {
        await marcar.mutateAsync(n.id);
      } catch (error) {
        // Still follow the link: the notification simply stays unread (and says so).
        console.warn(t.errorMarcar, error);
      }
    }
    const destino = destinoAccion(n.accion_url);
    if (destino && 'interno' in destino) await navigate(destino.interno);
    else if (destino) window.location.assign(destino.externo);
  }

  const boton = (
    <Button
      variant="ghost"
      size="icon"
      className={cn('relative', className)}
      data-en-vivo={enVivo}
      aria-haspopup="dialog"
      aria-expanded={open}
      onPointerEnter={() => void cargarPanel()}
      onFocus={() => void cargarPanel()}
      {...(cargado ? {} : { onClick: () => (setCargado(true), setOpen(true)) })}
    >
      {/* Named by hidden text, not aria-label: the visible '9+' need not match the exact count (axe label-content-name-mismatch). */}
      <span className="sr-only">{t.boton(count)}</span>
      <Bell aria-hidden />
      {insignia ? (
        <span
          aria-hidden
          data-testid="notificaciones-insignia"
          className="absolute top-0.5 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-semibold text-white"
        >
          {insignia}
        </span>
      ) : null}
    </Button>
  );

  if (!cargado) return boton;
  return (
    <Suspense fallback={boton}>
      <PanelDeNotificaciones open={open} onOpenChange={setOpen} count={count} onAbrir={(n) => void abrir(n)}>
        {boton}
      </PanelDeNotificaciones>
    </Suspense>
  );
}
