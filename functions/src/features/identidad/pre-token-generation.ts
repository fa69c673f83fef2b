import type { AdminGetUserCommandInput, AdminGetUserCommandOutput } from '@aws-sdk/client-cognito-identity-provider';
import { isStaffRole } from '@cuota/shared/roles';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { CLAIM_MFA, type MfaClaim } from '#commons/auth';
import { cognito } from '#commons/cognito';
import { conObservabilidad } from '#commons/observabilidad';

/** The one Cognito call the trigger makes (injected in its tests). */
export type LeerUsuario = (input: AdminGetUserCommandInput) => Promise<Pick<AdminGetUserCommandOutput, 'UserMFASettingList'>>;

/**
 * Cognito PreTokenGeneration (event V1_0), on every sign-in and token refresh: a staff user's ID
 * token gets `cuota_mfa` = 'totp' when the account has an authenticator app enabled, 'no' otherwise;
 * the API refuses staff routes without 'totp' when staff MFA is required (commons/auth.ts
 * `exigeMfa`). The pool's MFA stays OPTIONAL (Cognito has no per-group MFA), so this is where staff
 * and customers differ. Customers cost nothing: no Cognito call, no claim. The groups come from the
 * event (`groupsToOverride`, the user's groups as Cognito will put them in the token).
 */
export function preTokenGeneration(leer: LeerUsuario) {
  return async (event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> => {
    const grupos = event.request.groupConfiguration?.groupsToOverride ?? [];
    if (!grupos.some(isStaffRole)) return event;
    const usuario = await leer({ UserPoolId: event.userPoolId, Username: event.userName });
    const mfa: MfaClaim = usuario.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA') ? 'totp' : 'no';
    const detalles = event.response.claimsOverrideDetails ?? {};
    event.response.claimsOverrideDetails = {
      ...detalles,
      claimsToAddOrOverride: { ...detalles.claimsToAddOrOverride, [CLAIM_MFA]: mfa },
    };
    return event;
  };
}

export const handler = conObservabilidad(
  'pre-token-generation',
  preTokenGeneration(async (input) => {
    const { AdminGetUserCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    return cognito.send(new AdminGetUserCommand(input));
  }),
);
