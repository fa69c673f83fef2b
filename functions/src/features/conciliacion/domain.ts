import type { Banco, Candidato, Confianza } from '@cuota/shared/schemas/extractos';
import { createHash } from 'node:crypto';
import type { LineaLeida } from './csv';

/**
 * Matching statement lines to reported payments, and the fingerprints that keep a bank line from
 * being applied twice (pure; docs/conciliacion.md "Matching rule and confidence").
 */

/** How far apart the bank's date and the reported payment date may be, in days, to count as a date match. */
export const VENTANA_DIAS = 3;
/** A reference shorter than this is too easy to find by chance inside a description (an amount, a date). */
export const REFERENCIA_MINIMA = 6;

export interface PagoPendiente {
  id: string;
  credito_id: string;
  numero_credito: string;
  cliente_id: string;
  cliente_nombre: string;
  monto_centimos: number;
  fecha_pago: string;
  referencia_pago: string;
  referencia_externa: string | null;
}

/** Upper case, accents removed, letters and digits only: how references are compared. */
export const normalizar = (s: string | null | undefined) =>
  (s ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

const dias = (a: string, b: string) => Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;

/** The payment's references (the customer's bank or SINPE one first) found in the line's description or reference. */
export function referenciaCoincide(linea: Pick<LineaLeida, 'descripcion' | 'referencia'>, pago: PagoPendiente): boolean {
  const texto = normalizar(`${linea.descripcion} ${linea.referencia ?? ''}`);
  const propia = normalizar(linea.referencia);
  return [pago.referencia_externa, pago.referencia_pago]
    .map(normalizar)
    .filter((r) => r.length >= REFERENCIA_MINIMA)
    .some((r) => texto.includes(r) || (propia.length >= REFERENCIA_MINIMA && r.includes(propia)));
}

/**
 * Score of one line against one payment: amount equal to the céntimo 50, reference 35, date
 * 15 on the same day down to 2 at VENTANA_DIAS days (0 beyond). Confidence: alta = amount +
 * reference + date in the window; media = amount + (reference or date); baja = only the
 * reference (amount differs) or only the amount (date outside the window). Neither amount nor
 * reference: no candidate. Only alta and media may be confirmed (the amount is the bank's).
 */
export function puntuar(linea: LineaLeida, pago: PagoPendiente): Omit<Candidato, keyof PagoPendiente | 'pago_id'> | null {
  const monto = linea.credito_centimos === pago.monto_centimos;
  const referencia = referenciaCoincide(linea, pago);
  if (!monto && !referencia) return null;
  const d = dias(linea.fecha, pago.fecha_pago);
  const fecha = d <= VENTANA_DIAS;
  const puntaje = (monto ? 50 : 0) + (referencia ? 35 : 0) + (fecha ? Math.max(15 - 5 * d, 2) : 0);
  const confianza: Confianza = monto && referencia && fecha ? 'alta' : monto && (referencia || fecha) ? 'media' : 'baja';
  const motivos = [
    ...(monto ? ['monto' as const] : []),
    ...(referencia ? ['referencia' as const] : []),
    ...(fecha ? ['fecha' as const] : []),
  ];
  return { puntaje, confianza, motivos };
}

export const confirmable = (c: Pick<Candidato, 'confianza' | 'motivos'> | null | undefined) =>
  !!c && c.confianza !== 'baja' && c.motivos.includes('monto');

/**
 * Each line's best candidate, each payment given to one line at most: every (line, payment) pair
 * with a score, highest first (then the closer date, the earlier line), taken while both are free.
 * A line whose top score is shared by two payments is ambiguous: its candidate drops to baja, so
 * bulk confirmation never picks between look-alike payments (same cuota amount, same day).
 */
export function emparejar(lineas: readonly LineaLeida[], pagos: readonly PagoPendiente[]): Map<number, Candidato> {
  const pares: Array<{ l: LineaLeida; p: PagoPendiente; s: NonNullable<ReturnType<typeof puntuar>> }> = [];
  const mejor = new Map<number, { puntaje: number; veces: number }>();
  for (const l of lineas) {
    for (const p of pagos) {
      const s = puntuar(l, p);
      if (!s) continue;
      pares.push({ l, p, s });
      const m = mejor.get(l.n);
      if (!m || s.puntaje > m.puntaje) mejor.set(l.n, { puntaje: s.puntaje, veces: 1 });
      else if (s.puntaje === m.puntaje) m.veces++;
    }
  }
  pares.sort(
    (a, b) =>
      b.s.puntaje - a.s.puntaje ||
      dias(a.l.fecha, a.p.fecha_pago) - dias(b.l.fecha, b.p.fecha_pago) ||
      a.l.n - b.l.n ||
      a.p.id.localeCompare(b.p.id),
  );
  const out = new Map<number, Candidato>();
  const usados = new Set<string>();
  for (const { l, p, s } of pares) {
    if (out.has(l.n) || usados.has(p.id)) continue;
    usados.add(p.id);
    const ambiguo = (mejor.get(l.n)?.veces ?? 0) > 1;
    out.set(l.n, {
      pago_id: p.id,
      credito_id: p.credito_id,
      numero_credito: p.numero_credito,
      cliente_id: p.cliente_id,
      cliente_nombre: p.cliente_nombre,
      monto_centimos: p.monto_centimos,
      fecha_pago: p.fecha_pago,
      referencia_pago: p.referencia_pago,
      referencia_externa: p.referencia_externa,
      ...s,
      confianza: ambiguo ? 'baja' : s.confianza,
    });
  }
  return out;
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * A bank line's fingerprint: bank, date, amounts, normalised reference and, when the bank gives
 * it, the running balance (which makes the line unique by itself); without a balance, the line's
 * normalised content and its occurrence among identical lines of the file (two equal deposits on
 * one day stay two lines, and the same file gives the same fingerprints again).
 */
export function huellasDeLineas(banco: Banco, lineas: readonly LineaLeida[]): string[] {
  const vistas = new Map<string, number>();
  return lineas.map((l) => {
    const base = [
      banco,
      l.fecha,
      l.credito_centimos,
      l.debito_centimos,
      normalizar(`${l.referencia ?? ''}${l.descripcion}`),
    ].join('|');
    const clave = l.saldo_centimos !== null ? `${base}|saldo:${l.saldo_centimos}` : `${base}|${l.contenido}`;
    const k = (vistas.get(clave) ?? 0) + 1;
    vistas.set(clave, k);
    return sha(l.saldo_centimos !== null ? clave : `${clave}|#${k}`);
  });
}

/** The file's fingerprint: its bank and its content, line breaks and a BOM aside. */
export const huellaArchivo = (banco: Banco, contenido: string) =>
  sha(
    `${banco}\n${contenido
      .replace(/^\uFEFF/, '')
      .replace(/\r\n|\r/g, '\n')
      .trimEnd()}`,
  );
