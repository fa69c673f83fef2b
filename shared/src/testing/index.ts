export { json, page, renderConRutas, renderRemotePage } from './render-remote';
export {
  clienteDePrueba,
  condicionesDePrueba,
  creditoDePrueba,
  creditoDetalleDePrueba,
  deudaVencida,
  pagoDePrueba,
  proximaCuota,
  precioDePrueba,
  productoDePrueba,
  SIN_DEUDA,
  solicitudDePrueba,
  staffDePrueba,
} from './datos';
export { CODIGOS_CON_GUION_BAJO, codigosCrudos, LISTAS_CON_ETIQUETA } from './codigos';
