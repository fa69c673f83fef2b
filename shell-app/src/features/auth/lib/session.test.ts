import { describe, expect, it } from 'vitest';
import { idTokenGuardado } from './session';

const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (exp: number) => `${b64url({ alg: 'RS256' })}.${b64url({ sub: 'u1', exp, email: 'ana@demo.cr' })}.firma`;
const AHORA = Date.UTC(2026, 10, 26, 12, 0, 0);

function almacen(entradas: Record<string, string>) {
  return { getItem: (k: string) => entradas[k] ?? null };
}

describe('token de sesión guardado por Amplify', () => {
  const clave = 'CognitoIdentityServiceProvider.cliente';

  it('lo usa tal cual mientras le quede más de un minuto', () => {
    const token = jwt(AHORA / 1000 + 600);
    const s = almacen({ [`${clave}.LastAuthUser`]: 'u1', [`${clave}.u1.idToken`]: token });
    expect(idTokenGuardado('cliente', s, AHORA)).toBe(token);
  });

  it('vencido, a punto de vencer, de otro cliente, sin usuario o ilegible: null (Amplify decide y refresca)', () => {
    const casi = almacen({ [`${clave}.LastAuthUser`]: 'u1', [`${clave}.u1.idToken`]: jwt(AHORA / 1000 + 30) });
    expect(idTokenGuardado('cliente', casi, AHORA)).toBeNull();
    const vencido = almacen({ [`${clave}.LastAuthUser`]: 'u1', [`${clave}.u1.idToken`]: jwt(AHORA / 1000 - 10) });
    expect(idTokenGuardado('cliente', vencido, AHORA)).toBeNull();
    expect(idTokenGuardado('otro', vencido, AHORA)).toBeNull();
    expect(idTokenGuardado('cliente', almacen({}), AHORA)).toBeNull();
    const roto = almacen({ [`${clave}.LastAuthUser`]: 'u1', [`${clave}.u1.idToken`]: 'a.%%%.c' });
    expect(idTokenGuardado('cliente', roto, AHORA)).toBeNull();
  });
});
