import { describe, expect, it } from 'vitest';
import { NOMBRE_CON_ACENTOS, TERMINOS_DEL_NOMBRE } from '../../../test/busqueda-fixtures';
import { queryTerm, searchTerms } from './search-terms';

describe('searchTerms', () => {
  it('indexa cada palabra, el nombre completo, el email y la identificación sin acentos', () => {
    const terms = searchTerms({ ...NOMBRE_CON_ACENTOS, email: 'MJ@Correo.cr', identidad_numero: '1-0234-0567' });
    expect(terms).toEqual(expect.arrayContaining([...TERMINOS_DEL_NOMBRE, 'mj@correo.cr', '1-0234-0567', '102340567']));
    expect(new Set(terms).size).toBe(terms.length);
  });

  it('omite la identificación cuando no hay', () => {
    const terms = searchTerms({ nombre: 'Ana', apellido: 'Mora', email: 'ana@x.cr', identidad_numero: null });
    expect(terms).toEqual(['ana', 'mora', 'ana mora', 'ana@x.cr']);
  });
});

describe('queryTerm', () => {
  it('normaliza la consulta y devuelve null si queda vacía', () => {
    expect(queryTerm('  RODRÍGUEZ  ')).toEqual({ lookup: 'rodriguez', words: ['rodriguez'] });
    expect(queryTerm('   ')).toBeNull();
  });

  it('una cédula escrita con guiones, ancho completo o invisibles se busca en su forma canónica', () => {
    for (const q of ['5-4822-9094', '５４８２２９０９４', '5482\u200B29094', ' 5 4822 9094 ']) {
      expect(queryTerm(q), q).toEqual({ lookup: '548229094', words: ['548229094'] });
    }
    expect(queryTerm('A1234567')).toEqual({ lookup: 'a1234567', words: ['a1234567'] });
    expect(queryTerm('María 12345')).toEqual({ lookup: 'maria 12345', words: ['maria', '12345'] });
  });

  it('una palabra corta, un espacio y dígitos se busca como nombre y también como número de identificación', () => {
    expect(queryTerm('Ana 12345')).toEqual({ lookup: '12345', words: ['ana', '12345'], identidad: 'ana12345' });
    expect(queryTerm('C 0123-4567')).toEqual({ lookup: '01234567', words: ['c', '01234567'], identidad: 'c01234567' });
  });
});
