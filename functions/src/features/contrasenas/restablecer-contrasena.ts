import { conDuracionMinima, type DuracionMinima } from '#commons/duracion-minima';
import { defineRoute } from '#commons/http';
import { LIMITES, limitarCuentaEIp } from '#commons/limites';
import { rutaRestablecerContrasena } from './routes';
import { restablecerContrasena } from './store';

/**
 * Every answer past the request's shape takes at least this long (plus up to the jitter), so its
 * timing does not tell an unknown address, a staff account and a wrong code apart.
 */
export const DURACION_RESTABLECER: DuracionMinima = { minimoMs: 700, jitterMs: 150 };

export const handler = defineRoute(rutaRestablecerContrasena, async ({ body, event }) => {
  await limitarCuentaEIp(LIMITES.restablecerPorCuenta, body.email, LIMITES.restablecerPorIp, event);
  return conDuracionMinima(() => restablecerContrasena(body), DURACION_RESTABLECER);
});
