import { TEXTS } from '@cuota/shared';
import { ConflictError } from '#commons/errors';
import { defineRoute, Reply } from '#commons/http';
import { getSetting } from '../configuracion/store';
import { claveIdempotencia } from './idempotencia';
import { clientePropio } from '../portal/cliente-propio';
import { reportarPago } from './store';

/**
 * POST /api/portal/pagos/tarjeta, only while allow_credit_card_payments is 'true'. There is no
 * card processor behind it yet: the payment is recorded like a reported one (registrado, for
 * reconciliation) with channel tarjeta_credito. Of the card only '**** ' + the last 4 digits is
 * kept; the number, CVV, expiry and holder are never stored, logged or put in the idempotency
 * fingerprint.
 */
export const handler = defineRoute('reportar-pago-tarjeta', async ({ body, caller, headers }) => {
  const clienteId = await clientePropio(caller);
  if ((await getSetting('allow_credit_card_payments')) !== 'true') {
    throw new ConflictError(TEXTS.pagos.tarjeta.deshabilitado, 'TARJETA_DESHABILITADA');
  }
  const clave = claveIdempotencia(headers);
  const ultimos4 = body.numero_tarjeta.slice(-4);
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
      referencia_externa: `**** ${ultimos4}`,
    },
    tipo: 'tarjeta',
    clave,
  });
  return new Reply(201, pago, repetida ? { 'idempotent-replayed': 'true' } : {});
});
