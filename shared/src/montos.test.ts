import { describe, expect, it } from 'vitest';
import {
  colonesDecimal,
  formatCRC,
  formatMillions,
  lecturaEnVivo,
  leerMonto,
  mensajeMonto,
  montoEditable,
  type ErrorMonto,
} from './montos';
import { montoTextoSchema } from './schemas/common';
import { TEXTS } from './texts';

/** Spaces es-CR formatting uses, so tests compare what a reader sees. */
const plano = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('leerMonto: montos escritos a la costarricense', () => {
  it.each<[string, number]>([
    // thousands with dots, the usual way
    ['500.000', 500_000_00],
    ['62.550', 62_550_00],
    ['1.000.000', 1_000_000_00],
    ['₡1.000.000,50', 1_000_000_50],
    ['1.000,5', 1_000_50],
    // thousands with spaces: plain, no-break (U+00A0), narrow no-break (U+202F), thin (U+2009)
    ['500 000', 500_000_00],
    ['1 000 000', 1_000_000_00],
    ['500\u00a0000', 500_000_00],
    ['1\u202f000\u202f000,25', 1_000_000_25],
    ['1\u2009500', 1_500_00],
    ['₡500\u00a0000,00', 500_000_00], // what formatCRC writes, pasted back
    // comma as the decimal mark
    ['62550,5', 62_550_50],
    ['62550,50', 62_550_50],
    ['0,5', 50],
    [',50', 50],
    // the plain form: a single dot followed by 1–2 digits is a decimal point
    ['500000.50', 500_000_50],
    ['500000.5', 500_000_50],
    ['62.55', 62_55],
    ['1.5', 1_50],
    ['.5', 50],
    // no separators at all
    ['500000', 500_000_00],
    ['100', 100_00],
    ['0', 0],
    ['007', 7_00],
    // currency prefix and surrounding spaces
    ['₡500.000', 500_000_00],
    ['₡ 500 000', 500_000_00],
    ['¢25.000', 25_000_00],
    ['CRC 500.000', 500_000_00],
    ['crc500000', 500_000_00],
    ['  25 000,50  ', 25_000_50],
    ['\u00a0₡1.000\u00a0', 1_000_00],
    // the largest exact amount, and no float on the way
    ['90.071.992.547.409,91', Number.MAX_SAFE_INTEGER],
    ['1234567,89', 123_456_789],
    ['0,29', 29],
    ['4,35', 435],
  ])('%j → %i céntimos', (texto, centimos) => {
    expect(leerMonto(texto)).toEqual({ ok: true, centimos });
  });

  it.each<[string, ErrorMonto]>([
    ['', 'vacio'],
    ['   ', 'vacio'],
    ['₡', 'vacio'],
    ['CRC ', 'vacio'],
    // mixed or ambiguous forms
    ['1.000,000', 'ambiguo'],
    ['1,000.50', 'ambiguo'],
    ['1,000', 'ambiguo'],
    ['1,000,000', 'ambiguo'],
    ['1 000.50', 'ambiguo'],
    ['1.000 000', 'ambiguo'],
    ['1,5 000', 'ambiguo'],
    ['0.500', 'ambiguo'],
    ['0.001', 'ambiguo'],
    ['012.500', 'ambiguo'],
    // misplaced group separators
    ['50.00.0', 'grupos'],
    ['1.2.3', 'grupos'],
    ['1.0000', 'grupos'],
    ['10000.000', 'grupos'],
    ['500.000.50', 'grupos'],
    ['1 00 000', 'grupos'],
    ['.500', 'grupos'],
    ['1. 000', 'ambiguo'],
    // more than 2 decimals
    ['1,5055', 'decimales'],
    ['1.000,1234', 'decimales'],
    // unfinished
    ['500,', 'incompleto'],
    ['500.', 'incompleto'],
    ['1.000.', 'incompleto'],
    [',', 'incompleto'],
    ['.', 'incompleto'],
    // not an amount
    ['-500', 'negativo'],
    ['₡-500', 'negativo'],
    ['−500', 'negativo'],
    ['abc', 'caracteres'],
    ['1e3', 'caracteres'],
    ['500 mil', 'caracteres'],
    ['$500', 'caracteres'],
    ['500₡', 'caracteres'],
    ['1_000', 'caracteres'],
    ['５００', 'caracteres'],
    // beyond what a JSON number holds exactly
    ['90.071.992.547.409,92', 'grande'],
    ['999999999999999999999', 'grande'],
  ])('rechaza %j (%s)', (texto, error) => {
    expect(leerMonto(texto)).toEqual({ ok: false, error });
  });

  it('nunca escala en silencio: 500.000 y 62.550 no son ₡500 ni ₡62,55', () => {
    expect(leerMonto('500.000')).not.toEqual({ ok: true, centimos: 500_00 });
    expect(leerMonto('62.550')).not.toEqual({ ok: true, centimos: 62_55 });
  });
});

describe('mensajes de los montos', () => {
  it('cada rechazo tiene su texto; requerido e inválido pueden venir del formulario', () => {
    expect(mensajeMonto('ambiguo')).toBe(TEXTS.montos.ambiguo);
    expect(mensajeMonto('grupos')).toBe(TEXTS.montos.grupos);
    expect(mensajeMonto('decimales')).toBe(TEXTS.montos.decimales);
    expect(mensajeMonto('vacio', { requerido: 'El monto es requerido' })).toBe('El monto es requerido');
    expect(mensajeMonto('caracteres', { invalido: 'Inválido' })).toBe('Inválido');
    expect(mensajeMonto('negativo', { invalido: 'Inválido' })).toBe('Inválido');
    expect(mensajeMonto('ambiguo', { invalido: 'Inválido' })).toBe(TEXTS.montos.ambiguo);
  });

  it.each<[string, string | null]>([
    ['500.000', 'Se registrará ₡500 000,00'],
    ['1.000.000,50', 'Se registrará ₡1 000 000,50'],
    ['62.550', 'Se registrará ₡62 550,00'],
    ['500 000', 'Se registrará ₡500 000,00'],
    ['62550,5', 'Se registrará ₡62 550,50'],
    ['500000.50', 'Se registrará ₡500 000,50'],
    ['1.000,000', TEXTS.montos.ambiguo],
    ['', null],
  ])('mientras se escribe %j dice %j', (texto, esperado) => {
    const lectura = lecturaEnVivo(texto);
    expect(lectura === null ? null : plano(lectura.texto)).toBe(esperado);
  });
});

describe('montoTextoSchema: el texto del formulario en céntimos enteros para la API', () => {
  const schema = montoTextoSchema({ requerido: 'El monto es requerido', invalido: 'Debe ser un monto válido mayor a 0' });
  const mensaje = (v: unknown) => schema.safeParse(v).error?.issues[0]?.message;

  it('entrega céntimos enteros', () => {
    expect(schema.parse('₡1.000.000,50')).toBe(1_000_000_50);
    expect(Number.isInteger(schema.parse('0,29'))).toBe(true);
  });

  it('da el mensaje de cada rechazo en la ruta del campo', () => {
    expect(mensaje('')).toBe('El monto es requerido');
    expect(mensaje(undefined)).toBe('El monto es requerido');
    expect(mensaje('abc')).toBe('Debe ser un monto válido mayor a 0');
    expect(mensaje('-5')).toBe('Debe ser un monto válido mayor a 0');
    expect(mensaje('1,000.50')).toBe(TEXTS.montos.ambiguo);
    expect(mensaje('50.00.0')).toBe(TEXTS.montos.grupos);
    expect(mensaje('1,505')).toBe(TEXTS.montos.ambiguo);
    expect(mensaje('1,5055')).toBe(TEXTS.montos.decimales);
  });
});

describe('formatos de dinero', () => {
  it('formatCRC en es-CR desde el decimal exacto', () => {
    expect(plano(formatCRC(500_000_00))).toBe('₡500 000,00');
    expect(plano(formatCRC(1_000_000_50))).toBe('₡1 000 000,50');
    expect(plano(formatCRC(Number.MAX_SAFE_INTEGER))).toBe('₡90 071 992 547 409,91');
    expect(colonesDecimal(-1_05)).toBe('-1.05');
  });

  it('formatMillions en colones, no en dólares', () => {
    expect(plano(formatMillions(1_254_000_000_00))).toBe('₡1 254,0 M');
    expect(plano(formatMillions(50_000_000))).toBe('₡0,5 M');
  });

  it('montoEditable: el texto inicial de un campo, que leerMonto lee igual', () => {
    expect(montoEditable(2_500_000)).toBe('25000');
    expect(montoEditable(2_500_050)).toBe('25000.50');
    expect(montoEditable(2_500_005)).toBe('25000.05');
    expect(montoEditable(undefined)).toBe('');
    expect(montoEditable(0)).toBe('');
    for (const c of [1, 99, 100, 2_500_050, 123_456_789]) expect(leerMonto(montoEditable(c))).toEqual({ ok: true, centimos: c });
  });
});
