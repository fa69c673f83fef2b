/**
 * One person, one identity: the canonical form of an identification number and of an e-mail
 * address. Every schema that accepts one (staff client creation, search, registration, staff
 * users, password reset) transforms it here, so what is stored, searched and made unique is
 * always the same string for the same person.
 */

/** The identification types of spec §3 clientes.identidad_tipo. */
export type TipoIdentificacion = 'cedula' | 'pasaporte' | 'dni';

/**
 * Invisible characters: every format character (\p{Cf}: zero-width space/joiners U+200B–U+200D,
 * word joiner U+2060, BOM U+FEFF, soft hyphen U+00AD, bidi marks and embeddings U+200E/F,
 * U+202A–U+202E, U+2066–U+2069) plus the variation selectors and the combining grapheme joiner.
 */
const INVISIBLES = /[\p{Cf}\u034F\uFE00-\uFE0F]/gu;

/**
 * Separators people type inside a number: any white space (\s covers the Unicode spaces), any
 * dash (\p{Pd}: hyphen, en/em dash, non-breaking hyphen…), the minus sign, and dots (full stop,
 * middle dot, one-dot leader, hyphenation point, katakana middle dot). Full-width forms are
 * already folded to these by NFKC.
 */
const SEPARADORES = /[\s\p{Pd}\u2212.\u00B7\u2024\u2027\u2219\u30FB\uFF65]/gu;

/**
 * The canonical identification number: NFKC (full-width ５ becomes 5), invisibles and
 * separators removed, upper case (passports carry letters). `5-4822-9094`, `548229094`,
 * `５４８２２９０９４` and `5482\u200B29094` all give `548229094`. Idempotent.
 */
export function normalizarIdentificacion(numero: string): string {
  return hastaEstable(numero, (s) => s.normalize('NFKC').replace(INVISIBLES, '').replace(SEPARADORES, '').toUpperCase());
}

/** Applies `paso` until the text no longer changes (case mapping can un-normalise a rare letter). */
function hastaEstable(texto: string, paso: (s: string) => string): string {
  let actual = paso(texto);
  for (let i = 0; i < 4; i++) {
    const siguiente = paso(actual);
    if (siguiente === actual) break;
    actual = siguiente;
  }
  return actual;
}

/**
 * What a canonical number must look like, per type: a cédula nacional is 9 digits, the first
 * being the province (1–9), as printed 5-4822-9094; a passport or DNI/DIMEX is 5 to 20 letters
 * and digits (spec §5 "identidad_numero: min 5").
 */
const FORMATO: Record<TipoIdentificacion, RegExp> = {
  cedula: /^[1-9]\d{8}$/,
  pasaporte: /^[A-Z0-9]{5,20}$/,
  dni: /^[A-Z0-9]{5,20}$/,
};

/** True when `numero` (already canonical) is a valid number of type `tipo`. */
export function identificacionValida(tipo: TipoIdentificacion, numero: string): boolean {
  return FORMATO[tipo].test(numero);
}

/** How a canonical cédula is shown: 5-4822-9094; any other number as stored. */
export function formatearIdentificacion(tipo: TipoIdentificacion, numero: string): string {
  if (tipo === 'cedula' && FORMATO.cedula.test(numero)) return `${numero.slice(0, 1)}-${numero.slice(1, 5)}-${numero.slice(5)}`;
  return numero;
}

/**
 * True when a search text is an identification number as people type it: at least 5 digits,
 * perhaps after up to 3 letters (a passport), with any separators. The search then looks it up
 * by its canonical form.
 */
export function pareceIdentificacion(texto: string): boolean {
  return /^[A-Z]{0,3}\d{5,}$/.test(normalizarIdentificacion(texto));
}

/** The longest address the product accepts (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

/**
 * The canonical e-mail address: NFKC (full-width ＡＮＡ＠ｅｘａｍｐｌｅ．ｃｒ folds to ASCII),
 * invisibles removed, surrounding white space trimmed, lower case. ' Ana@Example.CR ' and
 * 'ana@example.cr' are one account. Idempotent; validation comes after (emailSchema).
 */
export function normalizarEmail(email: string): string {
  return hastaEstable(email, (s) => s.normalize('NFKC').replace(INVISIBLES, '').trim().toLowerCase());
}

/** True when `email` is already in canonical form (what Cognito's PreSignUp trigger accepts). */
export function emailEsCanonico(email: string): boolean {
  return normalizarEmail(email) === email;
}
