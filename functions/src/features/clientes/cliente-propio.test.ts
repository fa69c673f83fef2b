import { describe, expect, it, vi } from 'vitest';
import type { Caller } from '#commons/auth';
import { ddb } from '#commons/db';
import { ForbiddenError } from '#commons/errors';
import { clienteConUsuario } from '../../../test/pagos-fixtures';
import { clientePropio } from './cliente-propio';

const comoCliente = (userId: string): Caller => ({ userId, email: '', nombre: null, apellido: null, roles: [], isStaff: false });

describe('clientePropio', () => {
  it('un usuario sin registro recibe 403 y, al registrarse, el siguiente pedido ya lo encuentra (la ausencia no se recuerda)', async () => {
    const caller = comoCliente(`propio-${Date.now()}`);
    await expect(clientePropio(caller)).rejects.toBeInstanceOf(ForbiddenError);
    const { cliente } = await clienteConUsuario({ user_id: caller.userId });
    expect(await clientePropio(caller)).toBe(cliente.id);
  });

  it('el vínculo leído se recuerda: los pedidos siguientes no lo vuelven a leer', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const send = vi.spyOn(ddb, 'send');
    try {
      expect(await clientePropio(comoCliente(caller.sub))).toBe(cliente.id);
      expect(send).toHaveBeenCalledTimes(1);
      expect(await clientePropio(comoCliente(caller.sub))).toBe(cliente.id);
      expect(send).toHaveBeenCalledTimes(1);
    } finally {
      send.mockRestore();
    }
  });

  it('el personal recibe 403 sin leer nada', async () => {
    const send = vi.spyOn(ddb, 'send');
    try {
      await expect(clientePropio({ ...comoCliente('admin-1'), roles: ['admin'], isStaff: true })).rejects.toBeInstanceOf(
        ForbiddenError,
      );
      expect(send).not.toHaveBeenCalled();
    } finally {
      send.mockRestore();
    }
  });
});
