import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emailEsCanonico,
  formatearIdentificacion,
  identificacionValida,
  normalizarEmail,
  normalizarIdentificacion,
  pareceIdentificacion,
} from './identidad';
import { clienteCrearSchema, emailSchema } from './schemas';

/** Characters that must never change who a number or an address belongs to. */
const INVISIBLES = [
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202C',
  '\u2066',
  '\u2069',
];
const SEPARADORES = [
  ' ',
  '-',
  '.',
  '\u00A0',
  '\u2009',
  '\u3000',
  '\u2010',
  '\u2011',
  '\u2013',
  '\u2014',
  '\u2212',
  '\uFF0D',
  '\uFF0E',
  '\u00B7',
  '\t',
];
const anchoCompleto = (s: string) => s.replace(/[!-~]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));

const cedula = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }))
  .map(([p, resto]) => `${p}${resto.join('')}`);
/** `texto` with `extra` characters inserted at random places. */
const conInsertados = (texto: string, extra: readonly string[]) =>
  fc
    .array(fc.tuple(fc.nat({ max: texto.length }), fc.constantFrom(...extra)), { maxLength: 6 })
    .map((ins) => ins.sort(([a], [b]) => b - a).reduce((s, [i, c]) => s.slice(0, i) + c + s.slice(i), texto));

describe('normalizarIdentificacion', () => {
  it('5-4822-9094, 548229094, ancho completo e invisibles dan el mismo número', () => {
    for (const v of [
      '5-4822-9094',
      '548229094',
      '５４８２２９０９４',
      '５－４８２２－９０９４',
      '5482\u200B29094',
      ' 5.4822.9094 ',
      '5\u20134822\u20149094\uFEFF',
    ]) {
      expect(normalizarIdentificacion(v), JSON.stringify(v)).toBe('548229094');
    }
    expect(normalizarIdentificacion('p-123 456')).toBe('P123456');
  });

  it('es idempotente', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        const una = normalizarIdentificacion(s);
        expect(normalizarIdentificacion(una)).toBe(una);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        const una = normalizarIdentificacion(s);
        expect(normalizarIdentificacion(una)).toBe(una);
      }),
    );
  });

  it('separadores, invisibles y ancho completo nunca cambian el resultado', () => {
    fc.assert(
      fc.property(
        cedula.chain((c) => fc.tuple(fc.constant(c), conInsertados(c, [...SEPARADORES, ...INVISIBLES]), fc.boolean())),
        ([c, variante, ancho]) => {
          expect(normalizarIdentificacion(ancho ? anchoCompleto(variante) : variante)).toBe(c);
        },
      ),
    );
  });

  it('valida por tipo: cédula de 9 dígitos (provincia 1 a 9), pasaporte y DNI de 5 a 20 letras y dígitos', () => {
    expect(identificacionValida('cedula', '548229094')).toBe(true);
    for (const mal of ['048229094', '54822909', '5482290941', 'A48229094', '٥٤٨٢٢٩٠٩٤'])
      expect(identificacionValida('cedula', mal)).toBe(false);
    expect(identificacionValida('pasaporte', 'C01234567')).toBe(true);
    expect(identificacionValida('dni', '1234')).toBe(false);
    expect(formatearIdentificacion('cedula', '548229094')).toBe('5-4822-9094');
    expect(formatearIdentificacion('pasaporte', 'C01234567')).toBe('C01234567');
  });

  it('el formulario de clientes acepta 5-4822-9094 y guarda 548229094; rechaza lo demás con el texto de la especificación', () => {
    const base = {
      nombre: 'Ana',
      apellido: 'Mora',
      identidad_tipo: 'cedula',
      fecha_nacimiento: '1980-01-01',
      email: 'ana@example.cr',
      telefono: '88888888',
      direccion: 'San José centro 100 m',
      ciudad: 'San José',
    };
    expect(clienteCrearSchema.parse({ ...base, identidad_numero: '5-4822-9094' }).identidad_numero).toBe('548229094');
    const mal = clienteCrearSchema.safeParse({ ...base, identidad_numero: '5-4822-909' });
    expect(mal.error?.issues).toEqual([
      expect.objectContaining({ path: ['identidad_numero'], message: 'Número de identificación inválido' }),
    ]);
  });

  it('una búsqueda escrita como número de identificación se reconoce', () => {
    expect(pareceIdentificacion('5-4822')).toBe(true);
    expect(pareceIdentificacion('５４８２２９０９４')).toBe(true);
    expect(pareceIdentificacion('C 0123 4567')).toBe(true);
    expect(pareceIdentificacion('María 12345')).toBe(false);
    expect(pareceIdentificacion('Rodríguez')).toBe(false);
  });
});

describe('normalizarEmail', () => {
  it('mayúsculas, espacios, ancho completo e invisibles dan la misma dirección', () => {
    for (const v of [
      ' Ana@Example.CR ',
      'ANA@EXAMPLE.CR',
      'ａｎａ＠ｅｘａｍｐｌｅ．ｃｒ',
      'ana\u200B@example.cr\uFEFF',
      '\u00A0ana@example.cr\t',
    ]) {
      expect(normalizarEmail(v), JSON.stringify(v)).toBe('ana@example.cr');
      expect(emailSchema.parse(v)).toBe('ana@example.cr');
    }
    expect(emailEsCanonico('ana@example.cr')).toBe(true);
    expect(emailEsCanonico('Ana@example.cr')).toBe(false);
  });

  it('es idempotente y el esquema valida después (máximo 254)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        const una = normalizarEmail(s);
        expect(normalizarEmail(una)).toBe(una);
        expect(emailEsCanonico(una)).toBe(true);
      }),
    );
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@x.cr`).success).toBe(false);
    expect(emailSchema.safeParse('no es un email').error?.issues[0]?.message).toBe('Email inválido');
  });

  it('mayúsculas, espacios en los bordes e invisibles nunca cambian la dirección', () => {
    const email = fc
      .tuple(fc.stringMatching(/^[a-z0-9._]{1,20}$/), fc.stringMatching(/^[a-z0-9]{1,12}\.[a-z]{2,3}$/))
      .map(([l, d]) => `${l}@${d}`);
    fc.assert(
      fc.property(
        email.chain((e) =>
          fc.tuple(
            fc.constant(e),
            conInsertados(e, INVISIBLES),
            fc.boolean(),
            fc.boolean(),
            fc.constantFrom('', ' ', '\u00A0', '\t'),
          ),
        ),
        ([e, variante, mayus, ancho, borde]) => {
          let v = mayus ? variante.toUpperCase() : variante;
          if (ancho) v = anchoCompleto(v);
          expect(normalizarEmail(`${borde}${v}${borde}`)).toBe(e);
        },
      ),
    );
  });
});
