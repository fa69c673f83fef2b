import { describe, expect, it } from 'vitest';
import { ADMIN, apiEvent, call, uniqueEmail } from '../../../test/events';
import { handler as me } from '../identidad/obtener-me';
import { handler as registrar } from './registrar-cliente-portal';

describe('POST /api/portal/registro', () => {
  it('crea el registro propio con el email del token y lo vincula al usuario; /api/me lo devuelve', async () => {
    const caller = { sub: `u-${Date.now()}`, email: uniqueEmail('registro') };
    const res = await call(
      registrar,
      apiEvent('registrar-cliente-portal', {
        caller,
        body: { nombre: 'Sofía', apellido: 'Chaves', telefono: '+506 8888-1234', email: 'otro@x.cr' },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      user_id: caller.sub,
      email: caller.email,
      telefono: '+50688881234',
      identidad_tipo: 'cedula',
      identidad_numero: null,
      fecha_nacimiento: null,
    });
    const identity = await call(me, apiEvent('obtener-me', { caller }));
    expect(identity.body).toMatchObject({ userId: caller.sub, roles: [], nombre: 'Sofía', cliente: { id: res.body.id } });
  });

  it('una segunda vez responde 409 "Tu perfil de cliente ya existe"', async () => {
    const caller = { sub: `u2-${Date.now()}`, email: uniqueEmail('doble') };
    const body = { nombre: 'Pablo', apellido: 'Rojas', telefono: '50687654321' };
    expect((await call(registrar, apiEvent('registrar-cliente-portal', { caller, body }))).status).toBe(201);
    const again = await call(registrar, apiEvent('registrar-cliente-portal', { caller, body }));
    expect(again).toMatchObject({ status: 409, body: { message: 'Tu perfil de cliente ya existe' } });
  });

  it('rechaza un teléfono que no es de Costa Rica con el mensaje del spec', async () => {
    const res = await call(
      registrar,
      apiEvent('registrar-cliente-portal', {
        caller: { sub: 'u3', email: uniqueEmail() },
        body: { nombre: 'Ana', apellido: 'Mora', telefono: '+1 555 1234' },
      }),
    );
    expect(res).toMatchObject({
      status: 400,
      body: { details: { telefono: 'Ingresa un número válido de Costa Rica (+506 8888-8888)' } },
    });
  });

  it('el personal no crea registros de cliente para sí mismo: 403 FORBIDDEN', async () => {
    const res = await call(
      registrar,
      apiEvent('registrar-cliente-portal', { caller: ADMIN, body: { nombre: 'Ana', apellido: 'Mora', telefono: '50688887777' } }),
    );
    expect(res).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'No tienes permisos para realizar esta acción' },
    });
  });
});
