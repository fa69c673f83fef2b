import { lazy } from 'react';

/** The portal's tab, downloaded when first shown: the first screen (the summary) does not carry it. */
export const NotificacionesTab = lazy(() =>
  import('./components/notificaciones-tab').then((m) => ({ default: m.NotificacionesTab })),
);
