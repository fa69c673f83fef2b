import { CODIGO_MFA_REQUERIDA, TEXTS } from '@cuota/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarPila, reclamosDeId, type PilaLocal, type UsuarioPila } from '../support/local-stack';

/**
 * Staff MFA as AWS runs it (MFA_PERSONAL=obligatoria): ID tokens carrying the `cuota_mfa` claim the
 * PreTokenGeneration trigger adds on AWS (signed here with the stack's own key: the local pool has no
 * such trigger), through the local gateway and the `/ws` endpoint as the browser reaches them.
 */

let pila: PilaLocal;
let analista: UsuarioPila;
let cliente: UsuarioPila;
let n = 0;
/** The mode the rest of the run uses (the local stack's), put back afterwards. */
const modoAntes = process.env.MFA_PERSONAL;
const email = (p: string) => `${p}.${Date.now().toString(36)}.${++n}@mfa.cr`;

/** A token of `usuario` with its groups and, when given, the trigger's claim. */
const token = (usuario: UsuarioPila, grupos: readonly ('admin' | 'analista' | 'cobrador')[], mfa?: string) =>
  pila.firmar({ ...reclamosDeId(pila, usuario, grupos), ...(mfa === undefined ? {} : { cuota_mfa: mfa }) });

beforeAll(async () => {
  pila = await iniciarPila();
  analista = await pila.crearUsuario({ email: email('analista'), nombre: 'Ana', apellido: 'Mora', grupos: ['analista'] });
  cliente = await pila.crearUsuario({ email: email('cliente'), nombre: 'Carlos', apellido: 'Rojas' });
  process.env.MFA_PERSONAL = 'obligatoria';
});

afterAll(async () => {
  if (modoAntes === undefined) delete process.env.MFA_PERSONAL;
  else process.env.MFA_PERSONAL = modoAntes;
  await pila?.detener();
});

describe('MFA_PERSONAL=obligatoria por la pasarela local', () => {
  it("una ruta de personal: 403 MFA_REQUERIDA con cuota_mfa 'no' o sin el claim; 200 con 'totp'", async () => {
    for (const mfa of ['no', undefined, 'TOTP']) {
      const res = await pila.api('GET', '/api/clientes?limit=5', { token: await token(analista, ['analista'], mfa) });
      expect(res.status, `${mfa}: ${res.text}`).toBe(403);
      expect(res.body).toMatchObject({ code: CODIGO_MFA_REQUERIDA, message: TEXTS.errors.mfaRequerida });
    }
    const con = await pila.api('GET', '/api/clientes?limit=5', { token: await token(analista, ['analista'], 'totp') });
    expect(con.status, con.text).toBe(200);
  });

  it('lo que el personal necesita para activar la app (/api/me, su perfil) responde sin TOTP', async () => {
    const t = await token(analista, ['analista'], 'no');
    const me = await pila.api('GET', '/api/me', { token: t });
    expect(me.status, me.text).toBe(200);
    expect(me.body).toMatchObject({ roles: ['analista'], mfa_requerida: true });
    expect((await pila.api('GET', '/api/perfil', { token: t })).status).toBe(200);
    const conTotp = await pila.api('GET', '/api/me', { token: await token(analista, ['analista'], 'totp') });
    expect(conTotp.body).toMatchObject({ mfa_requerida: false });
  });

  it('sus notificaciones (hablan de clientes) no: 403 MFA_REQUERIDA sin TOTP, 200 con TOTP', async () => {
    for (const ruta of ['/api/notificaciones?limit=10', '/api/notificaciones/no-leidas']) {
      const sin = await pila.api('GET', ruta, { token: await token(analista, ['analista'], 'no') });
      expect(sin.status, `${ruta}: ${sin.text}`).toBe(403);
      expect(sin.body).toMatchObject({ code: CODIGO_MFA_REQUERIDA });
      const con = await pila.api('GET', ruta, { token: await token(analista, ['analista'], 'totp') });
      expect(con.status, `${ruta}: ${con.text}`).toBe(200);
    }
  });

  it('un cliente nunca lo necesita', async () => {
    const me = await pila.api('GET', '/api/me', { token: await token(cliente, []) });
    expect(me.status, me.text).toBe(200);
    expect(me.body).toMatchObject({ mfa_requerida: false });
    expect((await pila.api('GET', '/api/productos/activos', { token: await token(cliente, []) })).status).toBe(200);
    expect((await pila.api('GET', '/api/notificaciones/no-leidas', { token: await token(cliente, []) })).status).toBe(200);
  });

  it('el WebSocket del personal: sin TOTP no abre (403); con TOTP sí; el del cliente sí', async () => {
    expect(await pila.abrirWebSocket(await token(analista, ['analista'], 'no'))).toBe(403);
    expect(await pila.abrirWebSocket(await token(analista, ['analista'], 'totp'))).toBe(101);
    expect(await pila.abrirWebSocket(await token(cliente, []))).toBe(101);
  });
});
