import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { passwordTexts } from '@cuota/shared/texts/password';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type PilaLocal, type UsuarioPila } from '../support/local-stack';
import { cedula, conGuiones, cuerpoCliente, type PilaConAdmin, pilaConAdmin, suf } from './fixtures';

/**
 * One person, one identity (issue 17), through the local stack: the gateway with real
 * cognito-local tokens, the handlers, cognito-local with the PreSignUp trigger.
 * - A cédula typed with hyphens, full-width digits or a zero-width space is the same cédula.
 * - An e-mail typed with capitals, spaces or full-width letters is the same account.
 * - The password blocklist is reachable and edge spaces are refused, on the server routes.
 */

let pila: PilaLocal;
let admin: UsuarioPila;
let cognito: CognitoIdentityProviderClient;
let crearCliente: PilaConAdmin['crearCliente'];

const anchoCompleto = (s: string) => s.replace(/[!-~]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));

const cliente = (identidad_numero: string, email: string) =>
  cuerpoCliente({ nombre: 'Rosa', apellido: 'Identidad Única' }, 'cedula', identidad_numero, email);

beforeAll(async () => {
  ({ pila, admin, crearCliente } = await pilaConAdmin('identidad'));
  cognito = pila.clienteCognito();
});

afterAll(async () => {
  cognito?.destroy();
  await pila?.detener();
});

describe('cédula: una persona, una identificación', () => {
  it('5-4822-9094, 548229094, dígitos de ancho completo y un espacio de ancho cero son la misma cédula', async () => {
    const c = cedula();
    const primero = await crearCliente(cliente(conGuiones(c), `rosa.${suf}.0@prueba.cr`));
    expect(primero.status, primero.text).toBe(201);
    expect(primero.body.identidad_numero).toBe(c);

    const variantes = [
      c,
      anchoCompleto(c),
      `${c.slice(0, 4)}\u200B${c.slice(4)}`,
      ` ${c.slice(0, 1)}\u2013${c.slice(1, 5)}.${c.slice(5)}\uFEFF`,
    ];
    for (const [i, variante] of variantes.entries()) {
      const res = await crearCliente(cliente(variante, `rosa.${suf}.${i + 1}@prueba.cr`));
      expect(res.status, `${JSON.stringify(variante)}: ${res.text}`).toBe(409);
      expect(res.body.message).toBe(errorsTexts.identityTaken);
    }

    // found by any way of typing it
    for (const q of [conGuiones(c), anchoCompleto(c), c]) {
      const res = await pila.api('GET', `/api/clientes?q=${encodeURIComponent(q)}`, { token: admin.idToken });
      expect(res.status, res.text).toBe(200);
      expect(
        res.body.items.map((x: { id: string }) => x.id),
        q,
      ).toContain(primero.body.id);
    }
  });

  it('una cédula que no tiene 9 dígitos se rechaza con el texto de la especificación', async () => {
    for (const numero of ['5-4822-909', '54822909412', 'ABCDE-1234', '٥٤٨٢٢٩٠٩٤']) {
      const res = await crearCliente(cliente(numero, `rosa.${suf}.mal@prueba.cr`));
      expect(res.status, `${numero}: ${res.text}`).toBe(400);
      expect(res.body.details.identidad_numero).toBe('Número de identificación inválido');
    }
  });
});

describe('email: una dirección, una cuenta', () => {
  it('mayúsculas, espacios y ancho completo son el mismo cliente', async () => {
    const local = `marta.${suf}`;
    const primero = await crearCliente(cliente(cedula().replace(/^5/, '6'), ` ${local.toUpperCase()}@Example.CR `));
    expect(primero.status, primero.text).toBe(201);
    expect(primero.body.email).toBe(`${local}@example.cr`);
    for (const variante of [`${local}@example.cr`, anchoCompleto(`${local}@EXAMPLE.CR`), `${local}\u200B@example.cr`]) {
      const res = await crearCliente(cliente(cedula().replace(/^5/, '7'), variante));
      expect(res.status, `${JSON.stringify(variante)}: ${res.text}`).toBe(409);
      expect(res.body.message).toBe(errorsTexts.emailTaken);
    }
  });

  it('el registro guarda la forma canónica y una variante de la dirección no abre otra cuenta', async () => {
    const canonico = `lucia.${suf}@example.cr`;
    // self-registration goes through the server (POST /api/auth/registro), which signs up in Cognito
    // with a one-time ticket; a direct SignUp is refused by the PreSignUp trigger (security/registro)
    const registrar = (email: string) =>
      pila.api('POST', '/api/auth/registro', {
        body: { nombre: 'Lucía', apellido: 'Registro', telefono: '+506 8888-1234', email, password: PASSWORD },
      });
    const primero = await registrar(` Lucia.${suf}@Example.CR `);
    expect(primero.status, primero.text).toBe(201);
    for (const variante of [canonico, anchoCompleto(canonico), canonico.toUpperCase(), `lucia.${suf}\u200B@example.cr`]) {
      const res = await registrar(variante);
      expect([400, 409], `${JSON.stringify(variante)}: ${res.text}`).toContain(res.status);
    }
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: pila.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: canonico, PASSWORD },
      }),
    );
    expect(auth.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('el personal creado con mayúsculas, ancho completo o un carácter invisible queda en minúsculas', async () => {
    const res = await pila.api('POST', '/api/usuarios', {
      token: admin.idToken,
      body: {
        nombre: 'Marta',
        apellido: 'Personal',
        email: ` Ｍarta.Personal\u200B.${suf}@Prueba.CR `,
        rol: 'analista',
        password: PASSWORD,
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.email).toBe(`marta.personal.${suf}@prueba.cr`);
  });
});

describe('contraseñas: la lista de contraseñas comunes alcanza y los espacios en los bordes se rechazan', () => {
  it('restablecer con Password123!, P@ssw0rd2026! o con espacios en los bordes: 400 con el texto en español', async () => {
    const usuario = await pila.crearUsuario({ email: `reset.${suf}@prueba.cr`, nombre: 'Rita', apellido: 'Restablece' });
    const codigo = await pila.codigoRestablecimiento(usuario.email);
    const casos: Array<[string, string]> = [
      ['Password123!', passwordTexts.common],
      ['P@ssw0rd2026!', passwordTexts.common],
      ['Qwerty123456!', passwordTexts.common],
      [' Abcdefgh123! ', passwordTexts.espacios],
    ];
    for (const [nueva, mensaje] of casos) {
      const res = await pila.api('POST', '/api/auth/restablecer-contrasena', { body: { email: usuario.email, codigo, nueva } });
      expect(res.status, `${nueva}: ${res.text}`).toBe(400);
      expect(res.body.details.nueva, nueva).toBe(mensaje);
    }
  });

  it('cambiar la contraseña propia o crear personal con una contraseña común: 400 con el texto en español', async () => {
    const usuario = await pila.crearUsuario({ email: `cambio.${suf}@prueba.cr`, nombre: 'Carla', apellido: 'Cambia' });
    for (const nueva of ['Password123!', 'Admin123456!!']) {
      const res = await pila.api('POST', '/api/perfil/contrasena', {
        token: usuario.idToken,
        body: { actual: PASSWORD, nueva, token_acceso: usuario.accessToken },
      });
      expect(res.status, `${nueva}: ${res.text}`).toBe(400);
      expect(res.body.details.nueva).toBe(passwordTexts.common);
    }
    const staff = await pila.api('POST', '/api/usuarios', {
      token: admin.idToken,
      body: { nombre: 'Pablo', apellido: 'Común', email: `comun.${suf}@prueba.cr`, rol: 'cobrador', password: 'Qwerty123456!' },
    });
    expect(staff.status, staff.text).toBe(400);
    expect(staff.body.details.password).toBe(passwordTexts.common);
  });
});
