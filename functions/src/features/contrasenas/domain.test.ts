import { TEXTS } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { reglaDeRol } from './domain';

describe('reglaDeRol', () => {
  it('una cuenta con el rol admin necesita 16 caracteres, con el título del spec', () => {
    expect(reglaDeRol(['admin'], 'Admin-Clave-15!')).toEqual({
      titulo: TEXTS.usuarios.adminPassword,
      mensaje: TEXTS.password.adminMin,
    });
    expect(reglaDeRol(['analista', 'admin'], 'Admin-Clave-15!')).not.toBeNull();
    expect(reglaDeRol(['admin'], 'Admin-Clave-16!!')).toBeNull();
  });

  it('las demás cuentas (personal sin admin, clientes) no tienen regla adicional', () => {
    expect(reglaDeRol(['analista'], 'Analista-12!')).toBeNull();
    expect(reglaDeRol(['cobrador'], 'Analista-12!')).toBeNull();
    expect(reglaDeRol([], 'Cliente-12ab!')).toBeNull();
  });
});
