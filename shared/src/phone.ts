/** Spec §5 "Phone (registration)": optional +, then 506, then exactly 8 digits, ignoring dashes and spaces. */
export const CR_PHONE = /^\+?506\d{8}$/;

export function normalizePhone(value: string): string {
  return value.replace(/[-\s]/g, '');
}

export function isCostaRicaPhone(value: string): boolean {
  return CR_PHONE.test(normalizePhone(value));
}
