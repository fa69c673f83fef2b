import { emailEsCanonico } from '@cuota/shared/identidad';
import { seguridadTexts } from '@cuota/shared/texts/seguridad';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { conObservabilidad } from '#commons/observabilidad';
import { altaAutorizada } from './service';

/** Cognito hands this message back to the client in a UserLambdaValidationException. */
export const EMAIL_NO_CANONICO =
  'El email debe escribirse sin espacios, en minúsculas y con caracteres normales (por ejemplo ana@ejemplo.cr).';

/**
 * Cognito PreSignUp: customers who register themselves are signed in right away (spec §4:
 * "After registration the message says the user is being signed in"), so self sign-ups are
 * confirmed and their email marked verified. Only sign-ups that came through POST
 * /api/auth/registro (which applies the spec's rules on the server) are accepted: they bring a
 * one-time ticket in ClientMetadata; a direct Cognito SignUp is refused. Staff accounts are
 * created by admins (PreSignUp_AdminCreateUser), not here.
 *
 * One person, one account: the registration sends the canonical address (normalizarEmail:
 * NFKC, trimmed, lower case). A sign-up with a variant (' Ana@Example.CR ', full-width letters,
 * a zero-width space) is refused, so no second account can exist for the same address.
 */
export const handler = conObservabilidad('pre-sign-up', async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  const email = event.request.userAttributes.email;
  const username = event.userName;
  // With email as the username attribute Cognito passes a generated id (the sub) as userName.
  const nombres = [email, username].filter((s): s is string => typeof s === 'string' && s.includes('@'));
  if (nombres.some((s) => !emailEsCanonico(s))) throw new Error(EMAIL_NO_CANONICO);
  if (event.triggerSource === 'PreSignUp_SignUp') {
    if (!(await altaAutorizada(email, event.request.clientMetadata))) throw new Error(seguridadTexts.registroSoloFormulario);
    event.response.autoConfirmUser = true;
    if (email) event.response.autoVerifyEmail = true;
  }
  return event;
});
