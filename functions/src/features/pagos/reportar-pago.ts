import { defineRoute, Reply } from '#commons/http';
import { rutaReportarPago } from './portal-routes';
import { claveIdempotencia } from '#commons/idempotencia';
import { clientePropio } from '#features/clientes/index';
import { reportarPago } from './service';

/** POST /api/portal/pagos: the customer reports a payment made by transfer, SINPE Móvil, deposit… */
export const handler = defineRoute(rutaReportarPago, async ({ body, caller, headers }) => {
  const clienteId = await clientePropio(caller);
  const clave = claveIdempotencia(headers);
  const { pago, repetida } = await reportarPago({ caller, clienteId, datos: body, tipo: 'reporte', clave });
  return new Reply(201, pago, repetida ? { 'idempotent-replayed': 'true' } : {});
});
