import { created, defineRoute } from '#commons/http';
import { LIMITES, limitarCuentaEIp } from '#commons/limites';
import { rutaRegistrarCuenta } from './routes';
import { registrarCuenta } from './service';

export const handler = defineRoute(rutaRegistrarCuenta, async ({ body, event }) => {
  await limitarCuentaEIp(LIMITES.altaPorCuenta, body.email, LIMITES.altaPorIp, event);
  return created(await registrarCuenta(body));
});
