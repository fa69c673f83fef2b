import { randomUUID } from 'node:crypto';
import { handler as actualizarConfig } from '../src/features/configuracion/actualizar-configuracion';
import { handler as aprobarPagoReportado } from '../src/features/pagos/aprobar-pago';
import { handler as castigar } from '../src/features/pagos/castigar-credito';
import { handler as rechazarPagoReportado } from '../src/features/pagos/rechazar-pago';
import { handler as reportar } from '../src/features/pagos/reportar-pago';
import { handler as registrarVentanilla } from '../src/features/pagos/registrar-pago-ventanilla';
import { handler as revertir } from '../src/features/pagos/revertir-pago';
import { handler as aprobar } from '../src/features/reestructuracion/aprobar-reestructuracion';
import { handler as listar } from '../src/features/reestructuracion/listar-reestructuraciones';
import { handler as rechazar } from '../src/features/reestructuracion/rechazar-reestructuracion';
import { handler as reestructurar } from '../src/features/reestructuracion/reestructurar-credito';
import { handler as vistaPrevia } from '../src/features/reestructuracion/vista-previa-reestructuracion';
import { ADMIN, apiEvent, call, rutaConId, type TestCaller } from './events';
import { METODOS_PRUEBA } from './pagos-fixtures';

/** The credit-servicing routes as tests call them: `(caller, id, body?, clave?)` → `{ status, body }`. */
export const vistaPreviaReestructuracion = rutaConId(vistaPrevia, 'vista-previa-reestructuracion');
export const reestructurarCredito = rutaConId(reestructurar, 'reestructurar-credito');
export const aprobarReestructuracion = rutaConId(aprobar, 'aprobar-reestructuracion');
export const rechazarReestructuracion = rutaConId(rechazar, 'rechazar-reestructuracion');
export const listarReestructuraciones = rutaConId(listar, 'listar-reestructuraciones');
export const registrarPagoVentanilla = rutaConId(registrarVentanilla, 'registrar-pago-ventanilla');
export const revertirPago = rutaConId(revertir, 'revertir-pago');
export const castigarCredito = rutaConId(castigar, 'castigar-credito');
export const rechazarPago = rutaConId(rechazarPagoReportado, 'rechazar-pago');
export const aprobarPago = rutaConId(aprobarPagoReportado, 'aprobar-pago');

/** PUT /api/configuracion/{clave} with `valor` (as an administrator unless told otherwise). */
export const actualizarConfiguracion = (clave: string, valor: unknown, caller: TestCaller = ADMIN) =>
  call(actualizarConfig, apiEvent('actualizar-configuracion', { caller, params: { clave }, body: { valor } }));

/** The readecuación most restructuring tests send: 18 months at 20 %, arrears capitalised. */
export const readecuacion = {
  tipo: 'readecuacion',
  capitalizar_mora: true,
  plazo_meses: 18,
  tasa_anual: '20',
  motivo: 'Pérdida de empleo temporal',
};

/** A cash payment of `monto` on `fecha` recorded at the counter (as an administrator unless told otherwise), with a fresh key. */
export const cobroEnEfectivo = (creditoId: string, monto: number, fecha: string, caller: TestCaller = ADMIN) =>
  registrarPagoVentanilla(caller, creditoId, { monto_centimos: monto, fecha_pago: fecha, canal: 'efectivo' }, randomUUID());

/**
 * The customer reports from the portal a payment of `monto` made on `fecha`, on the test channel
 * that needs no reference (pending reconciliation); `extra` adds to the body (e.g. `excedente`).
 */
export const reportarPagoDelCliente = (
  caller: TestCaller,
  creditoId: string,
  monto: number,
  fecha: string,
  opts: { extra?: Record<string, unknown>; clave?: string } = {},
) =>
  call(
    reportar,
    apiEvent('reportar-pago', {
      caller,
      body: {
        credito_id: creditoId,
        monto_centimos: monto,
        fecha_pago: fecha,
        canal: METODOS_PRUEBA.sinReferencia,
        ...opts.extra,
      },
      ...(opts.clave === undefined ? {} : { clave: opts.clave }),
    }),
  );
