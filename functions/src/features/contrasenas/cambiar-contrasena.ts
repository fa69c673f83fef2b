import { defineRoute } from '#commons/http';
import { LIMITES, limitarCuentaEIp } from '#commons/limites';
import { rutaCambiarContrasena } from './routes';
import { cambiarContrasena } from './store';

export const handler = defineRoute(rutaCambiarContrasena, async ({ body, caller, event }) => {
  await limitarCuentaEIp(LIMITES.contrasenaPorCuenta, caller.userId, LIMITES.contrasenaPorIp, event);
  return cambiarContrasena(caller, body);
});
