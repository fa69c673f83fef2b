export { json, page, renderRemotePage } from './render-remote';
export {
  clienteDePrueba,
  creditoDePrueba,
  creditoDetalleDePrueba,
  pagoDePrueba,
  precioDePrueba,
  SIN_DEUDA,
  solicitudDePrueba,
  staffDePrueba,
} from './datos';
