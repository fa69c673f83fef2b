import { ENTITY } from './comun';
import { huellaSujeto } from './limite';

/**
 * A registration ticket (POST /api/auth/registro): the server checked the whole registration and
 * is about to call Cognito SignUp with this one-time nonce in ClientMetadata; the PreSignUp
 * trigger consumes it, and refuses a sign-up that brings none (somebody calling Cognito
 * directly, past the rules). Keyed by the hash of the normalised e-mail; gone with its TTL.
 */
export const claveAlta = (email: string) => ({ pk: `ALTA#${huellaSujeto(email)}`, sk: 'ALTA' });

export const itemAlta = (email: string, nonce: string, expiraEn: number) => ({
  ...claveAlta(email),
  tipo: ENTITY.alta,
  nonce_hash: huellaSujeto(nonce),
  expira_en: expiraEn,
});
