export { DocumentosTab } from './components/documentos-tab';
export { ComprobantesPortalPage, ConstanciaPortalPage, ContratoPortalPage } from './components/documentos-imprimibles';
