/**
 * The entity layer: one module per item type of the single table, each owning its keys, its
 * stored item and its mapping to the API shape. `keys` and `itemFor` gather them under the names
 * the code used before this layer (commons/keys.ts and commons/items.ts re-export them).
 */
import { itemActividad } from './actividad';
import { aggKeys, SEGMENTOS_CLIENTE_PREFIX } from './agregados';
import { claveAviso } from './aviso';
import { busquedaPartition, claveBusqueda, claveBusquedaCredito } from './busqueda';
import { claveCampana, particionCampanas, particionCampanasEnviando } from './campana';
import { claveCampanaDestinatario } from './campana-destinatario';
import { claveCampanaEntrega } from './campana-entrega';
import { claveCierre, claveCierreUltimo } from './cierre';
import { claveCliente, hijosDeCliente, particionClientes } from './cliente';
import { claveConfiguracion, itemConfiguracion } from './configuracion';
import { AL_COBRO, claveCredito, itemCredito, particionCreditosEstado } from './credito';
import { claveCuentaBancaria, itemCuentaBancaria } from './cuenta-bancaria';
import { claveCuota, itemCuota } from './cuota';
import { claveIdempotencia, particionEnviosMasivosEnCurso } from './idempotencia';
import { claveLineaCredito, itemLineaCredito } from './linea-credito';
import { claveMetodoPago, itemMetodoPago } from './metodo-pago';
import { claveMovimiento, itemMovimiento } from './movimiento';
import { claveNotificacion, itemNotificacion, notificacionPorId } from './notificacion';
import { clavePago, itemPago } from './pago';
import { clavePerfil } from './perfil';
import { claveProducto, itemProducto, particionProductos, particionProductosActivos } from './producto';
import { claveSecuenciaCredito } from './secuencia';
import { claveSegmentoMiembro, particionSegmento } from './segmento-miembro';
import { claveSolicitud, itemSolicitud } from './solicitud';
import { claveUnico, itemProductoCodigo } from './unico';
import { claveUsuarioCliente } from './usuario-cliente';

export { byDate, ENTITY, normalizeTerm, stripKeys, type Clave, type Entity, type TableItem } from './comun';
export { aggKeys, AL_COBRO, busquedaPartition, SEGMENTOS_CLIENTE_PREFIX };

export const keys = {
  cliente: claveCliente,
  clientesList: particionClientes,
  clienteChildren: hijosDeCliente,
  usuarioCliente: claveUsuarioCliente,
  perfil: clavePerfil,
  unicoEmail: claveUnico.email,
  unicoIdentidad: claveUnico.identidad,
  unicoIdentidadPorTipo: claveUnico.identidadPorTipo,
  busqueda: claveBusqueda,
  producto: claveProducto,
  productosList: particionProductos,
  productosActivos: particionProductosActivos,
  unicoProductoCodigo: claveUnico.productoCodigo,
  configuracion: claveConfiguracion,
  metodoPago: claveMetodoPago,
  cuentaBancaria: claveCuentaBancaria,
  solicitud: claveSolicitud,
  credito: claveCredito,
  cuota: claveCuota,
  movimiento: claveMovimiento,
  pago: clavePago,
  idempotencia: claveIdempotencia,
  cierre: claveCierre,
  cierreUltimo: claveCierreUltimo,
  aviso: claveAviso,
  creditosList: particionCreditosEstado,
  lineaCredito: claveLineaCredito,
  secuenciaCredito: claveSecuenciaCredito,
  unicoNumeroSolicitud: claveUnico.numeroSolicitud,
  unicoNumeroCredito: claveUnico.numeroCredito,
  busquedaCredito: claveBusquedaCredito,
  notificacion: claveNotificacion,
  notificacionPorId,
  campana: claveCampana,
  campanasList: particionCampanas,
  campanasEnviando: particionCampanasEnviando,
  enviosMasivosEnCurso: particionEnviosMasivosEnCurso,
  campanaDestinatario: claveCampanaDestinatario,
  campanaEntrega: claveCampanaEntrega,
  segmentoMiembro: claveSegmentoMiembro,
  segmento: particionSegmento,
};

export const itemFor = {
  producto: itemProducto,
  productoCodigo: itemProductoCodigo,
  configuracion: itemConfiguracion,
  metodoPago: itemMetodoPago,
  cuentaBancaria: itemCuentaBancaria,
  solicitud: itemSolicitud,
  credito: itemCredito,
  cuota: itemCuota,
  pago: itemPago,
  movimiento: itemMovimiento,
  notificacion: itemNotificacion,
  lineaCredito: itemLineaCredito,
  actividad: itemActividad,
};
