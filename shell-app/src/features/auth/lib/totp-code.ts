import { mfaTexts } from '@cuota/shared/texts/mfa';

/** Authenticator apps show 6 digits, some with a space in the middle: keep the digits only. */
export function normalizeTotpCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/** Checked before calling Cognito, which would answer a malformed code in English. */
export function totpCodeError(code: string): string | null {
  return /^\d{6}$/.test(code) ? null : mfaTexts.codigoFormato;
}
