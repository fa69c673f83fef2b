import { configuracionTexts } from '@cuota/shared/texts/configuracion';
import { esClaveConfiguracion } from '@cuota/shared/schemas/configuracion';
import { NotFoundError, ValidationError } from '#commons/errors';
import { defineRoute } from '#commons/http';
import { rutaActualizarConfiguracion } from './routes';
import { validarValor } from './domain';
import { guardarConfiguracion } from './store';

export const handler = defineRoute(rutaActualizarConfiguracion, async ({ params, body, caller }) => {
  if (!esClaveConfiguracion(params.clave)) throw new NotFoundError(configuracionTexts.notFound);
  const result = validarValor(params.clave, body.valor);
  if (!result.ok) throw new ValidationError({ valor: result.error }, result.error);
  return guardarConfiguracion(params.clave, result.valor, caller);
});
