import { describe, expect, it, vi } from 'vitest';
import type { Caller } from '#commons/auth';
import { ddb } from '#commons/db';
import { ForbiddenError } from '#commons/errors';
import { uniqueEmail } from '../../../test/events';
import { clientePropio } from './cliente-propio';
import { crearCliente } from './service';

const cliente = (userId: string, email: string) =>
  crearCliente({
    user_id: userId,
    nombre: 'Lucía',
    apellido: 'Brenes',
    email,
    telefono: '+50688881234',
    identidad_tipo: 'cedula',
    identidad_numero: null,
    fecha_nacimiento: null,
    direccion: null,
    ciudad: null,
    pais: 'Costa Rica',
  });

describe('clientePropio', () => {
  it('un usuario sin registro recibe 403 y, al registrarse, el siguiente pedido ya lo encuentra (la ausencia no se recuerda)', async () => {
    const email = uniqueEmail('propio');
    const caller: Caller = { userId: `propio-${Date.now()}`, email, nombre: null, apellido: null, roles: [], isStaff: false };
    await expect(clientePropio(caller)).rejects.toBeInstanceOf(ForbiddenError);
    const creado = await cliente(caller.userId, email);
    expect(await clientePropio(caller)).toBe(creado.id);
  });

  it('el vínculo leído se recuerda: los pedidos siguientes no lo vuelven a leer', async () => {
    const email = uniqueEmail('propio');
    const caller: Caller = { userId: `propio2-${Date.now()}`, email, nombre: null, apellido: null, roles: [], isStaff: false };
    const creado = await cliente(caller.userId, email);
    const send = vi.spyOn(ddb, 'send');
    try {
      expect(await clientePropio(caller)).toBe(creado.id);
      expect(send).toHaveBeenCalledTimes(1);
      expect(await clientePropio(caller)).toBe(creado.id);
      expect(send).toHaveBeenCalledTimes(1);
    } finally {
      send.mockRestore();
    }
  });

  it('el personal recibe 403 sin leer nada', async () => {
    const send = vi.spyOn(ddb, 'send');
    try {
      const staff: Caller = { userId: 'admin-1', email: 'a@x.cr', nombre: null, apellido: null, roles: ['admin'], isStaff: true };
      await expect(clientePropio(staff)).rejects.toBeInstanceOf(ForbiddenError);
      expect(send).not.toHaveBeenCalled();
    } finally {
      send.mockRestore();
    }
  });
});
