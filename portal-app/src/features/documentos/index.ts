import { lazy } from 'react';

export { ComprobantesPortalPage, ConstanciaPortalPage, ContratoPortalPage } from './components/documentos-imprimibles';

/** The portal's tab, downloaded when first shown: the first screen (the summary) does not carry it. */
export const DocumentosTab = lazy(() => import('./components/documentos-tab').then((m) => ({ default: m.DocumentosTab })));
