import type {
  Banco,
  Candidato,
  EstadoLinea,
  ExtractoResumen,
  LineaExtracto,
  MapeoExtracto,
} from '@cuota/shared/schemas/extractos';
import { byDate, ENTITY, stripKeys, type TableItem } from './comun';
import { itemUnico } from './unico';

/**
 * Bank statements (issue 16 §4, docs/conciliacion.md). One partition per statement:
 * - EXTRACTO#id / EXTRACTO: the header (bank, file, counts at upload); gsi2 EXTRACTOS newest first.
 * - EXTRACTO#id / LINEA#000042: one item per credit line (money in), with its match and state.
 * Guards, each put with attribute_not_exists:
 * - UNICO#EXTRACTO_ARCHIVO#sha: the same file (bank + content) is recognised as a whole.
 * - UNICO#EXTRACTO_LINEA#sha: one bank line (its fingerprint) belongs to the first statement that had it.
 * - UNICO#EXTRACTO_PAGO#pagoId: a reported payment is reconciled by one statement line only.
 * Column mappings: MAPEO_EXTRACTO#banco / MAPEO.
 */

export type EstadoCarga = 'cargando' | 'listo';
export type ExtractoGuardado = ExtractoResumen & { estado_carga: EstadoCarga; huella_archivo: string };
/** `aplicada_por`: the user id who applied the line as a payment (a retry of theirs gets that payment back). */
export type LineaGuardada = LineaExtracto & { extracto_id: string; aplicando_por?: string | null; aplicada_por?: string | null };

export const claveExtracto = (id: string) => ({ pk: `EXTRACTO#${id}`, sk: 'EXTRACTO' });
export const PREFIJO_LINEA = 'LINEA#';
export const claveLineaExtracto = (id: string, n: number) => ({
  pk: `EXTRACTO#${id}`,
  sk: `${PREFIJO_LINEA}${String(n).padStart(6, '0')}`,
});
export const particionExtractos = () => 'EXTRACTOS';

export const itemExtracto = (e: ExtractoGuardado): TableItem => ({
  ...stripKeys(e),
  ...claveExtracto(e.id),
  tipo: ENTITY.extracto,
  gsi2pk: particionExtractos(),
  gsi2sk: byDate(e.created_at, e.id),
});

export const itemLineaExtracto = (l: LineaGuardada): TableItem => ({
  ...stripKeys(l),
  ...claveLineaExtracto(l.extracto_id, l.n),
  tipo: ENTITY.lineaExtracto,
});

export const extractoDeItem = (item: Record<string, unknown>): ExtractoGuardado => stripKeys(item) as unknown as ExtractoGuardado;
export const lineaDeItem = (item: Record<string, unknown>): LineaGuardada => stripKeys(item) as unknown as LineaGuardada;

export function extractoAApi(e: ExtractoGuardado): ExtractoResumen {
  const { estado_carga: _e, huella_archivo: _h, ...resto } = e;
  return resto;
}
export function lineaAApi(l: LineaGuardada): LineaExtracto {
  const { extracto_id: _x, aplicando_por: _a, aplicada_por: _p, ...resto } = l;
  return resto;
}

export const claveUnicoArchivo = (huella: string) => ({ pk: `UNICO#EXTRACTO_ARCHIVO#${huella}`, sk: 'UNICO' });
export const itemUnicoArchivo = (huella: string, extractoId: string) =>
  itemUnico(claveUnicoArchivo(huella), { extracto_id: extractoId });
export const claveUnicoLinea = (huella: string) => ({ pk: `UNICO#EXTRACTO_LINEA#${huella}`, sk: 'UNICO' });
export const itemUnicoLinea = (huella: string, dueno: { extracto_id: string; nombre_archivo: string; n: number }) => ({
  ...itemUnico(claveUnicoLinea(huella), { extracto_id: dueno.extracto_id, nombre_archivo: dueno.nombre_archivo }),
  n: dueno.n,
});
export const claveUnicoPagoExtracto = (pagoId: string) => ({ pk: `UNICO#EXTRACTO_PAGO#${pagoId}`, sk: 'UNICO' });
export const itemUnicoPagoExtracto = (pagoId: string, extractoId: string, n: number) => ({
  ...itemUnico(claveUnicoPagoExtracto(pagoId), { extracto_id: extractoId }),
  n,
});

export const claveMapeo = (banco: Banco) => ({ pk: `MAPEO_EXTRACTO#${banco}`, sk: 'MAPEO' });
export const itemMapeo = (banco: Banco, m: MapeoExtracto, actualizado: { por: string; en: string }): TableItem => ({
  ...claveMapeo(banco),
  tipo: ENTITY.mapeoExtracto,
  ...m,
  actualizado_por: actualizado.por,
  actualizado_en: actualizado.en,
});

export type { Candidato, EstadoLinea };
