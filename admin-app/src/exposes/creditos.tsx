export { CreditosPage, CreditoDetallePage, ComprobantesPage, ContratoPage, ReciboPage } from '../features/creditos';
