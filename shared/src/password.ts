import { passwordTexts } from './texts/password';
import { seguridadTexts } from './texts/seguridad';

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

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.includes(password.toLowerCase());
}

/** All failed rules, in the spec's order; the first one is shown in the 'Contraseña no segura' toast. */
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

/** Cognito refuses a password that starts or ends with whitespace; the shared rules would pass it. */
export function hasEdgeSpace(password: string): boolean {
  return /^[ \t\n\v\f\r]|[ \t\n\v\f\r]$/.test(password);
}

/**
 * The one rule set for any password a user sets (browser and server alike): the shared check in
 * the spec's order, then the admin 16-character rule, then the edge-space rule; null when it passes.
 */
export function firstPasswordError(password: string, esAdmin: boolean): string | null {
  return (
    passwordErrors(password)[0] ??
    (esAdmin ? adminPasswordError(password) : null) ??
    (hasEdgeSpace(password) ? seguridadTexts.passwordEspacios : null)
  );
}
