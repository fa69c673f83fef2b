/** What Cognito answers to InitiateAuth: tokens, or a challenge to meet first. */
export interface RespuestaDeInicio {
  AuthenticationResult?: { IdToken: string; AccessToken: string };
  ChallengeName?: string;
}

/**
 * Cognito's InitiateAuth (USER_PASSWORD_AUTH) through the `/cognito` of the local stack at `base`,
 * with the app client its /config.json names, as the apps sign in: the answer as is.
 */
export async function iniciarSesionEnPila(base: string, email: string, password: string): Promise<RespuestaDeInicio> {
  const config = (await (await fetch(`${base}/config.json`)).json()) as { auth: { userPoolClientId: string } };
  const res = await fetch(`${base}/cognito`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.auth.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  return (await res.json()) as RespuestaDeInicio;
}
