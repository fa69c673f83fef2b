import { lazy } from 'react';

export { RealizarPagoButton, type RealizarPagoButtonProps } from './components/realizar-pago-dialog';
export { ReciboPortalPage } from './components/recibo-portal-page';

/** The portal's tab, downloaded when first shown: the first screen (the summary) does not carry it. */
export const MisPagosTab = lazy(() => import('./components/mis-pagos-tab').then((m) => ({ default: m.MisPagosTab })));
