import { createPublicKey, createVerify, createSign } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { archivoDeFirma, asegurarClaveDeFirma, jwkPublica, pemPrivada } from './cognito-firma';

describe('la clave de firma de cognito-local por carpeta de datos', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cuota-firma-'));
  mkdirSync(join(dir, 'cognito'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('se genera una vez (0600) y un reinicio usa la misma', () => {
    const primera = asegurarClaveDeFirma(dir);
    expect(statSync(archivoDeFirma(dir)).mode & 0o777).toBe(0o600);
    chmodSync(archivoDeFirma(dir), 0o644);
    const segunda = asegurarClaveDeFirma(dir);
    expect(segunda).toEqual(primera);
    expect(statSync(archivoDeFirma(dir)).mode & 0o777).toBe(0o600);
    expect(primera.kid).toMatch(/^cuota-/);
  });

  it('la mitad pública (JWKS) verifica lo que firma la privada (PEM); otra carpeta, otra clave', () => {
    const clave = asegurarClaveDeFirma(dir);
    const publica = jwkPublica(clave);
    expect(publica).not.toHaveProperty('d');
    const firma = createSign('RSA-SHA256').update('hola').sign(pemPrivada(clave));
    const ok = createVerify('RSA-SHA256')
      .update('hola')
      .verify(createPublicKey({ key: publica, format: 'jwk' }), firma);
    expect(ok).toBe(true);
    const otra = mkdtempSync(join(tmpdir(), 'cuota-firma-'));
    mkdirSync(join(otra, 'cognito'));
    try {
      expect(asegurarClaveDeFirma(otra).kid).not.toBe(clave.kid);
    } finally {
      rmSync(otra, { recursive: true, force: true });
    }
  });

  it('un archivo dañado (vacío o a medias) se reemplaza por una clave nueva, y no quedan archivos aparte', () => {
    const otra = mkdtempSync(join(tmpdir(), 'cuota-firma-'));
    mkdirSync(join(otra, 'cognito'));
    try {
      for (const dañado of ['', '{"kid":"cuota-x","priv']) {
        writeFileSync(archivoDeFirma(otra), dañado);
        const clave = asegurarClaveDeFirma(otra);
        expect(clave.privada.d).toBeTruthy();
        expect(asegurarClaveDeFirma(otra)).toEqual(clave);
        expect(statSync(archivoDeFirma(otra)).mode & 0o777).toBe(0o600);
      }
      expect(readdirSync(join(otra, 'cognito'))).toEqual(['clave-de-firma.json']);
    } finally {
      rmSync(otra, { recursive: true, force: true });
    }
  });
});
