import fc from 'fast-check';
import { sumarDias, type MetodoAmortizacion } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { cuotasNuevas, DESEMBOLSO, pagoValorado, terminosDePrueba } from '../../../test/motor-fixtures';
import { recalcularCredito as recalcularPrevio } from '../../../test/motor-previo/recalculo';
import { maximoAplicable } from './aplicacion';
import { liquidacionCredito } from './liquidacion';
import { liquidacionReglasPrevias, recalcularCredito, type PagoValorado } from './recalculo';
import { EXCEDENTES, type Excedente } from './reprogramacion';

/**
 * The processing rules are a property of the credit (`reglas_motor`, set at disbursement): a
 * credit disbursed before the payoff rule and the prepayment choice replays exactly as the engine
 * did before them (test/motor-previo, the engine of commit 96de78f kept verbatim), so a daily
 * close never changes what its recorded payments meant.
 */

describe('reglas del motor por crédito', () => {
  it('₡1 000 000 al 24 %: pagar la liquidación al día siguiente cancela un crédito con reglas 2; uno sin ellas lo aplica como antes', () => {
    const cs = cuotasNuevas(1_000_000_00, 12, '24.00', 'cuota_nivelada');
    const fecha = '2026-01-16';
    const liq = liquidacionCredito(cs, fecha, { tasa_interes_anual: '24.00', fecha_desembolso: DESEMBOLSO });
    expect(liq.total_centimos).toBe(1_000_000_00 + 657_53); // one day of interest
    const pagos = [pagoValorado(fecha, liq.total_centimos, 'A', 'reducir_plazo')];
    const nueva = recalcularCredito({
      cuotas: cs,
      pagos,
      terminos: terminosDePrueba('24.00', 'cuota_nivelada', 2),
      hasta: fecha,
    });
    expect(nueva.resumen).toMatchObject({ estado: 'cancelado', saldo_capital_centimos: 0 });
    const vieja = recalcularCredito({ cuotas: cs, pagos, terminos: terminosDePrueba('24.00', 'cuota_nivelada'), hasta: fecha });
    // as before: cuota 1's interest (₡20 000) is paid first, the rest prepays capital: ₡19 342,47 still owed
    expect(vieja.resumen.estado).not.toBe('cancelado');
    expect(vieja.resumen.saldo_capital_centimos).toBe(1_000_000_00 - (liq.total_centimos - 20_000_00));
    expect(vieja.cuotas.map((c) => [c.monto_capital_centimos, c.monto_interes_centimos])).toEqual(
      cs.map((c) => [c.monto_capital_centimos, c.monto_interes_centimos]),
    ); // no re-amortisation
  });

  it('propiedad: un crédito sin reglas_motor se recalcula idéntico al motor anterior, con cualquier pago (liquidaciones y excedentes incluidos)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50_000_00, max: 20_000_000_00 }),
        fc.integer({ min: 1, max: 24 }),
        fc.constantFrom('0.00', '12.00', '24.00', '36.75'),
        fc.constantFrom<MetodoAmortizacion>('cuota_nivelada', 'capital_constante'),
        fc.array(
          fc.record({
            dias: fc.integer({ min: 0, max: 70 }),
            tipo: fc.constantFrom('fraccion', 'liquidacion', 'maximo'),
            fraccion: fc.double({ min: 0.01, max: 1, noNaN: true }),
            excedente: fc.constantFrom<Excedente | undefined>(undefined, ...EXCEDENTES),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (principal, plazo, tasa, metodo, especificacion) => {
          const cs = cuotasNuevas(principal, plazo, tasa, metodo);
          const t = terminosDePrueba(tasa, metodo);
          const pagos: PagoValorado[] = [];
          let fecha = DESEMBOLSO;
          for (const [j, e] of especificacion.entries()) {
            fecha = sumarDias(fecha, e.dias);
            const hoy = recalcularCredito({ cuotas: cs, pagos, terminos: t, hasta: fecha });
            const maximo = maximoAplicable(hoy.cuotas, fecha);
            if (maximo === 0) break;
            const liq = liquidacionCredito(hoy.cuotas, fecha, { tasa_interes_anual: tasa, fecha_desembolso: DESEMBOLSO });
            const monto =
              e.tipo === 'maximo'
                ? maximo
                : e.tipo === 'liquidacion'
                  ? Math.min(maximo, liq.total_centimos)
                  : Math.max(1, Math.floor(maximo * e.fraccion));
            pagos.push(pagoValorado(fecha, monto, `P${j}`, e.excedente));
          }
          const hasta = sumarDias(fecha, 15);
          const actual = recalcularCredito({ cuotas: cs, pagos, terminos: t, hasta });
          const previo = recalcularPrevio({ cuotas: cs, pagos, terminos: t, hasta });
          // the stored originals (programado_*) are new bookkeeping: for an old-rule credit they are the amounts themselves
          const sinOriginales = actual.cuotas.map(({ programado_capital_centimos, programado_interes_centimos, ...c }) => {
            expect([programado_capital_centimos, programado_interes_centimos]).toEqual([
              c.monto_capital_centimos,
              c.monto_interes_centimos,
            ]);
            return c;
          });
          expect(sinOriginales).toEqual(previo.cuotas);
          expect(actual.resumen).toEqual(previo.resumen);
          expect(actual.moraTotal).toBe(previo.moraTotal);
          for (const [id, a] of previo.aplicaciones) expect(actual.aplicaciones.get(id)).toEqual(a);
          expect(actual.aplicaciones.size).toBe(previo.aplicaciones.size);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('la liquidación de un crédito sin reglas_motor es lo que lo cancela con las reglas de antes: la cuota corriente con todo su interés', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50_000_00, max: 20_000_000_00 }),
        fc.integer({ min: 1, max: 24 }),
        fc.constantFrom('0.00', '12.00', '24.00', '36.75'),
        fc.integer({ min: 0, max: 400 }),
        (principal, plazo, tasa, dias) => {
          const cs = cuotasNuevas(principal, plazo, tasa, 'cuota_nivelada');
          const t = terminosDePrueba(tasa, 'cuota_nivelada');
          const fecha = sumarDias(DESEMBOLSO, dias);
          const hoy = recalcularCredito({ cuotas: cs, pagos: [], terminos: t, hasta: fecha });
          const liq = liquidacionCredito(hoy.cuotas, fecha, { tasa_interes_anual: tasa, fecha_desembolso: DESEMBOLSO });
          const previa = liquidacionReglasPrevias(liq, hoy.cuotas, fecha);
          // the parts still add up, and only the current interest differs (never less than accrued)
          expect(previa.total_centimos).toBe(
            previa.capital_pendiente_centimos +
              previa.interes_corriente_centimos +
              previa.interes_vencido_centimos +
              previa.capital_vencido_centimos +
              previa.mora_centimos,
          );
          expect(previa.interes_corriente_centimos).toBeGreaterThanOrEqual(liq.interes_corriente_centimos);
          // paying it cancels the credit under the old rules (the engine before them)
          const pagado = recalcularPrevio({
            cuotas: cs,
            pagos: [pagoValorado(fecha, previa.total_centimos, 'L')],
            terminos: t,
            hasta: fecha,
          });
          expect(pagado.resumen).toMatchObject({ estado: 'cancelado', saldo_capital_centimos: 0, saldo_mora_centimos: 0 });
        },
      ),
      { numRuns: 200 },
    );
  });
});
