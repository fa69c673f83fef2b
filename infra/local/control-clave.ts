import { timingSafeEqual } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';

/**
 * The control port's per-start secret (settings.ts CLAVE_DE_CONTROL) as its callers present it:
 * the access key id in a SigV4 `Authorization` header (`Credential=<key>/<date>/<region>/…`),
 * which the AWS SDK clients of the stack send by themselves. A caller outside the process (a
 * test or the benchmark running a job) reads the key from the stack's data folder, where only
 * the user who started the stack can read it.
 */

/** The file in the stack's data folder (LOCAL_DIR) holding the running stack's key. */
export const archivoDeClave = (dir: string) => join(dir, 'control.clave');

export function guardarClaveDeControl(dir: string, clave: string): void {
  writeFileSync(archivoDeClave(dir), clave, { mode: 0o600 });
}

export function leerClaveDeControl(dir: string): string {
  return readFileSync(archivoDeClave(dir), 'utf8').trim();
}

/** An `Authorization` header naming `clave` as an SDK client would (for callers without an SDK client). */
export function autorizacionDeControl(clave: string): string {
  return `AWS4-HMAC-SHA256 Credential=${clave}/19700101/local/lambda/aws4_request, SignedHeaders=host, Signature=0`;
}

/**
 * Whether the request may use the control port: signed with `clave`, and not from a browser (any
 * `Origin` header: a web page can send a request here, though it cannot read the answer).
 */
export function autorizadoEnControl(req: IncomingMessage, clave: string): boolean {
  if (req.headers.origin !== undefined) return false;
  const credencial = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\//.exec(String(req.headers.authorization ?? ''));
  if (!credencial) return false;
  const dada = Buffer.from(credencial[1]!);
  const esperada = Buffer.from(clave);
  return dada.length === esperada.length && timingSafeEqual(dada, esperada);
}
