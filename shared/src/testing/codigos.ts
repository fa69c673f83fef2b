/**
 * The code lists people read, and a check that a text shows none of their codes raw. Used by the
 * labels' unit test, by component tests and by the e2e checks of the contract and key screens.
 */
import { METODOS_AMORTIZACION } from '../domain/amortizacion';
import { MODALIDADES_COMISION, TIPOS_COMISION } from '../domain/condiciones';
import { ROLE_LABELS, STAFF_ROLES } from '../roles';
import { IDENTIDAD_TIPOS, RIESGOS } from '../schemas/cliente';
import { BUCKETS_COBRANZA } from '../schemas/cobranza';
import { CAMPANA_ESTADOS, SEGMENTOS, TIPOS_NOTIFICACION_MASIVA } from '../schemas/comunicacion';
import { DOCUMENTO_TIPOS } from '../schemas/creditos';
import { TIPOS_ACTIVIDAD, TRAMOS_MORA } from '../schemas/dashboard';
import { BANCOS, CONFIANZAS, ESTADOS_LINEA } from '../schemas/extractos';
import { ESTADOS_PROMESA, RESULTADOS_GESTION, TIPOS_GESTION } from '../schemas/gestiones';
import { CREDITO_ESTADOS, PAGO_ESTADOS, SOLICITUD_ESTADOS } from '../schemas/lending';
import { TIPOS_NOTIFICACION } from '../schemas/notificaciones';
import { CANALES_VENTANILLA, EXCEDENTES } from '../schemas/pagos';
import { TIPOS_REESTRUCTURACION } from '../schemas/reestructuracion';
import { TRAMOS_REPORTE } from '../schemas/reportes';
import { CANALES_DESEMBOLSO } from '../schemas/solicitudes';
import { TEXTS } from '../texts';
import { canalTexts } from '../texts/etiquetas';

/**
 * Every code list whose values people read (on a screen, in a document or an export), beside the
 * one map that labels it. A new value in a list without its label fails here, not on a screen.
 * Not listed on purpose: the SUGEF risk categories (A1…E are their official names), the settings'
 * categoria/tipo_dato and the query-only filters (they never show).
 */
export const LISTAS_CON_ETIQUETA: Array<[string, readonly (string | number)[], Readonly<Record<string, string>>]> = [
  ['estado de solicitud', SOLICITUD_ESTADOS, TEXTS.solicitudEstado],
  ['estado de crédito', CREDITO_ESTADOS, TEXTS.creditoEstado],
  ['estado de pago', PAGO_ESTADOS, TEXTS.pagoEstado],
  ['riesgo', RIESGOS, TEXTS.risk],
  ['tipo de identificación', IDENTIDAD_TIPOS, TEXTS.etiquetas.identidadTipo],
  ['rol', STAFF_ROLES, ROLE_LABELS],
  ['método de amortización', METODOS_AMORTIZACION, TEXTS.etiquetas.metodoAmortizacion],
  ['tipo de comisión', TIPOS_COMISION, TEXTS.etiquetas.tipoComision],
  ['modalidad de comisión', MODALIDADES_COMISION, TEXTS.etiquetas.modalidadComision],
  ['canal de desembolso', CANALES_DESEMBOLSO, TEXTS.etiquetas.canal],
  ['canal de ventanilla', CANALES_VENTANILLA, TEXTS.etiquetas.canal],
  ['tipo de documento', DOCUMENTO_TIPOS, TEXTS.etiquetas.documentoTipo],
  ['excedente', EXCEDENTES, TEXTS.pagoVentanilla.excedentes],
  ['tipo de reestructuración', TIPOS_REESTRUCTURACION, TEXTS.reestructuracion.tipoCorto],
  ['tipo de gestión', TIPOS_GESTION, TEXTS.gestiones.tipos],
  ['resultado de gestión', RESULTADOS_GESTION, TEXTS.gestiones.resultados],
  ['estado de promesa', ESTADOS_PROMESA, TEXTS.gestiones.estadosPromesa],
  ['segmento', SEGMENTOS, TEXTS.comunicacion.segmentos],
  ['estado de campaña', CAMPANA_ESTADOS, TEXTS.comunicacion.campanas.estados],
  ['tipo de notificación', TIPOS_NOTIFICACION, TEXTS.notificacionesBell.tipos],
  ['tipo de notificación masiva', TIPOS_NOTIFICACION_MASIVA, TEXTS.comunicacion.tipos],
  ['tipo de actividad', TIPOS_ACTIVIDAD, TEXTS.monitoreo.tipos],
  ['tramo de cobranza', BUCKETS_COBRANZA, TEXTS.cobranza.bucket],
  ['tramo de mora', TRAMOS_MORA, TEXTS.dashboard.tramos],
  ['tramo de reporte', TRAMOS_REPORTE, TEXTS.reportes.tramos],
  ['banco', BANCOS, TEXTS.extractos.bancos],
  ['confianza', CONFIANZAS, TEXTS.extractos.confianza],
  ['estado de línea de extracto', ESTADOS_LINEA, TEXTS.extractos.estados],
];

/**
 * Every stored code that looks like one (words joined by '_': sinpe_movil, cuota_nivelada,
 * en_analisis, tabla_amortizacion…). Codes that are plain words (vigente, cheque) can be read in a
 * sentence, so they are checked through the label maps instead.
 */
export const CODIGOS_CON_GUION_BAJO: readonly string[] = [
  ...new Set(
    [...LISTAS_CON_ETIQUETA.flatMap(([, valores]) => valores.map(String)), ...Object.keys(canalTexts)].filter((v) =>
      /^[a-z]+(_[a-z0-9]+)+$/.test(v),
    ),
  ),
].sort();

const PATRON = new RegExp(`(?<![\\w@.-])(${CODIGOS_CON_GUION_BAJO.join('|')})(?![\\w@-])`, 'g');

/** The known codes a visible text shows raw (none, if every value went through its label). */
export function codigosCrudos(texto: string): string[] {
  return [...new Set(texto.match(PATRON) ?? [])];
}
