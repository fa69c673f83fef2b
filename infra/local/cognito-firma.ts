import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import { chmodSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key cognito-local signs tokens with. The emulator ships one private key in its package
 * (lib/keys/cognitoLocal.private.json), the same on every machine: whoever has the package could
 * mint an admin token the local gateway would accept. The stack generates an RSA key pair per data
 * folder instead (readable only by the user who runs it), kept across restarts so sessions survive
 * one; cognito-local.ts makes the emulator sign with it and publish its public half in the JWKS.
 */
export interface ClaveDeFirma {
  kid: string;
  /** The private key as a JWK (RSA). */
  privada: JsonWebKey;
}

/** The key's file in the stack's data folder (LOCAL_DIR). */
export const archivoDeFirma = (dir: string) => join(dir, 'cognito', 'clave-de-firma.json');

/**
 * The data folder's key: read it, or generate it the first time (mode 0600). The `cognito` folder
 * must exist. The file appears whole or not at all (written aside, then linked into place), so a
 * start killed mid-write leaves no half key; a file that still does not parse (damaged) is
 * replaced by a new key, which only signs out the sessions of this folder.
 */
export function asegurarClaveDeFirma(dir: string): ClaveDeFirma {
  const archivo = archivoDeFirma(dir);
  try {
    const clave = leerClaveDeFirma(archivo);
    chmodSync(archivo, 0o600);
    return clave;
  } catch (error) {
    if (error instanceof SyntaxError) rmSync(archivo, { force: true });
    else if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const privada = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const kid = `cuota-${createHash('sha256').update(String(privada.n)).digest('base64url').slice(0, 16)}`;
  const clave = { kid, privada };
  const aparte = `${archivo}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aparte, JSON.stringify(clave), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(aparte, archivo);
  } catch (error) {
    // another start put its key first: use that one
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return leerClaveDeFirma(archivo);
    throw error;
  } finally {
    rmSync(aparte, { force: true });
  }
  return clave;
}

export function leerClaveDeFirma(archivo: string): ClaveDeFirma {
  return JSON.parse(readFileSync(archivo, 'utf8')) as ClaveDeFirma;
}

/** The public half as the JWKS publishes it. */
export function jwkPublica(clave: ClaveDeFirma): JsonWebKey {
  return { kty: 'RSA', e: clave.privada.e, n: clave.privada.n, kid: clave.kid, alg: 'RS256', use: 'sig' };
}

/** The private key in PEM, as cognito-local's token generator takes it. */
export function pemPrivada(clave: ClaveDeFirma): string {
  return createPrivateKey({ key: clave.privada, format: 'jwk' }).export({ type: 'pkcs1', format: 'pem' }) as string;
}
