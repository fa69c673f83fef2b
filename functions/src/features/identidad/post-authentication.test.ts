import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { actividadReciente } from '../../../test/lending-fixtures';
import { handler } from './post-authentication';

describe('PostAuthentication', () => {
  it('registra el inicio de sesión en la actividad y devuelve el evento sin cambios', async () => {
    const sub = `login-${Date.now()}`;
    const event = {
      triggerSource: 'PostAuthentication_Authentication',
      userName: sub,
      request: { userAttributes: { sub, email: 'ana@demo.cr', given_name: 'Ana', family_name: 'Mora' } },
      response: {},
    } as unknown as PostAuthenticationTriggerEvent;
    expect(await handler(event)).toBe(event);
    const mine = (await actividadReciente(20)).find((i) => i.user_id === sub);
    expect(mine).toMatchObject({
      tipo_actividad: 'login',
      user_nombre: 'Ana Mora',
      descripcion: 'Inicio de sesión de ana@demo.cr',
    });
  });
});
