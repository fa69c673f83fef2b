export {
  CreditosPage,
  CreditoDetallePage,
  ComprobantesPage,
  ConstanciaPage,
  ContratoPage,
  LiquidacionPage,
} from '../features/creditos';
