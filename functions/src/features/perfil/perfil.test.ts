import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { apiEvent, call, uniqueEmail } from '../../../test/events';
import { ddb, tableName } from '#commons/db';
import { keys } from '#commons/keys';
import { handler as registrar } from '../portal/registrar-cliente-portal';
import { handler as actualizar } from './actualizar-perfil';
import { handler as obtener } from './obtener-perfil';

const cambios = { nombre: 'Lucía', apellido: 'Solano Vega', telefono: '+506 8777-6655' };

async function clienteRegistrado() {
  const caller = { sub: `perfil-${Date.now()}-${Math.random().toString(36).slice(2)}`, email: uniqueEmail('perfil') };
  const res = await call(
    registrar,
    apiEvent('registrar-cliente-portal', { caller, body: { nombre: 'Lucy', apellido: 'Solano', telefono: '50688881111' } }),
  );
  expect(res.status).toBe(201);
  return { caller, clienteId: res.body.id as string };
}

describe('GET /api/perfil', () => {
  it('un cliente ve su ficha de cliente (email de solo lectura)', async () => {
    const { caller } = await clienteRegistrado();
    const res = await call(obtener, apiEvent('obtener-perfil', { caller }));
    expect(res).toEqual({
      status: 200,
      body: { tipo: 'cliente', nombre: 'Lucy', apellido: 'Solano', email: caller.email, telefono: '50688881111' },
    });
  });

  it('un usuario sin ficha de cliente ni rol recibe 404 "Perfil no encontrado"', async () => {
    const res = await call(obtener, apiEvent('obtener-perfil', { caller: { sub: 'sin-ficha' } }));
    expect(res).toMatchObject({ status: 404, body: { message: 'Perfil no encontrado' } });
  });

  it('sin token responde 401', async () => {
    expect((await call(obtener, apiEvent('obtener-perfil'))).status).toBe(401);
  });
});

describe('PATCH /api/perfil', () => {
  it('los cambios de un cliente van a su ficha de cliente (teléfono normalizado)', async () => {
    const { caller, clienteId } = await clienteRegistrado();
    const res = await call(actualizar, apiEvent('actualizar-perfil', { caller, body: { ...cambios, email: 'otro@x.cr' } }));
    expect(res).toEqual({
      status: 200,
      body: { tipo: 'cliente', nombre: 'Lucía', apellido: 'Solano Vega', email: caller.email, telefono: '+50687776655' },
    });
    const item = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.cliente(clienteId) }));
    expect(item.Item).toMatchObject({ nombre: 'Lucía', apellido: 'Solano Vega', telefono: '+50687776655', email: caller.email });
  });

  it('un cliente no puede dejar un teléfono que no sea de Costa Rica, y nada cambia', async () => {
    const { caller, clienteId } = await clienteRegistrado();
    for (const telefono of ['', '+1 555 123 4567']) {
      const res = await call(actualizar, apiEvent('actualizar-perfil', { caller, body: { ...cambios, telefono } }));
      expect(res).toMatchObject({
        status: 400,
        body: { details: { telefono: 'Ingresa un número válido de Costa Rica (+506 8888-8888)' } },
      });
    }
    const item = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.cliente(clienteId) }));
    expect(item.Item).toMatchObject({ nombre: 'Lucy', telefono: '50688881111' });
  });

  it('valida nombre y apellido con los mensajes del §5', async () => {
    const { caller } = await clienteRegistrado();
    const res = await call(
      actualizar,
      apiEvent('actualizar-perfil', { caller, body: { nombre: 'L', apellido: '', telefono: '50688881111' } }),
    );
    expect(res).toMatchObject({
      status: 400,
      body: {
        details: { nombre: 'Nombre debe tener al menos 2 caracteres', apellido: 'Apellido debe tener al menos 2 caracteres' },
      },
    });
  });

  it('el personal actualiza su propio perfil (lo crea si faltaba) y puede dejar el teléfono vacío', async () => {
    const staff = { sub: `staff-${Date.now()}`, email: uniqueEmail('staff'), groups: ['cobrador' as const] };
    const res = await call(actualizar, apiEvent('actualizar-perfil', { caller: staff, body: { ...cambios, telefono: '' } }));
    expect(res).toEqual({
      status: 200,
      body: { tipo: 'staff', nombre: 'Lucía', apellido: 'Solano Vega', email: staff.email, telefono: null },
    });
    const item = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.perfil(staff.sub) }));
    expect(item.Item).toMatchObject({ id: staff.sub, email: staff.email, gsi1pk: 'PERFILES', created_at: expect.any(String) });
    const again = await call(actualizar, apiEvent('actualizar-perfil', { caller: staff, body: { ...cambios, nombre: 'Lu' } }));
    expect(again.body).toMatchObject({ nombre: 'Lu', telefono: '+506 8777-6655' });
    const after = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.perfil(staff.sub) }));
    expect(after.Item?.created_at).toBe(item.Item?.created_at);
    expect((await call(obtener, apiEvent('obtener-perfil', { caller: staff }))).body).toMatchObject({
      tipo: 'staff',
      nombre: 'Lu',
    });
  });

  it('un cliente sin ficha recibe 404 y no se crea nada', async () => {
    const caller = { sub: `nadie-${Date.now()}` };
    const res = await call(actualizar, apiEvent('actualizar-perfil', { caller, body: cambios }));
    expect(res.status).toBe(404);
    const item = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.perfil(caller.sub) }));
    expect(item.Item).toBeUndefined();
  });
});
