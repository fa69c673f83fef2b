import { created, defineRoute } from '#commons/http';
import { rutaRegistrarClientePortal } from './routes';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { ConflictError, ForbiddenError, ValidationError } from '#commons/errors';
import { LIMITES, limitarCuentaEIp } from '#commons/limites';
import { clienteIdDeUsuario, crearCliente } from '#features/clientes/index';

/**
 * After self sign-up the customer creates their own client record (spec §7 "Insert into
 * clientes" at registration: identidad_tipo cedula, identidad_numero and fecha_nacimiento null).
 * The email comes from the verified token, never from the body.
 */
export const handler = defineRoute(rutaRegistrarClientePortal, async ({ caller, body, event }) => {
  // staff may not hold a client record: the documented refusal for a role that may not call (api.md)
  if (caller.isStaff) throw new ForbiddenError();
  if (!caller.email) throw new ValidationError({ email: 'La cuenta no tiene un email verificado' });
  // a customer who already has one is answered before counting (a refusal writes nothing); a race
  // past this read still meets crearCliente's own uniqueness condition
  if (await clienteIdDeUsuario(caller.userId)) throw new ConflictError(errorsTexts.alreadyRegistered, 'DUPLICATE');
  await limitarCuentaEIp(LIMITES.registroPorCuenta, caller.userId, LIMITES.registroPorIp, event);
  return created(
    await crearCliente(
      {
        user_id: caller.userId,
        nombre: body.nombre,
        apellido: body.apellido,
        email: caller.email,
        telefono: body.telefono,
        identidad_tipo: 'cedula',
        identidad_numero: null,
        fecha_nacimiento: null,
        direccion: null,
        ciudad: null,
        pais: 'Costa Rica',
      },
      new Date(),
      { user_id: caller.userId, user_nombre: `${body.nombre} ${body.apellido}` },
    ),
  );
});
