import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOMBRE_CON_ACENTOS } from '../../../test/busqueda-fixtures';
import {
  coincide,
  LARGO_MAXIMO_CLAVE,
  LARGO_SUBCADENA,
  MAX_TERMINOS_CLIENTE,
  queryTerm,
  leeSufijos,
  searchTerms,
  terminosDelIndice,
  tokensDelCliente,
  type Searchable,
} from './search-terms';

const MARIA: Searchable = {
  ...NOMBRE_CON_ACENTOS,
  email: 'maria.rodriguez+pagos@gmail.com',
  identidad_numero: '102340567',
  telefono: '+506 8712-3456',
};

/** What the index finds for a query: a key that starts with its lookup (one Query, begins_with). */
const indiceEncuentra = (c: Searchable, q: string) => {
  const consulta = queryTerm(q);
  return consulta !== null && searchTerms(c).some((k) => k.startsWith(consulta.lookup)) && coincide(c, consulta);
};

describe('tokensDelCliente', () => {
  it('parte el nombre en palabras sin acentos y el email en . @ _ - +', () => {
    expect(tokensDelCliente({ ...MARIA, email: 'ana_vargas-85.mora@correo.co.cr' })).toEqual([
      'maria',
      'jose',
      'rodriguez',
      'solis',
      'ana',
      'vargas',
      '85',
      'mora',
      'correo',
      'co',
      'cr',
      'ana_vargas-85.mora@correo.co.cr',
      '102340567',
      '87123456',
    ]);
  });

  it('guarda el pasaporte en su forma canónica y sus dígitos; sin teléfono ni identificación no los indexa', () => {
    const t = tokensDelCliente({
      nombre: 'Lucía',
      apellido: 'Mora',
      email: 'l@x.cr',
      identidad_numero: 'ab-12345',
      telefono: null,
    });
    expect(t).toEqual(['lucia', 'mora', 'l', 'x', 'cr', 'l@x.cr', 'ab12345', '12345']);
    expect(tokensDelCliente({ nombre: 'Ana', apellido: 'Mora', email: 'ana@x.cr', identidad_numero: null })).toEqual([
      'ana',
      'mora',
      'x',
      'cr',
      'ana@x.cr',
    ]);
  });
});

describe('searchTerms (las claves del índice)', () => {
  it('tiene cada palabra entera y sus sufijos de 3 o más letras', () => {
    const claves = searchTerms(MARIA);
    expect(claves).toEqual(expect.arrayContaining(['maria', 'aria', 'ria', 'gmail', 'mail', 'ail', 'com']));
    expect(claves).toEqual(expect.arrayContaining(['rodriguez', 'driguez', 'guez', 'uez', '102340567', '87123456', '23456']));
    expect(claves).not.toContain('ia');
    // the identification number is found from its start: whole only
    expect(claves.filter((k) => '102340567'.includes(k))).toEqual(['102340567']);
    expect(new Set(claves).size).toBe(claves.length);
  });

  it('separa las palabras enteras de los sufijos; solo una búsqueda de 3 o más lee los sufijos', () => {
    const terminos = terminosDelIndice(MARIA);
    expect(terminos.map((t) => t.texto)).toEqual(searchTerms(MARIA));
    const enteras = terminos.filter((t) => !t.sufijo).map((t) => t.texto);
    expect(enteras).toEqual(expect.arrayContaining(['maria', 'gmail', 'com', 'pagos', '87123456']));
    expect(enteras).not.toContain('mail');
    expect(terminos.filter((t) => t.sufijo).map((t) => t.texto)).toEqual(expect.arrayContaining(['mail', 'aria', '23456']));
    expect(leeSufijos(queryTerm('ma')!)).toBe(false);
    expect(leeSufijos(queryTerm('ma ro')!)).toBe(false);
    expect(leeSufijos(queryTerm('mai')!)).toBe(true);
    expect(leeSufijos(queryTerm('ma rodr')!)).toBe(true);
  });

  it('no pasa de MAX_TERMINOS_CLIENTE ni de LARGO_MAXIMO_CLAVE, y guarda primero las palabras enteras', () => {
    const largo: Searchable = {
      nombre: 'Maximiliana Bartolomea Esmeralda',
      apellido: 'Villavicencio Santamaría',
      email: 'maximilianabartolomeaesmeraldavillavicencio1985@universidadnacional.ac.cr',
      identidad_numero: 'ABC123456789012',
      telefono: '+506 2222-3333',
    };
    const claves = searchTerms(largo);
    expect(claves).toHaveLength(MAX_TERMINOS_CLIENTE);
    expect(claves.every((k) => k.length <= LARGO_MAXIMO_CLAVE)).toBe(true);
    for (const t of tokensDelCliente(largo)) expect(claves).toContain(t.slice(0, LARGO_MAXIMO_CLAVE));
  });
});

describe('queryTerm y coincide', () => {
  it('gmail, una parte del apellido, del nombre o del teléfono encuentran a la clienta', () => {
    for (const q of [
      'gmail',
      'GMAIL.com',
      'drigu',
      'Solís',
      'josé rodr',
      'pagos',
      '3456',
      '8712-3456',
      '+506 8712 3456',
      'maria.rodriguez+pagos@gmail.com',
    ]) {
      expect(indiceEncuentra(MARIA, q), q).toBe(true);
    }
    for (const q of ['hotmail', 'vargas', 'maria vargas', 'maria@hotmail', '9999', '0567', '2340']) {
      expect(indiceEncuentra(MARIA, q), q).toBe(false);
    }
  });

  it('letras y dígitos juntos (un código como mh8x2k3a, vargas85 en un email) se encuentran por cualquier parte de 3+', () => {
    const codigo = { ...MARIA, apellido: 'Solís mh8x2k3a', email: 'vargas85@correo.cr' };
    for (const q of ['mh8x2k3a', 'x2k3', 'MH8X', 'vargas85', 'gas8', 'argas']) expect(indiceEncuentra(codigo, q), q).toBe(true);
    // 2 characters only at the start of a word
    expect(indiceEncuentra(codigo, '85')).toBe(false);
  });

  it('un email escrito desde su inicio se busca por la dirección entera (una clave); desde la @, por sus palabras', () => {
    expect(queryTerm('Maria.Rodriguez+pagos@GM')).toEqual({
      lookup: 'maria.rodriguez+pagos@gm',
      alternativas: [['maria', 'rodriguez', 'pagos', 'gm']],
      email: 'maria.rodriguez+pagos@gm',
    });
    expect(indiceEncuentra(MARIA, 'maria.rodriguez+pagos@gmail.com')).toBe(true);
    expect(indiceEncuentra(MARIA, 'rodriguez+pagos@gmail.com')).toBe(false);
    expect(queryTerm('@gmail.com')).toEqual({ lookup: 'gmail', alternativas: [['gmail', 'com']] });
    expect(indiceEncuentra(MARIA, '@gmail.com')).toBe(true);
  });

  it('una palabra de 1 o 2 letras solo coincide al inicio de una palabra', () => {
    expect(coincide(MARIA, queryTerm('ma')!)).toBe(true);
    expect(coincide(MARIA, queryTerm('ia')!)).toBe(false);
    expect(coincide(MARIA, queryTerm('ria')!)).toBe(true);
  });

  it('una cédula escrita con guiones, ancho completo o invisibles se busca en su forma canónica', () => {
    for (const q of ['5-4822-9094', '５４８２２９０９４', '5482\u200B29094', ' 5 4822 9094 ']) {
      expect(queryTerm(q), q).toEqual({ lookup: '548229094', alternativas: [['548229094']] });
    }
    expect(queryTerm('A1234567')).toEqual({ lookup: 'a1234567', alternativas: [['a1234567']] });
    expect(queryTerm('María 12345')).toEqual({ lookup: 'maria', alternativas: [['maria', '12345']] });
    expect(queryTerm('   ')).toBeNull();
  });

  it("'Ana 12345' se busca como nombre con el inicio de un número y como el pasaporte ANA12345", () => {
    expect(queryTerm('Ana 12345')).toEqual({ lookup: '12345', alternativas: [['ana12345'], ['ana', '12345']] });
    const ana = { nombre: 'Ana', apellido: 'Brenes', email: 'ab@x.cr', identidad_numero: '123456789' };
    const lucia = { nombre: 'Lucía', apellido: 'Mora', email: 'lm@x.cr', identidad_numero: 'ANA1234567' };
    expect(indiceEncuentra(ana, 'Ana 12345')).toBe(true);
    expect(indiceEncuentra(lucia, 'Ana 12345')).toBe(true);
    expect(indiceEncuentra(lucia, 'ANA1234567')).toBe(true);
    expect(indiceEncuentra(ana, 'ANA1234567')).toBe(false);
  });

  const palabra = fc.stringMatching(/^[a-záéíóúñ]{1,14}$/);
  const cliente = fc.record({
    nombre: fc.array(palabra, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
    apellido: fc.array(palabra, { minLength: 1, maxLength: 2 }).map((w) => w.join(' ')),
    email: fc
      .tuple(palabra, fc.constantFrom('.', '_', '-', '+', ''), fc.nat(99), palabra)
      .map(([a, s, n, d]) => `${a}${s}${n}@${d}.cr`),
    identidad_numero: fc.option(fc.integer({ min: 100000000, max: 999999999 }).map(String), { nil: null }),
    telefono: fc.option(
      fc.integer({ min: 20000000, max: 89999999 }).map((n) => `+506 ${n}`),
      { nil: null },
    ),
  });

  it('propiedad: cualquier parte de 3+ caracteres del nombre, el email o el teléfono (dentro del tope de claves) la encuentra el índice', () => {
    fc.assert(
      fc.property(cliente, fc.nat(), fc.nat(), fc.nat(), (conIdentidad, i, desde, largo) => {
        // the identification number is found from its start only (the next property covers starts)
        const c = { ...conIdentidad, identidad_numero: null };
        const tokens = tokensDelCliente(c);
        const token = tokens[i % tokens.length]!;
        fc.pre(token.length >= LARGO_SUBCADENA);
        const inicio = desde % (token.length - LARGO_SUBCADENA + 1);
        const parte = token.slice(inicio, inicio + LARGO_SUBCADENA + (largo % (token.length - inicio - LARGO_SUBCADENA + 1)));
        // what the cap may leave out is said in MAX_TERMINOS_CLIENTE: only test parts the index kept
        fc.pre(searchTerms(c).includes(token.slice(inicio, inicio + LARGO_MAXIMO_CLAVE)));
        expect(indiceEncuentra(c, parte)).toBe(true);
      }),
    );
  });

  it('propiedad: el inicio de cualquier palabra la encuentra, y nada que no esté en el cliente coincide', () => {
    fc.assert(
      fc.property(cliente, fc.nat(), fc.integer({ min: 1, max: 14 }), palabra, (c, i, n, otra) => {
        const tokens = tokensDelCliente(c);
        const token = tokens[i % tokens.length]!;
        expect(indiceEncuentra(c, token.slice(0, n))).toBe(true);
        const consulta = queryTerm(otra);
        if (consulta) {
          const w = consulta.alternativas[0]![0]!;
          const esta = tokens.some((t) => (w.length >= LARGO_SUBCADENA ? t.includes(w) : t.startsWith(w)));
          expect(coincide(c, consulta)).toBe(esta);
        }
      }),
    );
  });

  it('propiedad: el índice nunca tiene más de MAX_TERMINOS_CLIENTE claves ni claves repetidas', () => {
    fc.assert(
      fc.property(cliente, (c) => {
        const claves = searchTerms(c);
        expect(claves.length).toBeLessThanOrEqual(MAX_TERMINOS_CLIENTE);
        expect(new Set(claves).size).toBe(claves.length);
      }),
    );
  });
});
