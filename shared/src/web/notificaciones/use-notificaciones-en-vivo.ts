import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getAuthBridge } from '../auth-bridge';
import { getConfig } from '../config';
import { notificacionesKeys, recibirNotificacion } from './api';
import { RealtimeClient, type RealtimeStatus, type SocketFactory } from './realtime-client';

export interface NotificacionesEnVivoOptions {
  enabled?: boolean;
  /** Tests hand in a fake WebSocket. */
  createSocket?: SocketFactory;
}

/**
 * Keeps one `/ws` connection while mounted (signed-in pages) and feeds its pushes into the
 * notifications cache; unmounting (sign-out leaves the page) closes it. Returns the connection state.
 */
export function useNotificacionesEnVivo({ enabled = true, createSocket }: NotificacionesEnVivoOptions = {}): RealtimeStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('idle');
  useEffect(() => {
    if (!enabled) return;
    const client = new RealtimeClient({
      onStatus: setStatus,
      url: () => getConfig().wsUrl,
      getToken: () => getAuthBridge().getIdToken(),
      onMessage: (message) => {
        if (message.type === 'notificacion') recibirNotificacion(queryClient, message.data);
      },
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: notificacionesKeys.all }),
      ...(createSocket ? { createSocket } : {}),
    });
    client.start();
    return () => client.stop();
  }, [enabled, queryClient, createSocket]);
  return status;
}
