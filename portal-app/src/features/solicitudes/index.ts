import { lazy } from 'react';

export { NuevaSolicitudPage } from './components/nueva-solicitud-page';

/** The portal's tab, downloaded when first shown: the first screen (the summary) does not carry it. */
export const MisSolicitudesTab = lazy(() =>
  import('./components/mis-solicitudes-tab').then((m) => ({ default: m.MisSolicitudesTab })),
);
