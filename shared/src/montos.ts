/**
 * Amounts as people type and read them (es-CR text ↔ integer céntimos). The exact arithmetic on
 * money (ratios, half-even rounding, allocation) is domain/money.ts.
 */
import { montosTexts } from './texts/montos';
import { validationTexts } from './texts/validation';

/** Money is integer céntimos (1 colón = 100 céntimos); conversion happens only at the edges. */
export type Centimos = number;

/**
 * The formatters are built on first use, not at import: the first Intl formatter of a process
 * loads the locale data (~10 ms), which a Lambda that bundles this module but formats no amount
 * would pay at every cold start.
 */
let crc: Intl.NumberFormat | undefined;
let millones: Intl.NumberFormat | undefined;

/** Céntimos as an exact decimal string in colones ("-1234.05"), never through a float division. */
export function colonesDecimal(centimos: Centimos): string {
  const abs = Math.abs(centimos);
  const entero = Math.trunc(abs / 100);
  return `${centimos < 0 ? '-' : ''}${entero}.${String(abs - entero * 100).padStart(2, '0')}`;
}

/** es-CR currency text, e.g. ₡1 250 000,00 (formatted from the exact decimal string). */
export function formatCRC(centimos: Centimos): string {
  crc ??= new Intl.NumberFormat('es-CR', { style: 'currency', currency: 'CRC' });
  return crc.format(colonesDecimal(centimos) as `${number}`);
}

/** Dashboard portfolio card (spec §9, in colones): millions with one decimal in es-CR, e.g. ₡1 254,0 M. */
export function formatMillions(centimos: Centimos): string {
  millones ??= new Intl.NumberFormat('es-CR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `₡${millones.format(centimos / 100 / 1_000_000)}\u00a0M`;
}

// ---------------------------------------------------------------- amounts as typed

/** Why a typed amount was refused; each has its text in TEXTS.montos. */
export type ErrorMonto = 'vacio' | 'caracteres' | 'negativo' | 'incompleto' | 'ambiguo' | 'grupos' | 'decimales' | 'grande';

export type LecturaMonto = { ok: true; centimos: Centimos } | { ok: false; error: ErrorMonto };

const MAX_CENTIMOS = BigInt(Number.MAX_SAFE_INTEGER);
/** The spaces people and es-CR formatting put between thousands: space, no-break, narrow no-break, thin. */
const ESPACIOS = /[ \u00a0\u202f\u2009]+/g;

const rechazo = (error: ErrorMonto): LecturaMonto => ({ ok: false, error });

/**
 * Reads an amount in colones the way Costa Ricans type it (lending-rules.md "Costa Rican formats")
 * into integer céntimos, digit by digit (no float ever holds the amount):
 * - an optional leading ₡, ¢ or CRC;
 * - thousands grouped by dots or by spaces (also no-break ones) in groups of 3: 500.000, 1 000 000;
 * - a comma before 1–2 decimals: 62550,5, ₡1.000.000,50;
 * - the plain 500000.50: a single dot followed by 1–2 digits and no other separator is a decimal point
 *   (a dot followed by 3 digits is thousands: 62.550 is ₡62 550).
 * Anything else is refused with its reason, never guessed or scaled: mixed forms (1,000.50,
 * 1.000 000, a comma followed by 3 digits as in 1.000,000), misplaced groups (50.00.0), more
 * than 2 decimals, a minus sign, letters.
 */
export function leerMonto(texto: string): LecturaMonto {
  let s = texto.trim();
  if (/^[-\u2212]/.test(s)) return rechazo('negativo');
  s = s.replace(/^(?:₡|¢|CRC)\s*/i, '');
  if (s === '') return rechazo('vacio');
  if (/^[-\u2212]/.test(s)) return rechazo('negativo');
  s = s.replace(ESPACIOS, ' ');
  if (!/^[\d., ]+$/.test(s)) return rechazo('caracteres');

  let entero: string;
  let decimales = '';
  const partes = s.split(',');
  if (partes.length > 2) return rechazo('ambiguo'); // 1,000,000: the comma is the decimal mark
  if (partes.length === 2) {
    entero = partes[0]!;
    decimales = partes[1]!;
    if (/[. ]/.test(decimales)) return rechazo('ambiguo'); // 1,000.50
    if (decimales === '') return rechazo('incompleto'); // 500,
    if (decimales.length === 3) return rechazo('ambiguo'); // 1,000 or 1.000,000: thousands or decimals?
    if (decimales.length > 3) return rechazo('decimales');
  } else {
    const punto = /^(\d*)\.(\d{1,2})$/.exec(s);
    if (punto) {
      entero = punto[1]!;
      decimales = punto[2]!;
    } else {
      entero = s;
    }
  }

  if (entero === '') {
    if (decimales === '') return rechazo('incompleto');
    entero = '0'; // ,50 or .50
  }
  if (entero.endsWith('.')) return rechazo('incompleto'); // 500. or 1.000.
  const conPuntos = entero.includes('.');
  const conEspacios = entero.includes(' ');
  if (conPuntos && conEspacios) return rechazo('ambiguo'); // 1 000.50, 1.000 000
  if (conPuntos || conEspacios) {
    const grupos = entero.split(conPuntos ? '.' : ' ');
    const primero = grupos[0]!;
    if (/^0\d{0,2}$/.test(primero)) return rechazo('ambiguo'); // 0.500: a half or five hundred?
    if (!/^\d{1,3}$/.test(primero) || grupos.slice(1).some((g) => !/^\d{3}$/.test(g))) return rechazo('grupos');
  }

  const centimos = BigInt(entero.replace(/[. ]/g, '')) * 100n + BigInt(decimales.padEnd(2, '0'));
  if (centimos > MAX_CENTIMOS) return rechazo('grande');
  return { ok: true, centimos: Number(centimos) };
}

/**
 * The Spanish message of a refusal. `requerido` replaces the empty one and `invalido` (when given)
 * the one for letters or a minus sign, so a form keeps the spec's own field messages for those.
 */
export function mensajeMonto(error: ErrorMonto, mensajes: { requerido?: string; invalido?: string } = {}): string {
  if (error === 'vacio') return mensajes.requerido ?? validationTexts.required;
  if ((error === 'caracteres' || error === 'negativo') && mensajes.invalido) return mensajes.invalido;
  return montosTexts[error];
}

/** What the field under an amount input says while typing: how it was read, or why not (nothing while empty). */
export function lecturaEnVivo(texto: string): { ok: boolean; texto: string } | null {
  const lectura = leerMonto(texto);
  if (lectura.ok) return { ok: true, texto: montosTexts.seRegistrara(formatCRC(lectura.centimos)) };
  return lectura.error === 'vacio' ? null : { ok: false, texto: mensajeMonto(lectura.error) };
}

/**
 * Céntimos as an amount input's starting text, which leerMonto reads back unchanged: the plain
 * form, with a decimal point only when there are céntimos ('25000', '25000.50'); '' for none.
 */
export function montoEditable(centimos: Centimos | undefined): string {
  if (centimos === undefined || !Number.isSafeInteger(centimos) || centimos <= 0) return '';
  const texto = colonesDecimal(centimos);
  return texto.endsWith('.00') ? texto.slice(0, -3) : texto;
}
