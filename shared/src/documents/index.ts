/**
 * The credit's documents, shared by the staff app and the customer portal: the printable
 * contract and receipts (data in, markup out), the amortization CSV and the helper that opens
 * a printable route in a window of its own.
 */
export { ComprobantesDocumento, ContratoDocumento, DocumentRow, DocumentShell, PRINT_CSS } from './documento-imprimible';
export { ReciboDocumento } from './recibo-pago';
export {
  ConstanciaCancelacionDocumento,
  fechaCancelacion,
  LiquidacionDocumento,
  DesgloseLiquidacion,
  lineasLiquidacion,
} from './liquidacion-documentos';
export {
  amortizacionCsvFilename,
  buildAmortizacionCsv,
  CSV_HEADER,
  descargarTablaAmortizacion,
  downloadCsv,
} from './amortizacion-csv';
export { cuotaEstadoLabel, cuotaVencida, hoyCR } from './cuota-estado';
export { documentoUrl, openDocumento, type DocumentoImprimible, type OpenDocumentoOptions } from './open-document';
export type { DocumentNotifier } from './notifier';
export { filasPrecioCredito } from './precio-credito';
export {
  celdaCsv,
  construirCsv,
  CSV_SEP,
  encabezadoCsv,
  entero as enteroCsv,
  fecha as fechaCeldaCsv,
  fechaCsv,
  filaCsv,
  monto as montoCeldaCsv,
  montoCsv,
  nombreCsv,
  porcentaje as porcentajeCsv,
  texto as textoCeldaCsv,
  textoCsv,
  type CeldaCsv,
} from './csv';
