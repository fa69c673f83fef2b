export { CreditosPage } from './components/creditos-page';
export { CreditoDetallePage } from './components/credito-detalle-page';
export { ComprobantesPage, ContratoPage } from './components/documento-imprimible';
export { ReciboPage } from './components/recibo-page';
export { ConstanciaPage, LiquidacionPage } from './components/liquidacion-documentos';
