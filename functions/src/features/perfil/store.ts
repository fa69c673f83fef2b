import { normalizePhone, telefonoClienteValido, type Perfil, type PerfilActualizar } from '@cuota/shared';
import { authTexts } from '@cuota/shared/texts/auth';
import { perfilTexts } from '@cuota/shared/texts/perfil';
import { actorDe, type Caller } from '#commons/auth';
import { tableName } from '#commons/db';
import { escribirTransaccion } from '#commons/transaccion';
import { NotFoundError, ValidationError } from '#commons/errors';
import { byDate, ENTITY, keys } from '#commons/keys';
import { actividadPut } from '#commons/registro';
import { clienteDeUsuario, actualizarCliente } from '#features/clientes/index';
import { obtenerPerfil } from './perfiles';
import { particionPerfiles } from '#entities/perfil';

/**
 * The caller's own profile. Staff: their profile item (names from the token until one exists).
 * Customers: their linked client record; none linked → 404 (the portal shows 'Perfil No Encontrado').
 */
export async function perfilPropio(caller: Caller): Promise<Perfil> {
  if (caller.isStaff) {
    const perfil = await obtenerPerfil(caller.userId);
    return {
      tipo: 'staff',
      nombre: perfil?.nombre ?? caller.nombre ?? '',
      apellido: perfil?.apellido ?? caller.apellido ?? '',
      email: perfil?.email ?? caller.email,
      telefono: perfil?.telefono ?? null,
    };
  }
  const cliente = await clienteDeUsuario(caller.userId);
  if (!cliente) throw new NotFoundError(perfilTexts.notFound);
  return {
    tipo: 'cliente',
    nombre: cliente.nombre,
    apellido: cliente.apellido,
    email: cliente.email,
    telefono: cliente.telefono,
  };
}

export async function actualizarPerfilPropio(caller: Caller, input: PerfilActualizar): Promise<Perfil> {
  if (!caller.isStaff) {
    const cliente = await clienteDeUsuario(caller.userId);
    if (!cliente) throw new NotFoundError(perfilTexts.notFound);
    // As at registration (§5 Phone): the lender calls its customers on a Costa Rica number.
    const telefono = input.telefono;
    if (telefono === null || !telefonoClienteValido(telefono)) throw new ValidationError({ telefono: authTexts.invalidPhone });
    const next = await actualizarCliente(
      cliente.id,
      { nombre: input.nombre, apellido: input.apellido, telefono: normalizePhone(telefono) },
      actorDe(caller),
    );
    return { tipo: 'cliente', nombre: next.nombre, apellido: next.apellido, email: next.email, telefono: next.telefono };
  }
  const now = new Date().toISOString();
  await escribirTransaccion([
    {
      // Upsert: a staff user created outside the panel gets the profile item it was missing.
      Update: {
        TableName: tableName(),
        Key: keys.perfil(caller.userId),
        UpdateExpression:
          'SET nombre = :n, apellido = :a, telefono = :t, updated_at = :u, tipo = :tipo, id = :id, ' +
          'email = if_not_exists(email, :e), created_at = if_not_exists(created_at, :u), ' +
          'gsi1pk = :g, gsi1sk = if_not_exists(gsi1sk, :gs)',
        ExpressionAttributeValues: {
          ':n': input.nombre,
          ':a': input.apellido,
          ':t': input.telefono,
          ':u': now,
          ':tipo': ENTITY.perfil,
          ':id': caller.userId,
          ':e': caller.email,
          ':g': particionPerfiles(),
          ':gs': byDate(now, caller.userId),
        },
      },
    },
    actividadPut({ tipo_actividad: 'update', descripcion: perfilTexts.actividad(caller.email), ...actorDe(caller) }),
  ]);
  return perfilPropio(caller);
}
