/** Money is integer céntimos (1 colón = 100 céntimos); conversion happens only at the edges. */
export type Centimos = number;

const crc = new Intl.NumberFormat('es-CR', { style: 'currency', currency: 'CRC' });

/** es-CR currency text, e.g. ₡1 250 000,00. */
export function formatCRC(centimos: Centimos): string {
  return crc.format(centimos / 100);
}

export function colonesToCentimos(colones: number): Centimos {
  const value = Math.round(colones * 100);
  if (!Number.isSafeInteger(value)) throw new RangeError('monto fuera de rango');
  return value;
}

/** Dashboard portfolio card: sum in millions with one decimal, as $X.XM (spec §9). */
export function formatMillions(centimos: Centimos): string {
  return `$${(centimos / 100 / 1_000_000).toFixed(1)}M`;
}
