import { passwordTexts } from './texts/password';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
export const ADMIN_PASSWORD_MIN = 16;

/** The 30 common passwords refused at registration (spec §5, compared case-insensitively). */
// prettier-ignore
export const COMMON_PASSWORDS: readonly string[] = [
  'password', '123456', '123456789', '12345678', '12345', 'qwerty', 'abc123', 'password1',
  '111111', '1234567', 'iloveyou', 'admin', 'letmein', 'welcome', 'monkey', 'dragon',
  'football', 'baseball', 'sunshine', 'princess', 'qwerty123', 'password123', '1234567890',
  '000000', 'trustno1', 'master', 'superman', 'contraseña', 'admin123', 'passw0rd',
];

/** Cognito's accepted symbol set, so the browser and the user pool agree on "special symbol". */
const SYMBOL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/** NFKC and lower case: full-width or styled letters read as the plain ones. */
const plegar = (s: string) => s.normalize('NFKC').toLowerCase();

/** The symbols people use for letters: @ for a, $ for s. */
const simbolosALetras = (s: string) => s.replace(/@/g, 'a').replace(/\$/g, 's');

/** Digits read as letters (0→o, 1→i, 3→e, 4→a, 5→s); l and 1 both read as i, so "1" matches either. */
const LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', l: 'i' };
const esqueleto = (s: string) => simbolosALetras(s).replace(/[01345l]/g, (c) => LEET[c]!);

/**
 * True when `texto` is the word `w` (substitutions undone) padded only with characters that are
 * not letters: digits, symbols, spaces (Password123!, 1loveyou2026!, ***abc123?00!).
 */
function esPalabraRellena(texto: string, w: string): boolean {
  const cps = [...texto];
  const largo = [...w].length;
  const objetivo = esqueleto(w);
  for (let i = 0; i + largo <= cps.length; i++) {
    if (esqueleto(cps.slice(i, i + largo).join('')) !== objetivo) continue;
    if (!/\p{L}/u.test(cps.slice(0, i).join('') + cps.slice(i + largo).join(''))) return true;
  }
  return false;
}

const BLOQUEADAS = COMMON_PASSWORDS.map(plegar);

/**
 * Spec §5 blocklist, made reachable (a blocklisted word alone never passes the other rules).
 * A password is common when, after NFKC and lower case:
 * 1. it is a blocklisted word; or
 * 2. it is a blocklisted word padded with digits, symbols or spaces only, reading @ and $ as
 *    a and s and 0/1/3/4/5 as o/i/e/a/s inside the word: Password123!, Qwerty123456!,
 *    P@ssw0rd2026!, 1loveyou2026!; or
 * 3. a blocklisted word (as written, or with the substitutions undone) makes up at least half
 *    of it: 123456789Ab!, MiPassword2026!, Admin123456!!.
 * A passphrase that merely contains a short word (Tortuga-Admin-Verde-2026) still passes.
 */
export function isCommonPassword(password: string): boolean {
  const plano = plegar(password);
  if (BLOQUEADAS.includes(plano)) return true;
  const conLetras = simbolosALetras(plano);
  if (BLOQUEADAS.some((w) => esPalabraRellena(conLetras, w))) return true;
  const largo = [...plano].length;
  const todo = esqueleto(conLetras);
  return BLOQUEADAS.some((w) => 2 * [...w].length >= largo && (conLetras.includes(w) || todo.includes(esqueleto(w))));
}

/** White space (any Unicode space, tab or line break) at the start or the end. */
export function tieneEspaciosEnLosBordes(password: string): boolean {
  return /^\s|\s$/u.test(password);
}

/**
 * All failed rules, in the spec's order, then the edge-space rule (Cognito refuses such a
 * password, and a copied space would lock the user out); the first one is shown in the
 * 'Contraseña no segura' toast. Browser and server run this same check.
 */
export function passwordErrors(password: string): string[] {
  const t = passwordTexts;
  const errors: string[] = [];
  if (password.length < PASSWORD_MIN) errors.push(t.min);
  if (password.length > PASSWORD_MAX) errors.push(t.max);
  if (!/[a-z]/.test(password)) errors.push(t.lower);
  if (!/[A-Z]/.test(password)) errors.push(t.upper);
  if (!/\d/.test(password)) errors.push(t.digit);
  if (!SYMBOL.test(password)) errors.push(t.symbol);
  if (isCommonPassword(password)) errors.push(t.common);
  if (tieneEspaciosEnLosBordes(password)) errors.push(t.espacios);
  return errors;
}

export type StrengthLevel = 'muy-debil' | 'debil' | 'media' | 'fuerte' | 'muy-fuerte';

export interface PasswordStrength {
  score: number;
  level: StrengthLevel;
  label: string;
  errors: string[];
  /** 'Contraseña segura' is shown when true. */
  secure: boolean;
}

const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '0123456789', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

function hasSequence(password: string): boolean {
  const lower = password.toLowerCase();
  for (let i = 0; i + 3 <= lower.length; i++) {
    const chunk = lower.slice(i, i + 3);
    if (SEQUENCES.some((s) => s.includes(chunk))) return true;
  }
  return false;
}

/** Spec §5 "Strength score (0 to 100)". */
export function passwordStrength(password: string): PasswordStrength {
  let score = 0;
  if (password.length >= 12) score += 25;
  else if (password.length >= 10) score += 15;
  else if (password.length >= 8) score += 10;
  if (/[a-z]/.test(password)) score += 15;
  if (/[A-Z]/.test(password)) score += 15;
  if (/\d/.test(password)) score += 15;
  if (SYMBOL.test(password)) score += 20;
  const distinct = new Set(password).size;
  if (distinct >= 10) score += 10;
  else if (distinct >= 8) score += 5;
  if (/(.)\1\1/.test(password)) score -= 10;
  if (hasSequence(password)) score -= 10;
  if (isCommonPassword(password)) score = Math.min(score, 30);
  // refused as typed (spaces at the edges): never rated above 'Débil'
  if (tieneEspaciosEnLosBordes(password)) score = Math.min(score, 30);
  score = Math.max(0, Math.min(100, score));
  const levels: [number, StrengthLevel, string][] = [
    [30, 'muy-debil', 'Muy Débil'],
    [50, 'debil', 'Débil'],
    [70, 'media', 'Media'],
    [90, 'fuerte', 'Fuerte'],
  ];
  const found = levels.find(([limit]) => score < limit);
  const [, level, label] = found ?? [100, 'muy-fuerte', 'Muy Fuerte'];
  const errors = passwordErrors(password);
  return { score, level, label, errors, secure: errors.length === 0 && password.length >= PASSWORD_MIN };
}

/** Spec §5: admin users need 16+ characters, checked after the shared rules. */
export function adminPasswordError(password: string): string | null {
  return password.length < ADMIN_PASSWORD_MIN ? passwordTexts.adminMin : null;
}

/**
 * Cognito never stores a password that starts or ends with ASCII white space, so a "current
 * password" like that cannot be right (new passwords are checked by passwordErrors, wider).
 */
export function hasEdgeSpace(password: string): boolean {
  return /^[ \t\n\v\f\r]|[ \t\n\v\f\r]$/.test(password);
}

/**
 * The one rule set for any password a user sets (browser and server alike): the shared check
 * (spec order, blocklist, edge spaces), then the admin 16-character rule; null when it passes.
 */
export function firstPasswordError(password: string, esAdmin: boolean): string | null {
  return passwordErrors(password)[0] ?? (esAdmin ? adminPasswordError(password) : null);
}
