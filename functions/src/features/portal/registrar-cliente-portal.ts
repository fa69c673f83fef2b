import { TEXTS } from '@cuota/shared';
import { created, defineRoute } from '#commons/http';
import { ConflictError, ValidationError } from '#commons/errors';
import { createCliente } from '../clientes/store';

/**
 * After self sign-up the customer creates their own client record (spec §7 "Insert into
 * clientes" at registration: identidad_tipo cedula, identidad_numero and fecha_nacimiento null).
 * Name and email come from the verified token, never from the body.
 */
export const handler = defineRoute('registrar-cliente-portal', async ({ caller, body }) => {
  if (caller.isStaff) throw new ConflictError(TEXTS.errors.forbidden, 'STAFF_NOT_CLIENT');
  if (!caller.email || !caller.nombre || !caller.apellido) {
    throw new ValidationError({ _: 'Faltan nombre, apellido o email en la cuenta' });
  }
  return created(
    await createCliente({
      user_id: caller.userId,
      nombre: caller.nombre,
      apellido: caller.apellido,
      email: caller.email,
      telefono: body.telefono,
      identidad_tipo: 'cedula',
      identidad_numero: null,
      fecha_nacimiento: null,
      direccion: null,
      ciudad: null,
      pais: 'Costa Rica',
    }),
  );
});
