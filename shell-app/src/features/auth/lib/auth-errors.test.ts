import { authTexts } from '@cuota/shared/texts/auth';
import { seguridadTexts } from '@cuota/shared/texts/seguridad';
import { describe, expect, it } from 'vitest';
import { resetCodeErrorMessage, signInErrorMessage, signUpErrorMessage } from './auth-errors';

const error = (name: string, message = 'Rate exceeded') => Object.assign(new Error(message), { name });

describe('throttling de Cognito en los formularios de ingreso, registro y restablecimiento', () => {
  it.each(['TooManyRequestsException', 'LimitExceededException', 'TooManyFailedAttemptsException'])(
    '%s se muestra como una frase en español, diga lo que diga el servicio',
    (name) => {
      for (const mensaje of [signInErrorMessage, signUpErrorMessage, resetCodeErrorMessage]) {
        expect(mensaje(error(name))).toBe(seguridadTexts.demasiadosIntentos);
      }
    },
  );

  it('los demás errores no cambian', () => {
    expect(signInErrorMessage(error('NotAuthorizedException'))).toBe(authTexts.invalidCredentials);
    expect(signUpErrorMessage(error('InvalidParameterException', 'Correo inválido'))).toBe('Correo inválido');
  });
});
