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
 * The term a query is looked up by: normalized; its longest word narrows the index best. A query
 * typed as an identification number (`5-4822-9094`, full-width digits) is looked up canonical.
 */
export function queryTerm(q: string): { lookup: string; words: string[] } | null {
  if (pareceIdentificacion(q)) {
    const canonico = normalizeTerm(normalizarIdentificacion(q));
    return { lookup: canonico, words: [canonico] };
  }
  const normalized = normalizeTerm(q.normalize('NFKC'));
  if (!normalized) return null;
  const words = normalized.split(' ');
  return { lookup: normalized, words };
}
