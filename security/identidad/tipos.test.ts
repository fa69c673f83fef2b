import { errorsTexts } from '@cuota/shared/texts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarPila, type PilaLocal, type UsuarioPila } from '../support/local-stack';

/**
 * One person, one identity whatever type the number is declared as (issue 17 review, M5): the
 * uniqueness guard is the canonical number alone, so a cédula cannot be registered again as a
 * DNI/DIMEX or a passport with the same digits (through the gateway and the handlers).
 */

let pila: PilaLocal;
let admin: UsuarioPila;
const suf = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A fresh cédula nacional for this run: 9 digits, province 5. */
const cedula = () => `5${String((Date.now() + Math.floor(Math.random() * 1e6)) % 1e8).padStart(8, '0')}`;

function cliente(identidad_tipo: string, identidad_numero: string, n: number) {
  return {
    nombre: 'Marta',
    apellido: 'Tipos Distintos',
    identidad_tipo,
    identidad_numero,
    fecha_nacimiento: '1979-11-02',
    email: `marta.tipos.${suf}.${n}@prueba.cr`,
    telefono: '+50688112233',
    direccion: 'Cartago, Paraíso, 200 m norte de la iglesia',
    ciudad: 'Cartago',
    pais: 'Costa Rica',
  };
}

const crearCliente = (body: unknown) => pila.api('POST', '/api/clientes', { token: admin.idToken, body });

beforeAll(async () => {
  pila = await iniciarPila();
  admin = await pila.crearUsuario({
    email: `admin.tipos.${suf}@prueba.cr`,
    nombre: 'Ada',
    apellido: 'Admin',
    grupos: ['admin'],
  });
});

afterAll(async () => {
  await pila?.detener();
});

describe('el mismo número con otro tipo de identificación es la misma persona', () => {
  it("cédula '5-4822-9094', dni '548229094' y pasaporte '548 229 094' no son tres clientes", async () => {
    const c = cedula();
    const primero = await crearCliente(cliente('cedula', `${c.slice(0, 1)}-${c.slice(1, 5)}-${c.slice(5)}`, 0));
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
