import fc from 'fast-check';
import { parseDecimal, sumarDias } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { cuotasNuevas, DESEMBOLSO, pagoValorado, terminosDePrueba } from '../../../test/motor-fixtures';
import { aplicarPago, maximoAplicable } from './aplicacion';
import type { CuotaSaldo } from './domain';
import { liquidacionCredito } from './liquidacion';
import { problemasDeResumen, recalcularCredito, type PagoValorado } from './recalculo';

const terminos = (tasa = '24.00') => terminosDePrueba(tasa, undefined, 2);
const interes = { tasa_interes_anual: '24.00', fecha_desembolso: DESEMBOLSO };
const pago = (fecha_valor: string, monto_centimos: number, pago_id = 'P1', orden = '001') =>
  pagoValorado(fecha_valor, monto_centimos, pago_id, undefined, orden);

describe('liquidación: el monto que cancela el crédito en una fecha', () => {
  it('₡1 000 000 al 24 %, al día siguiente del desembolso: el capital y un día de interés (₡657,53), no un mes', () => {
    const liq = liquidacionCredito(cuotasNuevas(), '2026-01-16', interes);
    expect(liq).toMatchObject({
      capital_pendiente_centimos: 1_000_000_00,
      interes_corriente_centimos: 657_53,
      interes_vencido_centimos: 0,
      capital_vencido_centimos: 0,
      mora_centimos: 0,
      dias_interes: 1,
      total_centimos: 1_000_657_53,
      cuota_corriente: 1,
    });
  });

  it('pagarla cancela el crédito sin saldo: interés del día cobrado, el resto condonado; un céntimo menos no cancela', () => {
    const r = recalcularCredito({
      cuotas: cuotasNuevas(),
      pagos: [pago('2026-01-16', 1_000_657_53)],
      terminos: terminos(),
      hasta: '2026-01-20',
    });
    expect(r.resumen).toMatchObject({
      estado: 'cancelado',
      saldo_capital_centimos: 0,
      saldo_mora_centimos: 0,
      proxima_revision: null,
    });
    expect(r.aplicaciones.get('P1')!.aplicado).toEqual({ mora: 0, interes: 657_53, capital: 1_000_000_00 });
    expect(r.cuotas.every((c) => c.pagada && c.pagada_en === '2026-01-16')).toBe(true);
    expect(problemasDeResumen({ numero_credito: 'X', monto_principal_centimos: 1_000_000_00, plazo_meses: 12 }, r)).toEqual([]);

    const menos = recalcularCredito({
      cuotas: cuotasNuevas(),
      pagos: [pago('2026-01-16', 1_000_657_52)],
      terminos: terminos(),
      hasta: '2026-01-20',
    });
    expect(menos.resumen.estado).not.toBe('cancelado');
    expect(menos.resumen.saldo_capital_centimos).toBeGreaterThan(0);
  });

  it('un pago de exactamente maximoAplicable se aplica como siempre (con o sin la regla de liquidación)', () => {
    for (const fecha of ['2026-01-16', '2026-02-10', '2026-02-15', '2026-03-01']) {
      const cs = cuotasNuevas();
      const max = maximoAplicable(cs, fecha);
      expect(aplicarPago({ cuotas: cs, montoCentimos: max, fecha, interes })).toEqual(
        aplicarPago({ cuotas: cs, montoCentimos: max, fecha }),
      );
    }
  });

  it('con una cuota vencida: su capital, interés y mora, más el interés devengado del periodo corriente', () => {
    const cs = cuotasNuevas();
    const r = recalcularCredito({ cuotas: cs, pagos: [], terminos: terminos(), hasta: '2026-02-25' });
    const liq = liquidacionCredito(r.cuotas, '2026-02-25', interes);
    const c1 = cs[0]!;
    expect(liq.capital_vencido_centimos).toBe(c1.monto_capital_centimos);
    expect(liq.interes_vencido_centimos).toBe(c1.monto_interes_centimos);
    expect(liq.mora_centimos).toBe(r.resumen.saldo_mora_centimos);
    expect(liq.mora_centimos).toBeGreaterThan(0);
    expect(liq.dias_interes).toBe(10);
    expect(liq.capital_pendiente_centimos).toBe(1_000_000_00 - c1.monto_capital_centimos);
    const pagada = recalcularCredito({
      cuotas: cs,
      pagos: [pago('2026-02-25', liq.total_centimos)],
      terminos: terminos(),
      hasta: '2026-02-25',
    });
    expect(pagada.resumen).toMatchObject({ estado: 'cancelado', saldo_capital_centimos: 0, saldo_mora_centimos: 0 });
  });
});

// ---------------------------------------------------------------- exact reference

function mediaPar(num: bigint, den: bigint): bigint {
  const q = num / den;
  const r2 = 2n * (num % den);
  return r2 < den ? q : r2 > den ? q + 1n : q % 2n === 0n ? q : q + 1n;
}

/**
 * Independent payoff: cuotas paid in full on given dates (with the mora they owed), the rest
 * unpaid; mora day by day in BigInt on each overdue cuota's capital; the current period's interest
 * summed day by day as an exact rational and rounded once, capped at the cuota's interest.
 */
function payoffReferencia(
  cs: readonly CuotaSaldo[],
  pagadas: Map<number, string>,
  fecha: string,
  tasa: string,
  mora: string,
): bigint {
  const tm = parseDecimal(mora);
  const ti = parseDecimal(tasa);
  let total = 0n;
  for (const c of cs) {
    const pagadaEn = pagadas.get(c.numero_cuota);
    if (pagadaEn !== undefined && pagadaEn <= fecha) continue;
    total += BigInt(c.monto_capital_centimos);
    if (c.fecha_vencimiento <= fecha) total += BigInt(c.monto_interes_centimos);
    for (let d = sumarDias(c.fecha_vencimiento, 1); d <= fecha; d = sumarDias(d, 1)) {
      total += mediaPar(BigInt(c.monto_capital_centimos) * tm.num, tm.den * 36_500n);
    }
  }
  const k = cs.findIndex((c) => c.fecha_vencimiento > fecha);
  if (k >= 0) {
    const corriente = cs[k]!;
    const futuro = cs.slice(k).reduce((s, c) => s + BigInt(c.monto_capital_centimos), 0n);
    let num = 0n;
    for (let d = sumarDias(k > 0 ? cs[k - 1]!.fecha_vencimiento : DESEMBOLSO, 1); d <= fecha; d = sumarDias(d, 1))
      num += futuro * ti.num;
    const devengado = mediaPar(num, ti.den * 36_500n);
    const tope = BigInt(corriente.monto_interes_centimos);
    total += devengado < tope ? devengado : tope;
  }
  return total;
}

describe('propiedades contra la referencia exacta (BigInt)', () => {
  it('liquidación = referencia; pagarla deja cero y conserva: principal = saldo + Σ capital aplicado', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000_00, max: 50_000_000_00 }),
        fc.integer({ min: 1, max: 36 }),
        fc.constantFrom('0.00', '12.00', '24.00', '36.75'),
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 36 }),
        fc.integer({ min: 0, max: 400 }),
        (principal, plazo, tasa, atrasos, dia) => {
          const cs = cuotasNuevas(principal, plazo, tasa);
          const fecha = sumarDias(DESEMBOLSO, dia);
          // cuotas due before `fecha` are paid in full, late by atrasos[k] days, while that is not after `fecha`
          const pagadas = new Map<number, string>();
          const pagos: PagoValorado[] = [];
          let previo = cs.map((c) => ({ ...c }));
          for (const [k, c] of cs.entries()) {
            const en = sumarDias(c.fecha_vencimiento, atrasos[k] ?? 0);
            if (atrasos[k] === undefined || en > fecha) break;
            const t = { ...terminos(tasa), tasa_moratoria_anual: '31.20' };
            const r = recalcularCredito({ cuotas: cs, pagos, terminos: t, hasta: en });
            const c2 = r.cuotas[k]!;
            const monto = c2.monto_capital_centimos + c2.monto_interes_centimos + c2.monto_mora_centimos;
            const p = pago(en, monto, `P${k}`, String(k).padStart(3, '0'));
            const despues = recalcularCredito({ cuotas: cs, pagos: [...pagos, p], terminos: t, hasta: en });
            if (!despues.cuotas[k]!.pagada || despues.cuotas.some((x, j) => j !== k && x.pagada !== previo[j]!.pagada)) break;
            pagos.push(p);
            pagadas.set(c.numero_cuota, en);
            previo = despues.cuotas;
          }
          const t = terminos(tasa);
          const r = recalcularCredito({ cuotas: cs, pagos, terminos: t, hasta: fecha });
          const liq = liquidacionCredito(r.cuotas, fecha, { tasa_interes_anual: tasa, fecha_desembolso: DESEMBOLSO });
          if (r.resumen.estado === 'cancelado') {
            expect(liq.total_centimos).toBe(0);
            return;
          }
          expect(BigInt(liq.total_centimos)).toBe(payoffReferencia(cs, pagadas, fecha, tasa, '31.20'));
          const pagado = recalcularCredito({
            cuotas: cs,
            pagos: [...pagos, pago(fecha, liq.total_centimos, 'L', '999')],
            terminos: t,
            hasta: fecha,
          });
          expect(pagado.resumen).toMatchObject({ estado: 'cancelado', saldo_capital_centimos: 0, saldo_mora_centimos: 0 });
          expect(pagado.cuotas.every((c) => c.pagada)).toBe(true);
          const capital = [...pagado.aplicaciones.values()].reduce((s, a) => s + BigInt(a.aplicado.capital), 0n);
          expect(capital).toBe(BigInt(principal));
          const aplicado = [...pagado.aplicaciones.values()].reduce(
            (s, a) => s + BigInt(a.aplicado.mora + a.aplicado.interes + a.aplicado.capital),
            0n,
          );
          expect(aplicado).toBe([...pagos, pago(fecha, liq.total_centimos)].reduce((s, p) => s + BigInt(p.monto_centimos), 0n));
          // the payoff charges only the accrued interest: never more than a whole month of it
          expect(liq.interes_corriente_centimos).toBeLessThanOrEqual(cs[liq.cuota_corriente! - 1]?.monto_interes_centimos ?? 0);
        },
      ),
      { numRuns: 150 },
    );
  });
});
