export { CONFIG_INLINE_ID, loadConfig, getConfig, setConfig, resolveUrl } from './config';
export { registerAuthBridge, getAuthBridge, type AuthBridge } from './auth-bridge';
export { api, apiRequest, apiUrl, ApiError, isApiError, errorMessage, type RequestOptions } from './api';
export { claveParaEnvio, nuevaClaveIdempotencia, type AlmacenDeClave } from './idempotencia';
export { LoadError, type LoadErrorProps } from './load-error';
export { CargaDiferida, type CargaDiferidaProps } from './carga-diferida';
export { TablaPaginada, type ConsultaDePagina, type TablaPaginadaProps } from './tabla-paginada';
export { FilaDeCeldas, FilaDeEncabezados, type Columna } from './columnas';
export { TarjetaDeLista, type TarjetaDeListaProps } from './tarjeta-de-lista';
export * from './notificaciones';
export { toastPasswordError } from './password-toast';
export { useEsAdmin, useTieneRol, useObtenerYo } from './roles';
export {
  avisarErrorDeFormulario,
  erroresDelServidor,
  marcarEnFormulario,
  marcarErroresDelServidor,
  type FormularioConErrores,
  type AvisoDeError,
  type CamposDelServidor,
} from './errores-de-campo';
export { useDebouncedValue } from './use-debounced-value';
export { ESPERA_DE_BUSQUEDA_MS, estadoDeBusqueda, LARGO_MINIMO_BUSQUEDA, useBusqueda, type Busqueda } from './busqueda';
export {
  ComboboxDeBusqueda,
  type ComboboxDeBusquedaProps,
  type EstadoDeBusqueda,
  type GrupoDeOpciones,
  type OpcionDeBusqueda,
} from './combobox-de-busqueda';
export { useMotivo, type Motivo } from './motivo';
export { camposDe, type FormularioConCampos } from './campos-de-formulario';
export { useMutacionQueRefresca } from './mutacion';
export { opcionesDePagina } from './opciones-de-pagina';
export { leerTodasLasPaginas } from './paginas';
export { EnlaceVolver, type EnlaceVolverProps } from './enlace-volver';
export { EnlaceVer, type EnlaceVerProps } from './enlace-ver';
export { BotonExportarCsv, useExportarCsv, type ExportacionLista } from './exportar-csv';
export { digitosTelefonoCR, enlacesDeContacto } from './contacto';
