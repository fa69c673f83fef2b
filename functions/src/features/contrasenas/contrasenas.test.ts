import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { TEXTS, type StaffRole } from '@cuota/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esperarCodigoDeRestablecimiento } from '../../../../infra/local/cognito-codigos';
import { type CognitoDePrueba, iniciarCognitoLocal } from '../../../test/cognito-local';
import { ADMIN, apiEvent, call, type TestCaller, uniqueEmail } from '../../../test/events';
import { actividadesIguales } from '../../../test/lending-fixtures';
import { handlersDePersonal, type HandlersDePersonal } from '../../../test/usuarios-handlers';

/**
 * Integration against a real cognito-local: every way a user sets their own password goes through
 * the server, which applies the account's rule (16+ for admins) before Cognito does anything. A reset
 * answers every refusal that depends on the account alike (the padding to a fixed duration and the
 * throttle are checked in security/registro).
 */

let cl: CognitoDePrueba;
let h: HandlersDePersonal;

const DOCE = 'Analista-12!'; // 12: enough for anyone but an admin
const QUINCE = 'Admin-Clave-15!'; // 15
const DIECISEIS = 'Admin-Clave-16!!'; // 16

async function entra(email: string, password: string): Promise<boolean> {
  return cl.iniciarSesion(email, password).then(
    () => true,
    () => false,
  );
}

/** A staff user created through the API, signed in: its caller (claims as the authorizer gives them) and access token. */
async function personal(rol: StaffRole, password: string) {
  const email = uniqueEmail(rol);
  const res = await call(
    h.crear,
    apiEvent('crear-usuario', { caller: ADMIN, body: { nombre: 'Prueba', apellido: 'Claves', email, rol, password } }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { accessToken } = await cl.iniciarSesion(email, password);
  return {
    id: res.body.id as string,
    email,
    caller: { sub: res.body.id as string, email, groups: [rol] },
    acceso: accessToken,
  };
}

const cambiar = (caller: TestCaller, body: { actual: string; nueva: string; token_acceso: string }) =>
  call(h.cambiarPropia, apiEvent('cambiar-contrasena', { caller, body }));
const restablecer = (body: { email: string; codigo: string; nueva: string }) =>
  call(h.restablecerPropia, apiEvent('restablecer-contrasena', { body }));
/** An administrator edits a staff user's name and role. */
const actualizarUsuario = (caller: TestCaller, id: string, body: { nombre: string; apellido: string; rol: string }) =>
  call(h.actualizar, apiEvent('actualizar-usuario', { caller, params: { id }, body }));
/** Every reset refused for a reason of the account: one answer (no telling staff or unknown addresses apart). */
const RECHAZO = {
  code: 'VALIDATION_ERROR',
  message: TEXTS.seguridad.restablecimientoRechazado,
  details: { codigo: TEXTS.seguridad.restablecimientoRechazado },
};
const codigo = (email: string) => esperarCodigoDeRestablecimiento(cl.dir, cl.pool.userPoolId, email);

describe('contraseñas (cognito-local + DynamoDB Local)', () => {
  beforeAll(async () => {
    cl = await iniciarCognitoLocal('contrasenas');
    h = await handlersDePersonal();
  });
  afterAll(() => cl?.detener());

  it('un administrador no puede cambiar su contraseña a menos de 16 caracteres en el servidor; con 16 sí, y queda registrado', async () => {
    const admin = await personal('admin', DIECISEIS);
    const corta = await cambiar(admin.caller, { actual: DIECISEIS, nueva: QUINCE, token_acceso: admin.acceso });
    expect(corta.status).toBe(400);
    expect(corta.body).toMatchObject({ message: TEXTS.usuarios.adminPassword, details: { nueva: TEXTS.password.adminMin } });
    expect(await entra(admin.email, DIECISEIS)).toBe(true);
    expect(await entra(admin.email, QUINCE)).toBe(false);

    const nueva = 'Otra-Clave-Admin-2026';
    const ok = await cambiar(admin.caller, { actual: DIECISEIS, nueva, token_acceso: admin.acceso });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ ok: true });
    expect(await entra(admin.email, nueva)).toBe(true);
    expect(await entra(admin.email, DIECISEIS)).toBe(false);
    expect(await actividadesIguales(TEXTS.seguridad.actividadCambio(admin.email))).toHaveLength(1);
  });

  it('un analista cambia a 12 caracteres; la contraseña actual equivocada y las reglas compartidas se responden por campo', async () => {
    const analista = await personal('analista', DIECISEIS);
    /** The analyst's own change, with their access token. */
    const cambiarA = (nueva: string, actual = DIECISEIS) =>
      cambiar(analista.caller, { actual, nueva, token_acceso: analista.acceso });
    const mala = await cambiarA(DOCE, 'No-Es-La-Actual-1');
    expect(mala.status).toBe(400);
    expect(mala.body.details).toEqual({ actual: TEXTS.configuracionPage.contrasenaActualIncorrecta });
    const debil = await cambiarA('sinmayusculas-2026!');
    expect(debil.status).toBe(400);
    expect(debil.body.details).toEqual({ nueva: TEXTS.password.upper });
    const espacio = await cambiarA(' Espacio-Inicial-2026');
    expect(espacio.body.details).toEqual({ nueva: TEXTS.seguridad.passwordEspacios });
    expect(await entra(analista.email, DIECISEIS)).toBe(true);

    const ok = await cambiarA(DOCE);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await entra(analista.email, DOCE)).toBe(true);
  });

  it('el token de acceso de otro usuario no cambia nada (403)', async () => {
    const a = await personal('cobrador', DIECISEIS);
    const b = await personal('cobrador', DIECISEIS);
    const res = await cambiar(a.caller, { actual: DIECISEIS, nueva: DOCE, token_acceso: b.acceso });
    expect(res.status).toBe(403);
    expect(await entra(b.email, DIECISEIS)).toBe(true);
  });

  it('restablecer con código: 16+ si la cuenta es de administrador, el código sigue valiendo tras el rechazo; regla de administrador, código malo o email desconocido, el mismo 400', async () => {
    const admin = await personal('admin', DIECISEIS);
    await cl.idp.send(new ForgotPasswordCommand({ ClientId: cl.pool.clientId, Username: admin.email }));
    const code = await codigo(admin.email);

    const corta = await restablecer({ email: admin.email, codigo: code, nueva: QUINCE });
    expect(corta.status).toBe(400);
    expect(corta.body).toEqual(RECHAZO);

    const otroCodigo = code === '000000' ? '111111' : '000000';
    const mala = await restablecer({ email: admin.email, codigo: otroCodigo, nueva: 'Clave-Admin-Nueva-2026' });
    expect(mala.status).toBe(400);
    expect(mala.body).toEqual(RECHAZO);
    const nadie = await restablecer({ email: uniqueEmail('nadie'), codigo: code, nueva: 'Clave-Admin-Nueva-2026' });
    expect(nadie.status).toBe(400);
    expect(nadie.body).toEqual(RECHAZO);

    const ok = await restablecer({ email: admin.email.toUpperCase(), codigo: code, nueva: 'Clave-Admin-Nueva-2026' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await entra(admin.email, 'Clave-Admin-Nueva-2026')).toBe(true);
    // a code works once
    const otra = await restablecer({ email: admin.email, codigo: code, nueva: 'Clave-Admin-Otra-20266' });
    expect(otra.status).toBe(400);
  });

  it('una cuenta sin el rol admin (un cobrador) restablece con 12 caracteres', async () => {
    const analista = await personal('cobrador', DIECISEIS);
    await cl.idp.send(new ForgotPasswordCommand({ ClientId: cl.pool.clientId, Username: analista.email }));
    const ok = await restablecer({ email: analista.email, codigo: await codigo(analista.email), nueva: DOCE });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await entra(analista.email, DOCE)).toBe(true);
  });

  it('al promover a administrador su contraseña de 12 queda anulada y solo un restablecimiento de 16+ le devuelve el acceso', async () => {
    const analista = await personal('analista', DOCE);
    const res = await actualizarUsuario(ADMIN, analista.id, { nombre: 'Prueba', apellido: 'Claves', rol: 'admin' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.roles).toEqual(['admin']);
    expect(await entra(analista.email, DOCE)).toBe(false);

    const code = await codigo(analista.email);
    const corta = await restablecer({ email: analista.email, codigo: code, nueva: DOCE });
    expect(corta.body).toEqual(RECHAZO);
    const ok = await restablecer({ email: analista.email, codigo: code, nueva: DIECISEIS });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await entra(analista.email, DIECISEIS)).toBe(true);

    // editing an admin who stays admin leaves the password alone
    const again = await actualizarUsuario(ADMIN, analista.id, { nombre: 'Otro', apellido: 'Nombre', rol: 'admin' });
    expect(again.status).toBe(200);
    expect(await entra(analista.email, DIECISEIS)).toBe(true);
  });
});
