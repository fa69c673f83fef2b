export { CreditosPage, CreditoDetallePage, ComprobantesPage, ContratoPage } from '../features/creditos';
