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

/** The term a query is looked up by: normalized; its longest word narrows the index best. */
export function queryTerm(q: string): { lookup: string; words: string[] } | null {
  const normalized = normalizeTerm(q);
  if (!normalized) return null;
  const words = normalized.split(' ');
  return { lookup: normalized, words };
}
