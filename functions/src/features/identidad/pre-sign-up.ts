import { seguridadTexts } from '@cuota/shared/texts/seguridad';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { altaAutorizada } from './service';

/**
 * Cognito PreSignUp: customers who register themselves are signed in right away (spec §4:
 * "After registration the message says the user is being signed in"), so self sign-ups are
 * confirmed and their email marked verified. Only sign-ups that came through POST
 * /api/auth/registro (which applies the spec's rules on the server) are accepted: they bring a
 * one-time ticket in ClientMetadata; a direct Cognito SignUp is refused. Staff accounts are
 * created by admins (PreSignUp_AdminCreateUser), not here.
 */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  if (event.triggerSource === 'PreSignUp_SignUp') {
    const email = event.request.userAttributes.email;
    if (!(await altaAutorizada(email, event.request.clientMetadata))) throw new Error(seguridadTexts.registroSoloFormulario);
    event.response.autoConfirmUser = true;
    if (email) event.response.autoVerifyEmail = true;
  }
  return event;
};
