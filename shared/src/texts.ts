import { authTexts } from './texts/auth';
import { cierreDiarioTexts } from './texts/cierreDiario';
import { cierreTexts } from './texts/cierre';
import { clientesTexts } from './texts/clientes';
import { commonTexts } from './texts/common';
import { comunicacionPageTexts } from './texts/comunicacionPage';
import { comunicacionTexts } from './texts/comunicacion';
import { conciliacionPageTexts } from './texts/conciliacionPage';
import { configuracionPageTexts } from './texts/configuracionPage';
import { configuracionTexts } from './texts/configuracion';
import { constructionTexts } from './texts/construction';
import { creditoEstadoTexts } from './texts/creditoEstado';
import { cobranzaTexts } from './texts/cobranza';
import { creditosTexts } from './texts/creditos';
import { cuentasBancariasTexts } from './texts/cuentasBancarias';
import { dashboardTexts } from './texts/dashboard';
import { deudaTexts } from './texts/deuda';
import { gestionesTexts } from './texts/gestiones';
import { liquidacionTexts } from './texts/liquidacion';
import { reestructuracionTexts } from './texts/reestructuracion';
import { errorsTexts } from './texts/errors';
import { etiquetasTexts } from './texts/etiquetas';
import { extractosTexts } from './texts/extractos';
import { generalTexts } from './texts/general';
import { kycTexts } from './texts/kyc';
import { landingTexts } from './texts/landing';
import { metodosPagoTexts } from './texts/metodosPago';
import { mfaTexts } from './texts/mfa';
import { monitoreoTexts } from './texts/monitoreo';
import { montosTexts } from './texts/montos';
import { navTexts } from './texts/nav';
import { notFoundTexts } from './texts/notFound';
import { notificacionesBellTexts } from './texts/notificacionesBell';
import { notificacionesTexts } from './texts/notificaciones';
import { pagesTexts } from './texts/pages';
import { pagoEstadoTexts } from './texts/pagoEstado';
import { pagoVentanillaTexts } from './texts/pagoVentanilla';
import { pagosTexts } from './texts/pagos';
import { passwordTexts } from './texts/password';
import { perfilTexts } from './texts/perfil';
import { portalDocumentosTexts } from './texts/portalDocumentos';
import { portalPagosTexts } from './texts/portalPagos';
import { portalResumenTexts } from './texts/portalResumen';
import { portalSolicitudesTexts } from './texts/portalSolicitudes';
import { portalTexts } from './texts/portal';
import { productosPageTexts } from './texts/productosPage';
import { productosTexts } from './texts/productos';
import { reportesTexts } from './texts/reportes';
import { restablecerTexts } from './texts/restablecer';
import { riskTexts } from './texts/risk';
import { riesgoTexts } from './texts/riesgo';
import { scoreBandTexts } from './texts/scoreBand';
import { scoringTexts } from './texts/scoring';
import { seguridadTexts } from './texts/seguridad';
import { solicitudesPageTexts } from './texts/solicitudesPage';
import { solicitudEstadoTexts } from './texts/solicitudEstado';
import { solicitudesTexts } from './texts/solicitudes';
import { usuariosTexts } from './texts/usuarios';
import { validacionGenericaTexts } from './texts/validacionGenerica';
import { validationTexts } from './texts/validation';

/**
 * Spanish texts of ../shared/spec/product-spec.md, verbatim, in one place. UI and server
 * import from here; a text changes here or nowhere.
 *
 * Each area is its own module under ./texts (`@cuota/shared/texts/<area>`, exporting `<area>Texts`):
 * server code imports only the areas it uses, so a Lambda bundles its own texts and no others.
 * TEXTS composes them for the web apps.
 */
export const TEXTS = {
  brand: generalTexts.brand,
  common: commonTexts,
  loginHeading: generalTexts.loginHeading,
  adminPanelHeading: generalTexts.adminPanelHeading,
  landing: landingTexts,
  auth: authTexts,
  password: passwordTexts,
  perfil: perfilTexts,
  notFound: notFoundTexts,
  fallbackError: generalTexts.fallbackError,
  fallbackErrorText: generalTexts.fallbackErrorText,
  reload: generalTexts.reload,
  nav: navTexts,
  pages: pagesTexts,
  construction: constructionTexts,
  clientes: clientesTexts,
  validation: validationTexts,
  montos: montosTexts,
  kyc: kycTexts,
  risk: riskTexts,
  riesgo: riesgoTexts,
  scoreBand: scoreBandTexts,
  creditoEstado: creditoEstadoTexts,
  solicitudEstado: solicitudEstadoTexts,
  pagoEstado: pagoEstadoTexts,
  pagoVentanilla: pagoVentanillaTexts,
  dashboard: dashboardTexts,
  notificaciones: notificacionesTexts,
  notificacionesBell: notificacionesBellTexts,
  solicitudes: solicitudesTexts,
  solicitudesPage: solicitudesPageTexts,
  scoring: scoringTexts,
  cobranza: cobranzaTexts,
  creditos: creditosTexts,
  portal: portalTexts,
  portalResumen: portalResumenTexts,
  portalSolicitudes: portalSolicitudesTexts,
  portalPagos: portalPagosTexts,
  portalDocumentos: portalDocumentosTexts,
  deuda: deudaTexts,
  liquidacion: liquidacionTexts,
  reestructuracion: reestructuracionTexts,
  errors: errorsTexts,
  productos: productosTexts,
  configuracion: configuracionTexts,
  metodosPago: metodosPagoTexts,
  cuentasBancarias: cuentasBancariasTexts,
  pagos: pagosTexts,
  usuarios: usuariosTexts,
  cierre: cierreTexts,
  comunicacion: comunicacionTexts,
  productosPage: productosPageTexts,
  monitoreo: monitoreoTexts,
  cierreDiario: cierreDiarioTexts,
  comunicacionPage: comunicacionPageTexts,
  conciliacionPage: conciliacionPageTexts,
  configuracionPage: configuracionPageTexts,
  mfa: mfaTexts,
  validacionGenerica: validacionGenericaTexts,
  seguridad: seguridadTexts,
  restablecer: restablecerTexts,
  gestiones: gestionesTexts,
  reportes: reportesTexts,
  extractos: extractosTexts,
  etiquetas: etiquetasTexts,
} as const;

export { fill } from './texts/fill';
export { etiquetaCanal, etiquetaDe, etiquetaLegible } from './texts/etiquetas';
