import type { PreSignUpTriggerEvent } from 'aws-lambda';

/**
 * Cognito PreSignUp: customers who register themselves are signed in right away (spec §4:
 * "After registration the message says the user is being signed in"), so self sign-ups are
 * confirmed and their email marked verified. Staff accounts are created by admins, not here.
 */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  if (event.triggerSource === 'PreSignUp_SignUp') {
    event.response.autoConfirmUser = true;
    if (event.request.userAttributes.email) event.response.autoVerifyEmail = true;
  }
  return event;
};
