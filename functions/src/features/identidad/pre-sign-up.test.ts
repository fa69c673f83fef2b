import { TEXTS } from '@cuota/shared';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/events';
import { EMAIL_NO_CANONICO, handler } from './pre-sign-up';
import { crearAlta } from './store';

/** PreSignUp against DynamoDB Local: a self sign-up needs the live ticket POST /api/auth/registro stored. */
function evento(
  email: string,
  clientMetadata?: Record<string, string>,
  triggerSource = 'PreSignUp_SignUp',
): PreSignUpTriggerEvent {
  return {
    triggerSource,
    userName: 'u',
    request: { userAttributes: { email }, ...(clientMetadata ? { clientMetadata } : {}) },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  } as unknown as PreSignUpTriggerEvent;
}

describe('PreSignUp', () => {
  it('sin boleto, con uno inventado o de otro email: se rechaza con el texto en español', async () => {
    const email = uniqueEmail('presignup');
    await crearAlta(email, 'boleto-bueno', new Date());
    await expect(handler(evento(email))).rejects.toThrow(TEXTS.seguridad.registroSoloFormulario);
    await expect(handler(evento(email, { alta: 'otro-boleto' }))).rejects.toThrow(TEXTS.seguridad.registroSoloFormulario);
    await expect(handler(evento(uniqueEmail('ajeno'), { alta: 'boleto-bueno' }))).rejects.toThrow(
      TEXTS.seguridad.registroSoloFormulario,
    );
  });

  it('con el boleto vivo confirma la cuenta y verifica el email; el boleto vale una sola vez', async () => {
    const email = uniqueEmail('presignup');
    await crearAlta(email, 'boleto-unico', new Date());
    const out = await handler(evento(email, { alta: 'boleto-unico' }));
    expect(out.response).toMatchObject({ autoConfirmUser: true, autoVerifyEmail: true });
    await expect(handler(evento(email, { alta: 'boleto-unico' }))).rejects.toThrow(TEXTS.seguridad.registroSoloFormulario);
  });

  it('un boleto vencido (más de 5 minutos) no sirve', async () => {
    const email = uniqueEmail('presignup');
    await crearAlta(email, 'boleto-viejo', new Date(Date.now() - 6 * 60 * 1000));
    await expect(handler(evento(email, { alta: 'boleto-viejo' }))).rejects.toThrow(TEXTS.seguridad.registroSoloFormulario);
  });

  it('las cuentas que crea un administrador (AdminCreateUser) no necesitan boleto ni se autoconfirman aquí', async () => {
    const out = await handler(evento(uniqueEmail('personal'), undefined, 'PreSignUp_AdminCreateUser'));
    expect(out.response.autoConfirmUser).toBe(false);
  });

  it.each([' ana@example.cr', 'Ana@Example.CR', 'ａｎａ@example.cr', 'ana\u200B@example.cr'])(
    'rechaza la variante %j con un mensaje en español, con boleto o sin él (Cognito lo devuelve como UserLambdaValidationException)',
    async (email) => {
      await crearAlta(email, 'boleto-variante', new Date());
      await expect(handler(evento(email, { alta: 'boleto-variante' }))).rejects.toThrow(EMAIL_NO_CANONICO);
      const conNombre = { ...evento('ana@example.cr'), userName: email } as PreSignUpTriggerEvent;
      await expect(handler(conNombre)).rejects.toThrow(EMAIL_NO_CANONICO);
    },
  );
});
