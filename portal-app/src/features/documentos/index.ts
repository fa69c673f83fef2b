export { DocumentosTab } from './components/documentos-tab';
export { ComprobantesPortalPage, ContratoPortalPage } from './components/documentos-imprimibles';
