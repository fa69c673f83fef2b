import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, firstPasswordError, isCommonPassword, passwordErrors, passwordStrength } from './password';
import { passwordTexts } from './texts/password';

describe('lista de contraseñas comunes (spec §5)', () => {
  it.each([
    'Password123!',
    'Qwerty123456!',
    'Admin123456!!',
    'P@ssw0rd2026!',
    'Contraseña2026!',
    'Il0veyou2026!',
    'MiPassword2026!',
    '123456789Ab!',
    '#Monkey#2026x'.replace('x', ''),
  ])('%s se rechaza con el texto de la especificación y no pasa de 30 puntos', (p) => {
    expect(isCommonPassword(p)).toBe(true);
    expect(passwordErrors(p)).toContain('Esta contraseña es muy común y vulnerable. Por favor elige otra.');
    expect(passwordStrength(p).score).toBeLessThanOrEqual(30);
    expect(passwordStrength(p).secure).toBe(false);
  });

  it.each(['Tortuga-Verde-2026', 'Cuota-Seguridad-2026!', 'Tortuga-Admin-Verde-2026', 'Mi casa tiene 3 perros!'])(
    '%s (una frase de verdad) pasa',
    (p) => {
      expect(passwordErrors(p)).toEqual([]);
      expect(passwordStrength(p).secure).toBe(true);
    },
  );

  it('cada palabra de la lista, rellenada con dígitos y símbolos o con letras sustituidas, se rechaza', () => {
    const leet: Record<string, string> = { a: '4', e: '3', o: '0', s: '5', i: '1' };
    fc.assert(
      fc.property(
        fc.constantFrom(...COMMON_PASSWORDS.filter((w) => /[a-z]/.test(w))),
        fc.stringMatching(/^[0-9!#%&*?]{0,6}$/),
        fc.stringMatching(/^[0-9!#%&*?]{0,6}$/),
        fc.boolean(),
        fc.boolean(),
        (w, antes, despues, mayus, sustituir) => {
          let p = sustituir ? w.replace(/[aeosi]/, (c) => leet[c]!) : w;
          if (mayus) p = p[0]!.toUpperCase() + p.slice(1);
          expect(isCommonPassword(`${antes}${p}${despues}`), `${antes}${p}${despues}`).toBe(true);
        },
      ),
    );
  });
});

describe('espacios en los bordes', () => {
  it.each([' Abcdefgh123!', 'Abcdefgh123! ', ' Abcdefgh123! ', '\u00A0Tortuga-Verde-2026', 'Tortuga-Verde-2026\t'])(
    '%j se rechaza en español',
    (p) => {
      expect(passwordErrors(p)).toContain(passwordTexts.espacios);
      expect(firstPasswordError(p, false)).toBe(passwordTexts.espacios);
      expect(passwordStrength(p).score).toBeLessThanOrEqual(30);
      expect(passwordStrength(p).secure).toBe(false);
    },
  );

  it('un espacio dentro de la contraseña se permite', () => {
    expect(passwordErrors('Mi casa tiene 3 perros!')).toEqual([]);
  });
});
