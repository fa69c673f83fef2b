/**
 * The handlers of staff users and of passwords, for tests against a real cognito-local: import
 * them only after iniciarCognitoLocal (functions/test/cognito-local.ts), since they read the
 * pool's environment when they load.
 */
export async function handlersDePersonal() {
  return {
    listar: (await import('../src/features/usuarios/listar-usuarios')).handler,
    crear: (await import('../src/features/usuarios/crear-usuario')).handler,
    actualizar: (await import('../src/features/usuarios/actualizar-usuario')).handler,
    /** An administrator resets a staff user's password. */
    restablecer: (await import('../src/features/usuarios/restablecer-contrasena')).handler,
    eliminarRoles: (await import('../src/features/usuarios/eliminar-roles')).handler,
    /** A signed-in user changes their own password. */
    cambiarPropia: (await import('../src/features/contrasenas/cambiar-contrasena')).handler,
    /** Anyone sets a new password with the code they were sent. */
    restablecerPropia: (await import('../src/features/contrasenas/restablecer-contrasena')).handler,
  };
}

export type HandlersDePersonal = Awaited<ReturnType<typeof handlersDePersonal>>;
