export {
  CreditosPage,
  CreditoDetallePage,
  ComprobantesPage,
  ConstanciaPage,
  ContratoPage,
  LiquidacionPage,
  ReciboPage,
} from '../features/creditos';
