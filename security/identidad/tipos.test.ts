import { errorsTexts } from '@cuota/shared/texts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PilaLocal } from '../support/local-stack';
import { cedula, conGuiones, cuerpoCliente, type PilaConAdmin, pilaConAdmin, suf } from './fixtures';

/**
 * One person, one identity whatever type the number is declared as (issue 17 review, M5): the
 * uniqueness guard is the canonical number alone, so a cédula cannot be registered again as a
 * DNI/DIMEX or a passport with the same digits (through the gateway and the handlers).
 */

let pila: PilaLocal;
let crearCliente: PilaConAdmin['crearCliente'];

const cliente = (identidad_tipo: string, identidad_numero: string, n: number) =>
  cuerpoCliente(
    { nombre: 'Marta', apellido: 'Tipos Distintos' },
    identidad_tipo,
    identidad_numero,
    `marta.tipos.${suf}.${n}@prueba.cr`,
  );

beforeAll(async () => {
  ({ pila, crearCliente } = await pilaConAdmin('tipos'));
});

afterAll(async () => {
  await pila?.detener();
});

describe('el mismo número con otro tipo de identificación es la misma persona', () => {
  it("cédula '5-4822-9094', dni '548229094' y pasaporte '548 229 094' no son tres clientes", async () => {
    const c = cedula();
    const primero = await crearCliente(cliente('cedula', conGuiones(c), 0));
    expect(primero.status, primero.text).toBe(201);
    const otros: Array<[string, string]> = [
      ['dni', c],
      ['pasaporte', `${c.slice(0, 3)} ${c.slice(3, 6)} ${c.slice(6)}`],
    ];
    for (const [i, [tipo, numero]] of otros.entries()) {
      const res = await crearCliente(cliente(tipo, numero, i + 1));
      expect(res.status, `${tipo} ${numero}: ${res.text}`).toBe(409);
      expect(res.body.message).toBe(errorsTexts.identityTaken);
    }
  });

  it('un DNI registrado primero bloquea la cédula con los mismos dígitos', async () => {
    const c = cedula();
    const primero = await crearCliente(cliente('dni', c, 10));
    expect(primero.status, primero.text).toBe(201);
    const res = await crearCliente(cliente('cedula', c, 11));
    expect(res.status, res.text).toBe(409);
    expect(res.body.message).toBe(errorsTexts.identityTaken);
  });
});
