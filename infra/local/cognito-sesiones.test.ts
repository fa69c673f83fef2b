import { describe, expect, it } from 'vitest';
import { MAX_SESIONES_POR_CUENTA, SesionesDeReto, VIDA_DE_SESION_MS } from './cognito-sesiones';

const respuesta = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    Session: 'ses-1',
    ChallengeParameters: { USER_ID_FOR_SRP: 'A1B2-uuid' },
    ...extra,
  });

describe('sesiones de reto de /cognito', () => {
  it('una sesión sirve para su cuenta, por el correo o por el Username que devolvió el emulador, y vence a los 3 minutos', () => {
    let ahora = 1_000_000;
    const s = new SesionesDeReto(() => ahora);
    s.anotar('ana@cuota.cr', respuesta(), 'SOFTWARE_TOKEN_MFA');
    expect(s.de('ses-1', ' Ana@Cuota.CR ')?.cuenta).toBe('ana@cuota.cr');
    expect(s.de('ses-1', 'a1b2-uuid')?.cuenta).toBe('ana@cuota.cr');
    expect(s.de('ses-1', 'otra@cuota.cr')).toBeNull();
    expect(s.de('otra', 'ana@cuota.cr')).toBeNull();
    expect(s.de(undefined, 'ana@cuota.cr')).toBeNull();
    ahora += VIDA_DE_SESION_MS;
    expect(s.de('ses-1', 'ana@cuota.cr')).toBeNull();
  });

  it('solo se anota el reto pedido, con una sesión; tomar la saca y devolver la repone mientras vive', () => {
    let ahora = 1_000_000;
    const s = new SesionesDeReto(() => ahora);
    s.anotar('ana@cuota.cr', respuesta({ ChallengeName: 'NEW_PASSWORD_REQUIRED' }), 'SOFTWARE_TOKEN_MFA');
    s.anotar('ana@cuota.cr', respuesta({ Session: 5 }), 'SOFTWARE_TOKEN_MFA');
    s.anotar('ana@cuota.cr', '{', 'SOFTWARE_TOKEN_MFA');
    expect(s.de('ses-1', 'ana@cuota.cr')).toBeNull();
    s.anotar('ana@cuota.cr', respuesta(), 'SOFTWARE_TOKEN_MFA');
    const tomada = s.tomar('ses-1')!;
    expect(s.de('ses-1', 'ana@cuota.cr')).toBeNull();
    s.devolver('ses-1', tomada);
    expect(s.de('ses-1', 'ana@cuota.cr')).not.toBeNull();
    s.tomar('ses-1');
    ahora += VIDA_DE_SESION_MS;
    s.devolver('ses-1', tomada);
    expect(s.de('ses-1', 'ana@cuota.cr')).toBeNull();
  });

  it('una cuenta guarda a lo más MAX_SESIONES_POR_CUENTA sesiones vivas (se va la más vieja): no desplaza las de otros', () => {
    const s = new SesionesDeReto(() => 1_000_000);
    s.anotar('otra@cuota.cr', respuesta({ Session: 'ajena' }), 'SOFTWARE_TOKEN_MFA');
    for (let i = 0; i < 50; i++) s.anotar('ana@cuota.cr', respuesta({ Session: `ses-${i}` }), 'SOFTWARE_TOKEN_MFA');
    const vivas = Array.from({ length: 50 }, (_, i) => s.de(`ses-${i}`, 'ana@cuota.cr')).filter(Boolean);
    expect(vivas).toHaveLength(MAX_SESIONES_POR_CUENTA);
    expect(s.de('ses-49', 'ana@cuota.cr')).not.toBeNull();
    expect(s.de('ajena', 'otra@cuota.cr')).not.toBeNull();
  });
});
