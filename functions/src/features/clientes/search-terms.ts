import { normalizarIdentificacion, pareceIdentificacion } from '@cuota/shared/identidad';
import { normalizeTerm } from '#commons/keys';

export interface Searchable {
  nombre: string;
  apellido: string;
  email: string;
  identidad_numero: string | null;
}

/**
 * The terms a client is found by (prefix match): each word of nombre and apellido, the full
 * name, the email and the identification number (digits only as well, so 1-0234-0567 and
 * 102340567 both match).
 */
export function searchTerms(c: Searchable): string[] {
  const terms = new Set<string>();
  const words = normalizeTerm(`${c.nombre} ${c.apellido}`).split(' ').filter(Boolean);
  for (const w of words) terms.add(w);
  terms.add(words.join(' '));
  terms.add(normalizeTerm(c.apellido));
  terms.add(normalizeTerm(c.email));
  if (c.identidad_numero) {
    terms.add(normalizeTerm(c.identidad_numero));
    const digits = c.identidad_numero.replace(/\D/g, '');
    if (digits.length >= 5) terms.add(digits);
  }
  return [...terms].filter((t) => t.length > 0 && t.length <= 200);
}

/**
 * What a query is looked up by: normalized `words` (the longest narrows the index best, each must
 * prefix a word of the client's terms). A query typed as an identification number (`5-4822-9094`,
 * full-width digits, passport `A1234567`) is looked up canonical. A word of up to 3 letters, a
 * space, then digits ('Ana 12345', 'C 0123-4567') is either a name with the start of a number or
 * a passport typed with a space: it is searched as both, by name words (letters, then the digits)
 * and by `identidad`, the canonical number a term of the client may start with.
 */
export function queryTerm(q: string): { lookup: string; words: string[]; identidad?: string } | null {
  const normalized = normalizeTerm(q.normalize('NFKC'));
  if (pareceIdentificacion(q)) {
    const canonico = normalizeTerm(normalizarIdentificacion(q));
    const letras = /^[a-z]*/.exec(canonico)?.[0] ?? '';
    const [primera, ...resto] = normalized.split(' ');
    if (letras && primera === letras && resto.length > 0) {
      const digitos = canonico.slice(letras.length);
      return { lookup: digitos, words: [letras, digitos], identidad: canonico };
    }
    return { lookup: canonico, words: [canonico] };
  }
  if (!normalized) return null;
  const words = normalized.split(' ');
  return { lookup: normalized, words };
}
