import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { EMAIL_NO_CANONICO, handler } from './pre-sign-up';

const evento = (email: string, userName = 'a1b2c3') =>
  ({
    triggerSource: 'PreSignUp_SignUp',
    userName,
    request: { userAttributes: { email } },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  }) as unknown as PreSignUpTriggerEvent;

describe('PreSignUp', () => {
  it('confirma y verifica un registro con el email en forma canónica', async () => {
    const out = await handler(evento('ana@example.cr'));
    expect(out.response).toMatchObject({ autoConfirmUser: true, autoVerifyEmail: true });
  });

  it.each([' ana@example.cr', 'Ana@Example.CR', 'ａｎａ@example.cr', 'ana\u200B@example.cr'])(
    'rechaza la variante %j con un mensaje en español (Cognito lo devuelve como UserLambdaValidationException)',
    async (email) => {
      await expect(handler(evento(email))).rejects.toThrow(EMAIL_NO_CANONICO);
      await expect(handler(evento('ana@example.cr', email))).rejects.toThrow(EMAIL_NO_CANONICO);
    },
  );
});
