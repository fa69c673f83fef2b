import { pagosTexts } from '@cuota/shared/texts/pagos';
import { ConflictError } from '#commons/errors';
import { defineRoute, Reply } from '#commons/http';
import { rutaReportarPagoTarjeta } from './portal-routes';
import { obtenerValorConfiguracion } from '#features/configuracion/index';
import { claveIdempotencia } from '#commons/idempotencia';
import { clientePropio } from '#features/clientes/index';
import { reportarPago } from './service';

/**
 * POST /api/portal/pagos/tarjeta, only while allow_credit_card_payments is 'true'. There is no
 * card processor behind it yet: the payment is recorded like a reported one (registrado, for
 * reconciliation) with channel tarjeta_credito. The card data never reaches the server: the
 * browser validates the card (tarjetaFormSchema) and sends only its last 4 digits, stored as
 * '**** 1234'. The body schema is strict, so a body still carrying the number, CVV, expiry or
 * holder is refused before this handler runs.
 */
export const handler = defineRoute(rutaReportarPagoTarjeta, async ({ body, caller, headers }) => {
  const clienteId = await clientePropio(caller);
  if ((await obtenerValorConfiguracion('allow_credit_card_payments')) !== 'true') {
    throw new ConflictError(pagosTexts.tarjeta.deshabilitado, 'TARJETA_DESHABILITADA');
  }
  const clave = claveIdempotencia(headers);
  const { pago, repetida } = await reportarPago({
    caller,
    clienteId,
    datos: {
      credito_id: body.credito_id,
      monto_centimos: body.monto_centimos,
      // the business date of the payment is set by reportarPago (today)
      fecha_pago: '',
      canal: 'tarjeta_credito',
      referencia_pago: null,
      referencia_externa: `**** ${body.tarjeta_ultimos4}`,
    },
    tipo: 'tarjeta',
    clave,
  });
  return new Reply(201, pago, repetida ? { 'idempotent-replayed': 'true' } : {});
});
