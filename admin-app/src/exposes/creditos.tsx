export { CreditosPage } from '../features/creditos/components/creditos-page';
export { CreditoDetallePage } from '../features/creditos/components/credito-detalle-page';
export { ComprobantesPage, ContratoPage } from '../features/creditos/components/documento-imprimible';
