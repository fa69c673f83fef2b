import type { Banco, MapeoExtracto } from '@cuota/shared/schemas/extractos';
import { EXTRACTO_MAX_LINEAS } from '@cuota/shared/schemas/extractos';
import { extractosTexts } from '@cuota/shared/texts/extractos';

/**
 * Reading a bank statement CSV (pure: no I/O). The whole file is read before anything is kept:
 * any bad line makes the file fail with every line's error, so nothing is ever half-written.
 * Amounts become integer céntimos by string arithmetic (never floats), with the bank's decimal
 * separator: '1.000.000,50' (es-CR) or '1,000,000.50'.
 */

const t = extractosTexts;

export interface LineaLeida {
  /** The physical line of the file where the record starts (1-based), as a text editor numbers it. */
  n: number;
  fecha: string;
  descripcion: string;
  referencia: string | null;
  credito_centimos: number;
  debito_centimos: number;
  saldo_centimos: number | null;
  /** The record's fields as read, normalised (what the fingerprint hashes besides the parsed values). */
  contenido: string;
}

export type Lectura =
  { ok: true; lineas: LineaLeida[]; total: number } | { ok: false; errores: Array<{ n: number; mensaje: string }> };

/** Built-in layouts (docs/conciliacion.md): editable per bank and saved (GET/PUT /api/conciliacion/mapeos/{banco}). */
export const MAPEOS_PREDETERMINADOS: Record<Banco, MapeoExtracto> = {
  bn: {
    separador: ';',
    decimal: ',',
    formato_fecha: 'dd/mm/yyyy',
    filas_encabezado: 1,
    columnas: { fecha: 1, referencia: 2, descripcion: 3, debito: 4, credito: 5, saldo: 6 },
  },
  bcr: {
    separador: ',',
    decimal: '.',
    formato_fecha: 'dd/mm/yyyy',
    filas_encabezado: 1,
    columnas: { fecha: 1, descripcion: 2, referencia: 3, debito: 4, credito: 5, saldo: 6 },
  },
  bac: {
    separador: ',',
    decimal: '.',
    formato_fecha: 'dd/mm/yyyy',
    filas_encabezado: 2,
    columnas: { fecha: 1, referencia: 2, descripcion: 3, debito: 4, credito: 5, saldo: 6 },
  },
  generico: {
    separador: ',',
    decimal: '.',
    formato_fecha: 'yyyy-mm-dd',
    filas_encabezado: 1,
    columnas: { fecha: 1, descripcion: 2, referencia: 3, credito: 4, debito: 5, saldo: null },
  },
};

interface Registro {
  n: number;
  campos: string[];
  abierto?: boolean;
}

/** Records of a CSV text: quotes ("" inside), separators and line breaks inside quotes, CRLF/CR/LF, a BOM. */
export function registros(texto: string, separador: string): Registro[] {
  const s = texto.replace(/^\uFEFF/, '');
  const out: Registro[] = [];
  let campos: string[] = [];
  let campo = '';
  let comillas = false;
  let linea = 1;
  let inicio = 1;
  const cerrar = () => {
    campos.push(campo);
    out.push({ n: inicio, campos });
    campos = [];
    campo = '';
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (comillas) {
      if (c === '"' && s[i + 1] === '"') {
        campo += '"';
        i++;
      } else if (c === '"') comillas = false;
      else {
        if (c === '\n' || (c === '\r' && s[i + 1] !== '\n')) linea++;
        campo += c === '\r' ? '' : c;
      }
    } else if (c === '"' && campo.trim() === '') {
      comillas = true;
      campo = '';
    } else if (c === separador) {
      campos.push(campo);
      campo = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      cerrar();
      linea++;
      inicio = linea;
    } else campo += c;
  }
  if (comillas) out.push({ n: inicio, campos: [...campos, campo], abierto: true });
  else if (campo !== '' || campos.length > 0) cerrar();
  return out;
}

/** An ISO date from the bank's format, or null when it is not a real calendar date. */
export function leerFecha(valor: string, formato: MapeoExtracto['formato_fecha']): string | null {
  const v = valor.trim().split(/\s+/)[0] ?? '';
  const m =
    formato === 'yyyy-mm-dd'
      ? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v)
      : new RegExp(`^(\\d{1,2})${formato[2] === '/' ? '/' : '-'}(\\d{1,2})${formato[2] === '/' ? '/' : '-'}(\\d{4})$`).exec(v);
  if (!m) return null;
  const [anio, mes, dia] = formato === 'yyyy-mm-dd' ? [m[1]!, m[2]!, m[3]!] : [m[3]!, m[2]!, m[1]!];
  const iso = `${anio}-${mes.padStart(2, '0')}-${dia.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : null;
}

/**
 * Céntimos of an amount written with `decimal` as the decimal separator; thousands grouped by the
 * other one (or by spaces) in threes, or not grouped; at most 2 decimals. '' → 0. Anything else → null.
 */
export function leerMontoBanco(valor: string, decimal: ',' | '.'): number | null {
  let v = valor.replace(/[\s\u00a0]/g, '').replace(/^₡|^CRC/i, '');
  if (v === '' || v === '-') return 0;
  let signo = 1;
  if (/^\(.*\)$/.test(v)) {
    signo = -1;
    v = v.slice(1, -1);
  } else if (v.startsWith('-')) {
    signo = -1;
    v = v.slice(1);
  }
  const miles = decimal === ',' ? '\\.' : ',';
  const dec = decimal === ',' ? ',' : '\\.';
  const re = new RegExp(`^(\\d{1,3}(?:${miles}\\d{3})+|\\d+)(?:${dec}(\\d{1,2}))?$`);
  const m = re.exec(v);
  if (!m) return null;
  const entero = m[1]!.replace(/\D/g, '');
  const centimos = BigInt(entero) * 100n + BigInt((m[2] ?? '0').padEnd(2, '0'));
  if (centimos > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return signo * Number(centimos);
}

const ejemplo = (decimal: ',' | '.') => (decimal === ',' ? '1.000.000,50' : '1,000,000.50');
const normalizarContenido = (campos: string[]) => campos.map((c) => c.trim().replace(/\s+/g, ' ')).join('|');

/** One record to a line, or the reason it is not one. */
function leerRegistro(r: Registro, m: MapeoExtracto): LineaLeida | string {
  if (r.abierto) return t.comillaSinCerrar;
  const col = m.columnas;
  const necesarias = Math.max(...Object.values(col).filter((c): c is number => c !== null));
  if (r.campos.length < necesarias) return t.columnasFaltan(necesarias, r.campos.length);
  const de = (c: number | null) => (c === null ? '' : (r.campos[c - 1] ?? '').trim());
  const fecha = leerFecha(de(col.fecha), m.formato_fecha);
  if (!fecha) return t.fechaInvalida(de(col.fecha), m.formato_fecha.replace('yyyy', 'aaaa'));
  const montos: number[] = [];
  for (const c of [col.credito, col.debito, col.saldo]) {
    const v = leerMontoBanco(de(c), m.decimal);
    if (v === null) return t.montoInvalido(de(c), ejemplo(m.decimal));
    montos.push(v);
  }
  let [credito, debito] = [montos[0]!, Math.abs(montos[1]!)];
  // one signed amount column: a negative credit is money out
  if (credito < 0 && col.debito === null) [credito, debito] = [0, -credito];
  if (credito < 0) return t.montoInvalido(de(col.credito), ejemplo(m.decimal));
  if (credito === 0 && debito === 0) return t.sinMonto;
  if (credito > 0 && debito > 0) return t.ambosMontos;
  return {
    n: r.n,
    fecha,
    descripcion: de(col.descripcion).replace(/\s+/g, ' ').slice(0, 500),
    referencia: de(col.referencia).slice(0, 100) || null,
    credito_centimos: credito,
    debito_centimos: debito,
    saldo_centimos: col.saldo === null || de(col.saldo) === '' ? null : montos[2]!,
    contenido: normalizarContenido(r.campos),
  };
}

/** The whole file, or every bad line's error (with its line number): never part of it. */
export function leerExtracto(texto: string, m: MapeoExtracto): Lectura {
  const fisicas = texto.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '').length;
  if (fisicas > EXTRACTO_MAX_LINEAS) {
    return { ok: false, errores: [{ n: EXTRACTO_MAX_LINEAS + 1, mensaje: t.demasiadasLineas(EXTRACTO_MAX_LINEAS) }] };
  }
  const datos = registros(texto, m.separador)
    .slice(m.filas_encabezado)
    .filter((r) => r.abierto || r.campos.some((c) => c.trim() !== ''));
  if (datos.length === 0) return { ok: false, errores: [{ n: m.filas_encabezado + 1, mensaje: t.sinLineas }] };
  const lineas: LineaLeida[] = [];
  const errores: Array<{ n: number; mensaje: string }> = [];
  for (const r of datos) {
    const x = leerRegistro(r, m);
    if (typeof x === 'string') errores.push({ n: r.n, mensaje: t.linea(r.n, x) });
    else lineas.push(x);
  }
  return errores.length ? { ok: false, errores } : { ok: true, lineas, total: datos.length };
}
