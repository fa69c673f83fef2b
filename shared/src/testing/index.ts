export { json, page, renderRemotePage } from './render-remote';
export { clienteDePrueba, creditoDePrueba, pagoDePrueba, SIN_DEUDA, solicitudDePrueba } from './datos';
