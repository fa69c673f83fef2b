export { MisPagosTab } from './components/mis-pagos-tab';
export { RealizarPagoButton, type RealizarPagoButtonProps } from './components/realizar-pago-dialog';
export { ReciboPortalPage } from './components/recibo-portal-page';
