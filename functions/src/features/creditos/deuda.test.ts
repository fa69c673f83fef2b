import fc from 'fast-check';
import { deudaCreditoSchema, sumarDias } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { cuotasNuevas } from '../../../test/motor-fixtures';
import { pendiente, type CuotaSaldo } from '../cierre/domain';
import { aplicarPago, maximoAplicable } from '../cierre/aplicacion';
import { deudaCredito } from './deuda';

/**
 * ₡1 000 000 at 24 % over 12 months disbursed 2026-01-15: cuotas of ₡94 559,60 (the first one
 * ₡20 000,00 interest + ₡74 559,60 capital) due on the 15th from 2026-02-15.
 */
const calendario = () => cuotasNuevas();

const cambiar = (cs: CuotaSaldo[], numero: number, cambios: Partial<CuotaSaldo>) =>
  cs.map((c) => (c.numero_cuota === numero ? { ...c, ...cambios } : c));

/** A cuota paid in full, as the payment engine leaves it. */
const pagada = (c: CuotaSaldo, fecha: string): Partial<CuotaSaldo> => ({
  pagado_capital_centimos: c.monto_capital_centimos,
  pagado_interes_centimos: c.monto_interes_centimos,
  pagado_mora_centimos: c.monto_mora_centimos,
  pagada: true,
  pagada_en: fecha,
});

const CAPITAL = 1_000_000_00;
const C1 = { capital: 7_455_960, interes: 2_000_000, total: 9_455_960 };

describe('deudaCredito', () => {
  const cs = calendario();
  const cuota2 = cs[1]!.monto_capital_centimos + cs[1]!.monto_interes_centimos;

  /** Nothing paid and nothing overdue yet: cuota 1 is next. */
  const sinVencer = {
    cuotas: cs,
    vencido: { capital_centimos: 0, interes_centimos: 0, mora_centimos: 0 },
    alDia: 0,
    vencidas: 0,
    dias: 0,
    proxima: { numero_cuota: 1, fecha_vencimiento: '2026-02-15', monto_pendiente_centimos: C1.total },
    total: CAPITAL + C1.interes,
  };
  it.each([
    { caso: 'nada vencido: antes del primer vencimiento', fecha: '2026-02-01', ...sinVencer },
    { caso: 'la cuota que vence hoy es la próxima, no está vencida', fecha: '2026-02-15', ...sinVencer },
    {
      caso: 'una cuota vencida con mora: se pone al día con capital, interés y mora',
      cuotas: cambiar(cs, 1, { monto_mora_centimos: 61_297, dias_mora: 10 }),
      fecha: '2026-02-25',
      vencido: { capital_centimos: C1.capital, interes_centimos: C1.interes, mora_centimos: 61_297 },
      alDia: C1.total + 61_297,
      vencidas: 1,
      dias: 10,
      proxima: { numero_cuota: 2, fecha_vencimiento: '2026-03-15', monto_pendiente_centimos: cuota2 },
      total: CAPITAL + 61_297 + C1.interes + cs[1]!.monto_interes_centimos,
    },
    {
      caso: 'cuota vencida pagada en parte: solo lo que falta de cada componente',
      cuotas: cambiar(cs, 1, {
        monto_mora_centimos: 61_297,
        pagado_mora_centimos: 61_297,
        pagado_interes_centimos: 2_000_000,
        pagado_capital_centimos: 455_960,
        dias_mora: 10,
      }),
      fecha: '2026-02-25',
      vencido: { capital_centimos: 7_000_000, interes_centimos: 0, mora_centimos: 0 },
      alDia: 7_000_000,
      vencidas: 1,
      dias: 10,
      proxima: { numero_cuota: 2, fecha_vencimiento: '2026-03-15', monto_pendiente_centimos: cuota2 },
      total: CAPITAL - 455_960 + cs[1]!.monto_interes_centimos,
    },
    {
      caso: 'todo pagado: no debe nada y no hay próxima cuota',
      cuotas: cs.map((c) => ({ ...c, ...pagada(c, c.fecha_vencimiento) })),
      fecha: '2027-02-01',
      vencido: { capital_centimos: 0, interes_centimos: 0, mora_centimos: 0 },
      alDia: 0,
      vencidas: 0,
      dias: 0,
      proxima: null,
      total: 0,
    },
  ])('$caso', ({ cuotas, fecha, vencido, alDia, vencidas, dias, proxima, total }) => {
    const d = deudaCredito(cuotas, fecha);
    expect(d).toEqual({
      fecha,
      vencido,
      monto_al_dia_centimos: alDia,
      cuotas_vencidas: vencidas,
      dias_mora: dias,
      proxima_cuota: proxima,
      total_adeudado_centimos: total,
    });
    expect(deudaCreditoSchema.parse(d)).toEqual(d);
  });

  it('varias cuotas vencidas: suma todas y los días de mora son los de la más antigua', () => {
    let cuotas = cambiar(cs, 1, { monto_mora_centimos: 150_000, dias_mora: 38 });
    cuotas = cambiar(cuotas, 2, { monto_mora_centimos: 70_000, dias_mora: 10 });
    const d = deudaCredito(cuotas, '2026-03-25');
    expect(d.cuotas_vencidas).toBe(2);
    expect(d.dias_mora).toBe(38);
    expect(d.vencido.mora_centimos).toBe(220_000);
    expect(d.monto_al_dia_centimos).toBe(C1.total + cuota2 + 220_000);
    expect(d.proxima_cuota).toMatchObject({ numero_cuota: 3, fecha_vencimiento: '2026-04-15' });
  });

  it('una cuota vencida sin cierre todavía cuenta sus días desde el vencimiento (sin mora aún)', () => {
    const d = deudaCredito(cs, '2026-02-16');
    expect(d).toMatchObject({ monto_al_dia_centimos: C1.total, cuotas_vencidas: 1, dias_mora: 1 });
    expect(d.vencido.mora_centimos).toBe(0);
  });

  it('pagada por adelantado la cuota que vence, la siguiente sin interés aún exigible no pasa de lo que se puede pagar', () => {
    // only the last cuota is left, and the one due before it was paid ahead: its interest is not payable yet
    const once = cs.slice(0, 11).map((c) => ({ ...c, ...pagada(c, '2026-12-01') }));
    const cuotas = [...once, cs[11]!];
    const d = deudaCredito(cuotas, '2026-12-10');
    expect(d.proxima_cuota).toEqual({
      numero_cuota: 12,
      fecha_vencimiento: '2027-01-15',
      monto_pendiente_centimos: cs[11]!.monto_capital_centimos,
    });
    expect(d.total_adeudado_centimos).toBe(cs[11]!.monto_capital_centimos);
    // and a payment of that amount is accepted and settles the credit
    const r = aplicarPago({ cuotas, montoCentimos: d.proxima_cuota!.monto_pendiente_centimos, fecha: '2026-12-10' });
    expect(r.cuotas.every((c) => c.pagada)).toBe(true);
  });

  it('propiedad: total = máximo aplicable; ponerse al día y la próxima cuota caben en él; pagar el monto al día deja nada vencido', () => {
    const base = calendario();
    fc.assert(
      fc.property(
        fc.integer({ min: -20, max: 400 }),
        fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 12, maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 12_000_000 }), { minLength: 12, maxLength: 12 }),
        fc.integer({ min: 0, max: 12 }),
        (desfase, moras, abonos, pagadas) => {
          const fecha = sumarDias('2026-02-15', desfase);
          // the first `pagadas` cuotas paid, the others with some mora (if overdue) and a partial payment
          const cuotas = base.map((c, i): CuotaSaldo => {
            if (i < pagadas) return { ...c, ...pagada(c, c.fecha_vencimiento) };
            const vencida = c.fecha_vencimiento < fecha;
            const mora = vencida ? moras[i]! : 0;
            const abono = Math.min(abonos[i]!, c.monto_interes_centimos + c.monto_capital_centimos - 1);
            const interes = Math.min(abono, c.monto_interes_centimos);
            return {
              ...c,
              monto_mora_centimos: mora,
              pagado_mora_centimos: abono > 0 ? mora : 0,
              pagado_interes_centimos: interes,
              pagado_capital_centimos: abono - interes,
            };
          });
          const d = deudaCredito(cuotas, fecha);
          expect(d.total_adeudado_centimos).toBe(maximoAplicable(cuotas, fecha));
          expect(d.monto_al_dia_centimos).toBe(d.vencido.capital_centimos + d.vencido.interes_centimos + d.vencido.mora_centimos);
          expect(d.monto_al_dia_centimos + (d.proxima_cuota?.monto_pendiente_centimos ?? 0)).toBeLessThanOrEqual(
            d.total_adeudado_centimos,
          );
          for (const v of Object.values(d.vencido)) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
          if (d.proxima_cuota) {
            const c = cuotas.find((x) => x.numero_cuota === d.proxima_cuota!.numero_cuota)!;
            expect(c.fecha_vencimiento >= fecha).toBe(true);
            expect(d.proxima_cuota.monto_pendiente_centimos).toBeLessThanOrEqual(pendiente(c).total);
          }
          if (d.monto_al_dia_centimos > 0) {
            const r = aplicarPago({ cuotas, montoCentimos: d.monto_al_dia_centimos, fecha });
            const despues = deudaCredito(r.cuotas, fecha);
            expect(despues.monto_al_dia_centimos).toBe(0);
            expect(despues.proxima_cuota).toEqual(d.proxima_cuota);
          }
          if (d.total_adeudado_centimos > 0) {
            const r = aplicarPago({ cuotas, montoCentimos: d.total_adeudado_centimos, fecha });
            expect(r.cuotas.every((c) => c.pagada)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
