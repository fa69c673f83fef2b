import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { TEXTS } from '@cuota/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CognitoDePrueba, iniciarCognitoLocal } from '../../../test/cognito-local';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR, uniqueEmail } from '../../../test/events';
import { actividadesIguales } from '../../../test/lending-fixtures';
import { handlersDePersonal, type HandlersDePersonal } from '../../../test/usuarios-handlers';

/**
 * Integration: the handlers against a real cognito-local (its own port and directory) and the
 * suite's DynamoDB Local.
 */

let cl: CognitoDePrueba;
let h: HandlersDePersonal;

const PASSWORD = 'Analista-Prueba-2026!';

function nuevo(over: Record<string, unknown> = {}) {
  return { nombre: 'Ana', apellido: 'Quesada', email: uniqueEmail('staff'), rol: 'analista', password: PASSWORD, ...over };
}

async function todos() {
  const items: Array<{ id: string; email: string; roles: string[]; nombre: string }> = [];
  let cursor: string | undefined;
  do {
    const res = await call(
      h.listar,
      apiEvent('listar-usuarios', { caller: ADMIN, query: { limit: '100', ...(cursor ? { cursor } : {}) } }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    items.push(...res.body.items);
    cursor = res.body.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

describe('usuarios (cognito-local + DynamoDB Local)', () => {
  beforeAll(async () => {
    cl = await iniciarCognitoLocal('usuarios');
    h = await handlersDePersonal();
  });
  afterAll(() => cl?.detener());

  it('crea un usuario con su rol, lo lista primero y puede iniciar sesión', async () => {
    const body = nuevo();
    const res = await call(h.crear, apiEvent('crear-usuario', { caller: ADMIN, body }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ email: body.email, nombre: 'Ana', roles: ['analista'], telefono: null });

    const lista = await todos();
    expect(lista[0]).toMatchObject({ id: res.body.id, roles: ['analista'] });

    expect((await cl.iniciarSesion(body.email, PASSWORD)).idToken).toBeTruthy();

    expect(await actividadesIguales(TEXTS.usuarios.actividad.creado(body.email, 'Analista de Crédito'))).toHaveLength(1);
  });

  it('409 cuando el email ya existe', async () => {
    const body = nuevo();
    expect((await call(h.crear, apiEvent('crear-usuario', { caller: ADMIN, body }))).status).toBe(201);
    const again = await call(h.crear, apiEvent('crear-usuario', { caller: ADMIN, body: { ...body, nombre: 'Otra' } }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TEXTS.usuarios.emailTaken);
  });

  it('mensajes de validación del spec', async () => {
    const res = await call(
      h.crear,
      apiEvent('crear-usuario', {
        caller: ADMIN,
        body: { nombre: 'A', apellido: '', email: 'no-es-email', rol: 'jefe', password: 'corta' },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.details).toMatchObject({
      nombre: TEXTS.validation.nombre,
      apellido: TEXTS.validation.apellido,
      email: TEXTS.validation.email,
      rol: TEXTS.usuarios.validation.rol,
    });
    const debil = await call(
      h.crear,
      apiEvent('crear-usuario', { caller: ADMIN, body: nuevo({ password: 'solominusculas-largas' }) }),
    );
    expect(debil.status).toBe(400);
    expect(debil.body.details.password).toBe(TEXTS.password.upper);
    const admin = await call(h.crear, apiEvent('crear-usuario', { caller: ADMIN, body: nuevo({ rol: 'admin' }) }));
    expect(admin.status).toBe(201);
    const adminCorta = await call(
      h.crear,
      apiEvent('crear-usuario', { caller: ADMIN, body: nuevo({ rol: 'admin', password: 'Corta-Pero-1!' }) }),
    );
    expect(adminCorta.status).toBe(400);
    expect(adminCorta.body.details.password).toBe(TEXTS.password.adminMin);
  });

  /** The Cognito user behind an email, or null (a refused creation must leave none behind). */
  async function cognitoUser(email: string) {
    const cognito = cl.idp;
    try {
      return await cognito.send(new AdminGetUserCommand({ UserPoolId: cl.pool.userPoolId, Username: email }));
    } catch (error) {
      if ((error as Error).name === 'UserNotFoundException') return null;
      throw error;
    }
  }

  it('un administrador necesita 16 caracteres en el servidor: 15 se rechaza sin crear nada, 16 entra; un analista entra con 12', async () => {
    const quince = 'Admin-Clave-15!'; // 15
    const dieciseis = 'Admin-Clave-16!!'; // 16
    expect(quince).toHaveLength(15);
    expect(dieciseis).toHaveLength(16);
    const corta = nuevo({ rol: 'admin', password: quince });
    const res = await call(h.crear, apiEvent('crear-usuario', { caller: ADMIN, body: corta }));
    expect(res.status).toBe(400);
    expect(res.body.details.password).toBe(TEXTS.password.adminMin);
    expect(await cognitoUser(corta.email)).toBeNull();

    const larga = nuevo({ rol: 'admin', password: dieciseis });
    expect((await call(h.crear, apiEvent('crear-usuario', { caller: ADMIN, body: larga }))).status).toBe(201);
    expect((await cl.iniciarSesion(larga.email, dieciseis)).idToken).toBeTruthy();

    const analista = nuevo({ rol: 'analista', password: 'Analista-12!' });
    expect(analista.password).toHaveLength(12);
    expect((await call(h.crear, apiEvent('crear-usuario', { caller: ADMIN, body: analista }))).status).toBe(201);
    // the same 12 characters are not enough for an administrator
    const mismaAdmin = await call(
      h.crear,
      apiEvent('crear-usuario', { caller: ADMIN, body: nuevo({ rol: 'admin', password: 'Analista-12!' }) }),
    );
    expect(mismaAdmin.body.details.password).toBe(TEXTS.password.adminMin);
  });

  it('contraseñas comunes, de más de 128 caracteres o con espacios en los extremos se rechazan en español sin crear nada', async () => {
    const casos: Array<[string, string]> = [
      ['password123', TEXTS.password.min],
      [`Aa1!${'x'.repeat(125)}`, TEXTS.password.max],
      [' Espacio-Inicial-2026', TEXTS.seguridad.passwordEspacios],
      ['Espacio-Final-2026! ', TEXTS.seguridad.passwordEspacios],
    ];
    for (const [password, message] of casos) {
      const body = nuevo({ rol: 'admin', password });
      const res = await call(h.crear, apiEvent('crear-usuario', { caller: ADMIN, body }));
      expect(res.status, password).toBe(400);
      expect(res.body.details.password, password).toBe(message);
      expect(await cognitoUser(body.email), password).toBeNull();
    }
  });

  it('si Cognito rechaza la contraseña (credenciales comprometidas en AWS) responde 400 en español y no deja el usuario a medias', async () => {
    const { cognito } = await import('#commons/cognito');
    const send = cognito.send.bind(cognito);
    const spy = vi.spyOn(cognito, 'send').mockImplementation(((command: { constructor: { name: string } }) => {
      if (command.constructor.name === 'AdminSetUserPasswordCommand') {
        return Promise.reject(
          Object.assign(new Error('Password does not conform to policy: compromised credentials'), {
            name: 'InvalidPasswordException',
          }),
        );
      }
      return send(command as never);
    }) as never);
    try {
      const body = nuevo({ rol: 'admin', password: 'Una-Clave-Filtrada-2026!' });
      const res = await call(h.crear, apiEvent('crear-usuario', { caller: ADMIN, body }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: TEXTS.usuarios.weakPassword, details: { password: TEXTS.password.common } });
      expect(JSON.stringify(res.body)).not.toMatch(/conform|compromised/i);
      expect(await cognitoUser(body.email)).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });

  it('edita nombre y rol (quita el grupo anterior)', async () => {
    const creado = (await call(h.crear, apiEvent('crear-usuario', { caller: ADMIN, body: nuevo() }))).body;
    const res = await call(
      h.actualizar,
      apiEvent('actualizar-usuario', {
        caller: ADMIN,
        params: { id: creado.id },
        body: { nombre: 'Anabel', apellido: 'Quesada', telefono: '88887777', rol: 'cobrador' },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const fila = (await todos()).find((u) => u.id === creado.id);
    expect(fila).toMatchObject({ nombre: 'Anabel', roles: ['cobrador'], telefono: '88887777' });
  });

  it('quitar roles o cambiar el rol cierra las sesiones del usuario (refresh tokens revocados); editar sin cambiar el rol, no', async () => {
    const { cognito } = await import('#commons/cognito');
    const send = vi.spyOn(cognito, 'send');
    const cierres = () =>
      send.mock.calls.filter(
        ([c]) => (c as { constructor: { name: string } }).constructor.name === 'AdminUserGlobalSignOutCommand',
      ).length;
    try {
      const creado = (await call(h.crear, apiEvent('crear-usuario', { caller: ADMIN, body: nuevo() }))).body;
      const body = { nombre: 'Ana', apellido: 'Quesada', rol: 'analista' };
      expect(
        (await call(h.actualizar, apiEvent('actualizar-usuario', { caller: ADMIN, params: { id: creado.id }, body }))).status,
      ).toBe(200);
      expect(cierres()).toBe(0);
      const cambio = { ...body, rol: 'cobrador' };
      expect(
        (await call(h.actualizar, apiEvent('actualizar-usuario', { caller: ADMIN, params: { id: creado.id }, body: cambio })))
          .status,
      ).toBe(200);
      expect(cierres()).toBe(1);
      expect(
        (await call(h.eliminarRoles, apiEvent('eliminar-roles-usuario', { caller: ADMIN, params: { id: creado.id } }))).status,
      ).toBe(200);
      expect(cierres()).toBe(2);
    } finally {
      send.mockRestore();
    }
  });

  it('quitar roles o cambiar el rol cierra los WebSockets abiertos del usuario: sus conexiones salen del registro y se cierran por @connections', async () => {
    const { ApiGatewayManagementApiClient } = await import('@aws-sdk/client-apigatewaymanagementapi');
    const { guardarConexion, conexionesDe } = await import('../realtime/connections');
    const cerradas: string[] = [];
    const api = vi.spyOn(ApiGatewayManagementApiClient.prototype, 'send').mockImplementation((async (command: {
      constructor: { name: string };
      input: { ConnectionId: string };
    }) => {
      cerradas.push(`${command.constructor.name} ${command.input.ConnectionId}`);
      if (command.input.ConnectionId.endsWith('ida')) throw Object.assign(new Error('Gone'), { name: 'GoneException' });
      return {};
    }) as never);
    const antes = process.env.WS_CALLBACK_URL;
    process.env.WS_CALLBACK_URL = 'http://127.0.0.1:9/ws-de-prueba';
    try {
      const creado = (await call(h.crear, apiEvent('crear-usuario', { caller: ADMIN, body: nuevo() }))).body;
      const body = { nombre: 'Ana', apellido: 'Quesada', rol: 'analista' };
      await guardarConexion(creado.id, `${creado.id}-a`);
      await guardarConexion(creado.id, `${creado.id}-ida`);
      // editing without changing the role leaves the sockets alone
      await call(h.actualizar, apiEvent('actualizar-usuario', { caller: ADMIN, params: { id: creado.id }, body }));
      expect((await conexionesDe(creado.id)).sort()).toEqual([`${creado.id}-a`, `${creado.id}-ida`]);
      const cambio = { ...body, rol: 'cobrador' };
      const res = await call(
        h.actualizar,
        apiEvent('actualizar-usuario', { caller: ADMIN, params: { id: creado.id }, body: cambio }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await conexionesDe(creado.id)).toEqual([]);
      expect(cerradas.sort()).toEqual([`DeleteConnectionCommand ${creado.id}-a`, `DeleteConnectionCommand ${creado.id}-ida`]);
      await guardarConexion(creado.id, `${creado.id}-b`);
      const quitar = await call(
        h.eliminarRoles,
        apiEvent('eliminar-roles-usuario', { caller: ADMIN, params: { id: creado.id } }),
      );
      expect(quitar.status, JSON.stringify(quitar.body)).toBe(200);
      expect(await conexionesDe(creado.id)).toEqual([]);
      expect(cerradas).toContain(`DeleteConnectionCommand ${creado.id}-b`);
    } finally {
      if (antes === undefined) delete process.env.WS_CALLBACK_URL;
      else process.env.WS_CALLBACK_URL = antes;
      api.mockRestore();
    }
  });

  it('quitar roles revoca el acceso antes de llamar a Cognito: si Cognito limita (TooManyRequests) responde 429 en español y el acceso ya está revocado; un usuario que Cognito ya no conoce no impide cerrar', async () => {
    const { leerAcceso } = await import('#commons/acceso');
    const { cognito } = await import('#commons/cognito');
    const send = cognito.send.bind(cognito);
    let fallo = 'TooManyRequestsException';
    const spy = vi.spyOn(cognito, 'send').mockImplementation(((command: { constructor: { name: string } }) => {
      if (command.constructor.name === 'AdminUserGlobalSignOutCommand')
        return Promise.reject(Object.assign(new Error('Rate exceeded'), { name: fallo }));
      return send(command as never);
    }) as never);
    try {
      const creado = (await call(h.crear, apiEvent('crear-usuario', { caller: ADMIN, body: nuevo() }))).body;
      expect(await leerAcceso(creado.id)).toMatchObject({ grupos: ['analista'], activo: true, revocado_en: 0 });
      const res = await call(h.eliminarRoles, apiEvent('eliminar-roles-usuario', { caller: ADMIN, params: { id: creado.id } }));
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(TEXTS.usuarios.cognitoOcupado);
      const revocado = await leerAcceso(creado.id);
      expect(revocado).toMatchObject({ grupos: [], activo: false });
      expect(revocado!.revocado_en).toBeGreaterThan(0);
      fallo = 'UserNotFoundException';
      const otra = await call(h.eliminarRoles, apiEvent('eliminar-roles-usuario', { caller: ADMIN, params: { id: creado.id } }));
      expect(otra.status, JSON.stringify(otra.body)).toBe(200);
    } finally {
      spy.mockRestore();
    }
  });

  it('quita todos los roles y el usuario sigue listado; restablecer contraseña responde ok', async () => {
    const creado = (await call(h.crear, apiEvent('crear-usuario', { caller: ADMIN, body: nuevo() }))).body;
    const res = await call(h.eliminarRoles, apiEvent('eliminar-roles-usuario', { caller: ADMIN, params: { id: creado.id } }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.roles).toEqual([]);
    expect((await todos()).find((u) => u.id === creado.id)).toMatchObject({ roles: [] });
    const reset = await call(
      h.restablecer,
      apiEvent('restablecer-contrasena-usuario', { caller: ADMIN, params: { id: creado.id } }),
    );
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    // an admin's own id (the check comes before any lookup; not the user revoked above, whose sessions no longer count)
    const propio = await call(
      h.eliminarRoles,
      apiEvent('eliminar-roles-usuario', { caller: { ...ADMIN, sub: 'admin-propio' }, params: { id: 'admin-propio' } }),
    );
    expect(propio.status).toBe(409);
    expect(propio.body.message).toBe(TEXTS.usuarios.selfRoles);
    const missing = await call(
      h.eliminarRoles,
      apiEvent('eliminar-roles-usuario', { caller: ADMIN, params: { id: 'no-existe' } }),
    );
    expect(missing.status).toBe(404);
  });

  it('403 para analista y cobrador en todas las rutas', async () => {
    for (const caller of [ANALISTA, COBRADOR]) {
      expect((await call(h.listar, apiEvent('listar-usuarios', { caller }))).status).toBe(403);
      expect((await call(h.crear, apiEvent('crear-usuario', { caller, body: nuevo() }))).status).toBe(403);
      const params = { id: 'cualquiera' };
      expect(
        (
          await call(
            h.actualizar,
            apiEvent('actualizar-usuario', { caller, params, body: { nombre: 'Ana', apellido: 'Mora', rol: 'admin' } }),
          )
        ).status,
      ).toBe(403);
      expect((await call(h.restablecer, apiEvent('restablecer-contrasena-usuario', { caller, params }))).status).toBe(403);
      expect((await call(h.eliminarRoles, apiEvent('eliminar-roles-usuario', { caller, params }))).status).toBe(403);
    }
  });
});
