import { describe, expect, it } from 'vitest';
import { valorDeCabecera } from '../../functions/src/commons/cabeceras';

/** The one helper every e-mail header value goes through (campaign subject, sender, recipients, custom headers). */
describe('valorDeCabecera', () => {
  const controles = [
    ...Array.from({ length: 0x20 }, (_, i) => i),
    0x7f,
    ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
    0x2028,
    0x2029,
  ].map((c) => String.fromCodePoint(c));

  it.each(controles.map((c) => [`U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`, c]))(
    '%s entre dos palabras: una sola línea, las palabras separadas por un espacio',
    (_n, c) => {
      expect(valorDeCabecera(`Hola${c}Bcc: x@evil.example`)).toBe('Hola Bcc: x@evil.example');
    },
  );

  it('CRLF repetidos y espacios alrededor cuentan como un solo espacio; el texto normal no cambia', () => {
    expect(valorDeCabecera('Ana \r\n\r\n Bcc: x@evil\n')).toBe('Ana Bcc: x@evil');
    expect(valorDeCabecera('Crédito aprobado — ¡felicidades, José!  ')).toBe('Crédito aprobado — ¡felicidades, José!');
    expect(valorDeCabecera('Cuota <no-responder@cuota.cr>')).toBe('Cuota <no-responder@cuota.cr>');
  });
});
