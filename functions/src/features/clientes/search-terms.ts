import { normalizarIdentificacion, pareceIdentificacion } from '@cuota/shared/identidad';
import { normalizeTerm } from '#commons/keys';

export interface Searchable {
  nombre: string;
  apellido: string;
  email: string;
  identidad_numero: string | null;
  /** Optional so records written before phones were searched still type-check. */
  telefono?: string | null;
}

/**
 * What "any part" means (docs/architecture.md, "The search index"): a client is split into
 * tokens (each word of nombre and apellido, each part of the e-mail split at `. @ _ - +`, the
 * phone's digits without +506, the canonical identification number). A query word of 3
 * characters or more is found anywhere inside a name, e-mail or phone token; a shorter one, and
 * any word against the identification number, at the start of a token; a query typed as an
 * e-mail from its start ('maria.ro@gm'), at the start of the address. The index holds every
 * token whole and every suffix of 3+ characters of the name, e-mail and phone tokens, so
 * "anywhere inside" is a prefix match on one suffix: one Query whose cost grows with the page
 * read, never with the portfolio.
 */

/** Index keys of at most this many characters: a longer query word is looked up by its start. */
export const LARGO_MAXIMO_CLAVE = 24;
/** A query word this long is found anywhere inside a token; a shorter one at a token's start. */
export const LARGO_SUBCADENA = 3;
/**
 * At most this many index items per client. An update that renames a client deletes the old
 * items and writes the new ones in one transaction (≤ 100 items): 2 × 45 plus the client and
 * the activity entry fit. Whole tokens are kept first, then suffixes by their offset, so when a
 * client has more, what is lost is the deepest inside of the longest tokens.
 */
export const MAX_TERMINOS_CLIENTE = 45;

/**
 * The words of a text: lower case without accents, split at white space and . @ _ - + ' , ; : / ( ).
 * Letters and digits stay together ('vargas85', a code like 'mh8x2k3a'): a part of either is
 * still found, as it is a substring.
 */
function partes(texto: string): string[] {
  return normalizeTerm(texto.normalize('NFKC'))
    .split(/[\s._@+\-'’,;:/()]+/)
    .filter(Boolean);
}

/** Digits of a phone or a typed number, without Costa Rica's +506 ('+506 8712-3456' → '87123456'). */
function digitos(texto: string): string {
  const d = texto.normalize('NFKC').replace(/\D/g, '');
  return d.length === 11 && d.startsWith('506') ? d.slice(3) : d;
}

/** A token, and whether any part of it is found (name, e-mail, phone) or only its start (identification). */
interface Token {
  texto: string;
  subcadenas: boolean;
}

function tokensConTipo(c: Searchable): Token[] {
  const tokens = new Map<string, boolean>();
  const poner = (texto: string, subcadenas: boolean) => {
    if (texto && !tokens.has(texto)) tokens.set(texto, subcadenas);
  };
  for (const p of [...partes(`${c.nombre} ${c.apellido}`), ...partes(c.email)]) poner(p, true);
  // the whole address, for a query typed as one ('maria.ro@gm…'): from its start
  poner(normalizeTerm(c.email), false);
  if (c.identidad_numero) {
    // a number is typed from its start: whole, and a passport's digits without its letters
    const canonico = normalizeTerm(normalizarIdentificacion(c.identidad_numero));
    poner(canonico, false);
    poner(/^[a-z]+(\d{5,})$/.exec(canonico)?.[1] ?? '', false);
  }
  const telefono = c.telefono ? digitos(c.telefono) : '';
  if (telefono.length >= 4) poner(telefono, true);
  return [...tokens].map(([texto, subcadenas]) => ({ texto, subcadenas }));
}

/** The tokens a client is found by, each once, in priority order (name, e-mail, identification, phone). */
export function tokensDelCliente(c: Searchable): string[] {
  return tokensConTipo(c).map((t) => t.texto);
}

/**
 * The index keys of a client: each token whole, then the suffixes of 3+ characters of the tokens
 * found by any part, by increasing offset, each cut to LARGO_MAXIMO_CLAVE, at most
 * MAX_TERMINOS_CLIENTE of them.
 */
export function searchTerms(c: Searchable): string[] {
  const tokens = tokensConTipo(c);
  const claves = new Set<string>(tokens.map((t) => t.texto.slice(0, LARGO_MAXIMO_CLAVE)));
  const conPartes = tokens.filter((t) => t.subcadenas).map((t) => t.texto);
  const largo = Math.max(0, ...conPartes.map((t) => t.length));
  for (let desde = 1; desde < largo && claves.size < MAX_TERMINOS_CLIENTE; desde++) {
    for (const t of conPartes) {
      if (t.length - desde >= LARGO_SUBCADENA) claves.add(t.slice(desde, desde + LARGO_MAXIMO_CLAVE));
    }
  }
  return [...claves].slice(0, MAX_TERMINOS_CLIENTE);
}

/** One item of the index: a whole token (read by every query) or a suffix (read by queries of 3+ characters). */
export interface Termino {
  texto: string;
  sufijo: boolean;
}

/**
 * The keys of searchTerms, each marked whole or suffix: whole tokens and suffixes are kept in
 * separate partitions, so a query of 1 or 2 characters reads a page of whole tokens only. A suffix
 * that is also a whole token of the client is kept once, as whole (every query reads those).
 */
export function terminosDelIndice(c: Searchable): Termino[] {
  const enteras = new Set(tokensDelCliente(c).map((t) => t.slice(0, LARGO_MAXIMO_CLAVE)));
  return searchTerms(c).map((texto) => ({ texto, sufijo: !enteras.has(texto) }));
}

/** Whether the lookup of a query also reads the suffixes: a word found anywhere inside a token. */
export const leeSufijos = (consulta: Consulta): boolean => consulta.lookup.length >= LARGO_SUBCADENA;

/**
 * The terms clients were indexed by before any part of a word was searchable (prefix match of
 * words, the full name, the apellido, the e-mail and the identification number). Only the
 * reindexing job uses them: to delete what a client indexed that way still has.
 */
export function terminosAnteriores(c: Searchable): string[] {
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

/** A parsed query: the index key read (`lookup`) and the ways a client may match it. */
export interface Consulta {
  /** The prefix read from the index: the longest word, cut to LARGO_MAXIMO_CLAVE. */
  lookup: string;
  /** A client matches when every word of one alternative matches one of its tokens. */
  alternativas: string[][];
  /** Set when the query is an e-mail from its start (text, then '@'): the client's e-mail must start with it. */
  email?: string;
}

const masLarga = (palabras: string[]) => palabras.reduce((a, b) => (b.length > a.length ? b : a));

/**
 * A query as it is looked up. Digits with separators only (a phone as '+506 8712-3456', a cédula
 * as '5-4822-9094') are one number; an identification number ('A1234567', full-width digits) is
 * its canonical form; 'Ana 12345' (up to 3 letters, a space, digits) is a name with the start of a
 * number or a passport typed with a space, so both are tried; anything else is split like a client.
 */
export function queryTerm(q: string): Consulta | null {
  const texto = q.normalize('NFKC').trim();
  if (/^[\d\s\-+().]+$/.test(texto) && /\d/.test(texto)) {
    const numero = digitos(texto);
    return { lookup: numero.slice(0, LARGO_MAXIMO_CLAVE), alternativas: [[numero]] };
  }
  if (pareceIdentificacion(texto)) {
    const canonico = normalizeTerm(normalizarIdentificacion(texto));
    const [letras = '', numero = ''] = /^([a-z]*)(\d+)$/.exec(canonico)?.slice(1) ?? [];
    const alternativas = [[canonico]];
    if (letras && /\s/.test(texto)) alternativas.push([letras, numero]);
    return { lookup: (letras && /\s/.test(texto) ? numero : canonico).slice(0, LARGO_MAXIMO_CLAVE), alternativas };
  }
  const palabras = partes(texto);
  if (palabras.length === 0) return null;
  // an e-mail typed from its start is looked up by the whole address (one key per client);
  // '@gmail' and the like, by their words
  if (/^[^@\s]+@/.test(texto)) {
    const email = normalizeTerm(texto);
    return { lookup: email.slice(0, LARGO_MAXIMO_CLAVE), alternativas: [palabras], email };
  }
  return { lookup: masLarga(palabras).slice(0, LARGO_MAXIMO_CLAVE), alternativas: [palabras] };
}

/** Whether one query word matches one token (see the rule at the top). */
function palabraCoincide(palabra: string, token: Token): boolean {
  return token.subcadenas && palabra.length >= LARGO_SUBCADENA ? token.texto.includes(palabra) : token.texto.startsWith(palabra);
}

/** Whether a client (read after the index lookup) matches the query. */
export function coincide(c: Searchable, consulta: Consulta): boolean {
  if (consulta.email && !normalizeTerm(c.email).startsWith(consulta.email)) return false;
  const tokens = tokensConTipo(c);
  return consulta.alternativas.some((palabras) => palabras.every((p) => tokens.some((t) => palabraCoincide(p, t))));
}
