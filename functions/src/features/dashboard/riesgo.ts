/**
 * What an entity adds to the risk aggregate (AGG#RIESGO, docs/riesgo.md), kept apart from the
 * other dashboard contributions. Categories are not stored: an active credit counts under its
 * días de mora (one counter per day up to DIAS_MORA_TOPE) and its restructured flag, and the
 * report maps days to categories with the current settings, so a settings change applies at once
 * and the report reads one item whatever the portfolio size.
 */
import { DIAS_MORA_TOPE } from '@cuota/shared';
import { aggKeys } from '#entities/agregados';

type Item = Record<string, unknown>;
const entero = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);

/** The field names of one day bucket: n = credits, s = saldo de capital; `r` marks restructured ones. */
export const camposTramo = (dias: number, reestructurado: boolean) => {
  const d = Math.min(DIAS_MORA_TOPE, Math.max(0, Math.trunc(dias)));
  const r = reestructurado ? 'r' : '';
  return { creditos: `n${r}_${d}`, saldo: `s${r}_${d}` };
};

export const CLAVE_RIESGO = aggKeys.riesgo();

/** An active credit (vigente, al_dia, vencido) with its días de mora: its bucket. */
export function campoCreditoActivo(item: Item, dias: number): Record<string, number> {
  const f = camposTramo(dias, item.reestructurado === true);
  return { [f.creditos]: 1, [f.saldo]: entero(item.saldo_capital_centimos) };
}

/** A written-off credit: what is still pending of what was written off. */
export function campoCreditoCastigado(item: Item): Record<string, number> {
  const pendiente =
    entero(item.castigo_pendiente_capital_centimos) +
    entero(item.castigo_pendiente_interes_centimos) +
    entero(item.castigo_pendiente_mora_centimos);
  return { castigados: 1, castigado_saldo_centimos: pendiente, castigado_capital_centimos: entero(item.saldo_capital_centimos) };
}

/** A conciliado payment on a written-off credit: a recovery, not portfolio collection. */
export const esRecuperacion = (pago: Item): boolean => pago.recuperacion === true;
export const campoRecuperacion = (pago: Item): Record<string, number> => ({
  recuperaciones: 1,
  recuperaciones_centimos: entero(pago.monto_centimos),
});
