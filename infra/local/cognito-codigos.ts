import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * cognito-local keeps the last code it "sent" (ForgotPassword, AdminResetUserPassword's stand-in)
 * on the user in its data file instead of emailing it: this reads it, as a person would read the
 * email. Used by the local stack's log line and by tests; AWS emails the code.
 */
export function codigoDeRestablecimiento(localDir: string, userPoolId: string, email: string): string | null {
  const file = join(localDir, 'cognito', '.cognito', 'db', `${userPoolId}.json`);
  let data: { Users?: Record<string, { ConfirmationCode?: string; Attributes?: Array<{ Name: string; Value?: string }> }> };
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null; // not written yet (or mid-write): the caller asks again
  }
  const wanted = email.trim().toLowerCase();
  for (const [username, user] of Object.entries(data.Users ?? {})) {
    const correo = user.Attributes?.find((a) => a.Name === 'email')?.Value ?? username;
    if (correo.toLowerCase() === wanted) return user.ConfirmationCode ?? null;
  }
  return null;
}

/** The code, once cognito-local has written it (its data file is saved just after the call answers). */
export async function esperarCodigoDeRestablecimiento(localDir: string, userPoolId: string, email: string): Promise<string> {
  // up to 20 s: on a loaded two-core CI machine cognito-local's save can lag well behind its answer
  for (let intento = 0; intento < 400; intento++) {
    const codigo = codigoDeRestablecimiento(localDir, userPoolId, email);
    if (codigo) return codigo;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`cognito-local no guardó un código para ${email}`);
}
