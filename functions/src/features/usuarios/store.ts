import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomBytes } from 'node:crypto';
import { ROLE_LABELS, type Page, type StaffRole, type Usuario, type UsuarioActualizar, type UsuarioCrear } from '@cuota/shared';
import { usuariosTexts } from '@cuota/shared/texts/usuarios';
import { accesoUpdate } from '#commons/acceso';
import { actorDe, type Caller } from '#commons/auth';
import { cognito, contrasenaRechazada, cuentaNueva, errorName, rolesDe, userPoolId } from '#commons/cognito';
import { tableName } from '#commons/db';
import { paginaReciente } from '#commons/pagina';
import { errorDeServicio } from '#commons/saturacion';
import { conReintentos, escribirTransaccion } from '#commons/transaccion';
import { ConflictError, NotFoundError, TooManyRequestsError } from '#commons/errors';
import { keys, stripKeys } from '#commons/keys';
import { actividadPut, registrarActividad } from '#commons/registro';
import { obtenerPerfil, type Perfil } from '#features/perfil/index';
import { cerrarConexionesDe } from '#features/realtime/index';
import { itemPerfil, particionPerfiles } from '#entities/perfil';

/** Staff users: the profile lives in the table (gsi1 PERFILES), the roles are the user's Cognito groups. */

/**
 * The Cognito user name for a profile: the sub is accepted as the user name by Cognito when the
 * pool signs in by email; cognito-local may only know the email, so it is the fallback.
 */
async function groupsOf(perfil: Pick<Perfil, 'id' | 'email'>): Promise<{ username: string; roles: StaffRole[] } | null> {
  for (const username of [perfil.id, perfil.email]) {
    const roles = await rolesDe(username);
    if (roles) return { username, roles };
  }
  return null;
}

async function usernameOf(perfil: Perfil): Promise<string> {
  const found = await groupsOf(perfil);
  if (!found) throw new NotFoundError(usuariosTexts.notFound);
  return found.username;
}

function toUsuario(perfil: Perfil, roles: StaffRole[]): Usuario {
  return {
    id: perfil.id,
    nombre: perfil.nombre,
    apellido: perfil.apellido,
    email: perfil.email,
    telefono: perfil.telefono ?? null,
    roles: [...roles].sort(),
    created_at: perfil.created_at,
  };
}

async function getPerfilOrThrow(id: string): Promise<Perfil> {
  const perfil = await obtenerPerfil(id);
  if (!perfil) throw new NotFoundError(usuariosTexts.notFound);
  return perfil;
}

/** Staff profiles newest first, each with its roles (users without roles are listed too). */
export async function listarUsuarios(opts: { limit: number; cursor?: string }): Promise<Page<Usuario>> {
  const pagina = await paginaReciente(
    { pk: particionPerfiles(), indice: 'gsi1' },
    opts,
    (item) => stripKeys(item) as unknown as Perfil,
  );
  const items = await Promise.all(pagina.items.map(async (p) => toUsuario(p, (await groupsOf(p))?.roles ?? [])));
  return { items, nextCursor: pagina.nextCursor };
}

/** The Cognito user, without password or group yet; an e-mail already in use is EMAIL_TAKEN. */
async function crearEnCognito(pool: string, input: UsuarioCrear): Promise<{ username: string; sub: string }> {
  try {
    const created = await cognito.send(new AdminCreateUserCommand(cuentaNueva(pool, input)));
    const username = created.User!.Username!;
    return { username, sub: created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? username };
  } catch (error) {
    if (errorName(error) === 'UsernameExistsException' || errorName(error) === 'AliasExistsException') {
      throw new ConflictError(usuariosTexts.emailTaken, 'EMAIL_TAKEN');
    }
    throw error;
  }
}

/** The compensation of a failed creation, retried through Cognito's request limits (bounded). */
async function retirarDeCognito(pool: string, username: string): Promise<void> {
  await conReintentos(() => cognito.send(new AdminDeleteUserCommand({ UserPoolId: pool, Username: username })), {
    intentos: 5,
    reintentar: (e) => errorDeServicio(e) !== null,
    siAgota: () => new Error('no se pudo retirar el usuario de Cognito'),
  }).catch(() => undefined);
}

export async function crearUsuario(input: UsuarioCrear, caller: Caller, now = new Date()): Promise<Usuario> {
  const pool = userPoolId();
  const { username, sub } = await crearEnCognito(pool, input);
  try {
    await cognito.send(
      new AdminSetUserPasswordCommand({ UserPoolId: pool, Username: username, Password: input.password, Permanent: true }),
    );
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: pool, Username: username, GroupName: input.rol }));
    const perfil: Perfil = {
      id: sub,
      nombre: input.nombre,
      apellido: input.apellido,
      email: input.email,
      telefono: null,
      created_at: now.toISOString(),
    };
    const actor = actorDe(caller);
    await escribirTransaccion([
      {
        Put: {
          TableName: tableName(),
          Item: itemPerfil(perfil),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      accesoUpdate(sub, { grupos: [input.rol], revocar: false }, now),
      actividadPut({
        tipo_actividad: 'create',
        descripcion: usuariosTexts.actividad.creado(input.email, ROLE_LABELS[input.rol]),
        ...actor,
        now,
      }),
    ]);
    return toUsuario(perfil, [input.rol]);
  } catch (error) {
    // No half-created users: a refused password (or any later failure) removes the Cognito user.
    await retirarDeCognito(pool, username);
    throw contrasenaRechazada(error, 'password') ?? error;
  }
}

/**
 * Name, phone and role: the old groups are removed and the new one added. The access item takes
 * the new role in the same transaction as the profile; a removed role also revokes every token
 * issued until now (commons/acceso.ts), before Cognito is told.
 */
export async function actualizarUsuario(id: string, input: UsuarioActualizar, caller: Caller): Promise<Usuario> {
  const perfil = await getPerfilOrThrow(id);
  const username = await usernameOf(perfil);
  const pool = userPoolId();
  const current = (await groupsOf(perfil))?.roles ?? [];
  const quitados = current.filter((role) => role !== input.rol);
  const next: Perfil = {
    ...perfil,
    nombre: input.nombre,
    apellido: input.apellido,
    telefono: input.telefono === undefined ? (perfil.telefono ?? null) : input.telefono,
  };
  await escribirTransaccion([
    {
      Update: {
        TableName: tableName(),
        Key: keys.perfil(id),
        UpdateExpression: 'SET nombre = :n, apellido = :a, telefono = :t, updated_at = :u',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':n': next.nombre,
          ':a': next.apellido,
          ':t': next.telefono,
          ':u': new Date().toISOString(),
        },
      },
    },
    actividadPut({
      tipo_actividad: 'update',
      descripcion: usuariosTexts.actividad.actualizado(perfil.email),
      ...actorDe(caller),
    }),
    accesoUpdate(id, { grupos: [input.rol], revocar: quitados.length > 0 }),
  ]);
  // pushes stop now for a role taken away (the socket would otherwise live on until it idles)
  if (quitados.length) await cerrarConexionesDe(id);
  for (const role of quitados) {
    await cognito.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: pool, Username: username, GroupName: role }));
  }
  if (quitados.length) await cerrarSesiones(username);
  // the old password goes BEFORE the admin group comes: a request cut in between (Cognito's
  // limits) never leaves an admin with it, and its retry still sees a promotion to finish
  const promovido = input.rol === 'admin' && !current.includes('admin');
  if (promovido) await anularContrasena(username);
  if (!current.includes(input.rol)) {
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: pool, Username: username, GroupName: input.rol }));
  }
  if (promovido) await exigirContrasenaDeAdmin(username, perfil, caller);
  return toUsuario(next, [input.rol]);
}

/**
 * A user promoted to admin had a password chosen under the 12-character rule: it is annulled
 * (replaced by a random one nobody knows) and their sessions are ended (anularContrasena, before
 * the group is added), then a reset code is sent, so the next password they set goes through
 * POST /api/auth/restablecer-contrasena and its 16+ rule.
 */
async function anularContrasena(username: string): Promise<void> {
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId(),
      Username: username,
      Password: contrasenaAnulada(),
      Permanent: true,
    }),
  );
  // Refresh tokens would otherwise mint tokens with the admin group without a new password.
  await cerrarSesiones(username);
}

async function exigirContrasenaDeAdmin(username: string, perfil: Perfil, caller: Caller): Promise<void> {
  await enviarCodigo(username);
  await registrarActividad({
    tipo_actividad: 'update',
    descripcion: usuariosTexts.actividad.promovidoAdmin(perfil.email),
    ...actorDe(caller),
  });
}

/**
 * Revokes the user's refresh tokens (AdminUserGlobalSignOut), so no new token carries roles they
 * no longer have (or a promotion before its new password). The ID tokens already issued are
 * refused by the access item written before this call (commons/acceso.ts). A user Cognito no
 * longer knows has nothing to sign out; Cognito's throttling is a 429 the admin can retry (the
 * whole operation is safe to repeat).
 */
async function cerrarSesiones(username: string): Promise<void> {
  try {
    await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: username }));
  } catch (error) {
    const name = errorName(error);
    if (name === 'UserNotFoundException') return;
    if (name === 'TooManyRequestsException' || name === 'LimitExceededException')
      throw new TooManyRequestsError(usuariosTexts.cognitoOcupado);
    throw error;
  }
}

/** 48 random characters from every class Cognito asks for: no one can sign in with it. */
function contrasenaAnulada(): string {
  return `${randomBytes(36).toString('base64url')}aA1!`;
}

/** Cognito emails a reset code (cognito-local keeps it in its store and prints it). */
async function enviarCodigo(username: string): Promise<void> {
  await cognito.send(new AdminResetUserPasswordCommand({ UserPoolId: userPoolId(), Username: username }));
}

/**
 * Removes every role group; the profile stays (and is still listed). This is how a staff user is
 * disabled: the access item is revoked and marked inactive first, in the same transaction as the
 * activity entry, so every token of the user (those already issued and any new sign-in) is refused
 * at once, whatever happens to the Cognito calls that follow, until a role is given back
 * (actualizarUsuario marks the item active again).
 */
export async function eliminarRoles(id: string, caller: Caller): Promise<Usuario> {
  // An admin never locks themself out of the panel.
  if (id === caller.userId) throw new ConflictError(usuariosTexts.selfRoles, 'SELF_ROLES');
  const perfil = await getPerfilOrThrow(id);
  const found = await groupsOf(perfil);
  if (!found) throw new NotFoundError(usuariosTexts.notFound);
  await escribirTransaccion([
    accesoUpdate(id, { grupos: [], activo: false, revocar: true }),
    actividadPut({
      tipo_actividad: 'update',
      descripcion: usuariosTexts.actividad.rolesEliminados(perfil.email),
      ...actorDe(caller),
    }),
  ]);
  // before Cognito's calls, which may be throttled: the user's open sockets get no more pushes
  await cerrarConexionesDe(id);
  for (const role of found.roles) {
    await cognito.send(
      new AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolId(), Username: found.username, GroupName: role }),
    );
  }
  await cerrarSesiones(found.username);
  return toUsuario(perfil, []);
}

/** Cognito sends the reset email (cognito-local prints the code). */
export async function resetPassword(id: string, caller: Caller): Promise<{ ok: true }> {
  const perfil = await getPerfilOrThrow(id);
  await enviarCodigo(await usernameOf(perfil));
  await registrarActividad({
    tipo_actividad: 'update',
    descripcion: usuariosTexts.actividad.restablecer(perfil.email),
    ...actorDe(caller),
  });
  return { ok: true };
}
