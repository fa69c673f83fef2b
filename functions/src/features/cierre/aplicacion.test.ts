import fc from 'fast-check';
import { sumarDias } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { cuotasNuevas } from '../../../test/motor-fixtures';
import { estadoCredito, pendiente, resumenCredito, type CuotaSaldo } from './domain';
import { aplicarPago, maximoAplicable, PagoExcedeDeuda } from './aplicacion';

const conMora = (cs: CuotaSaldo[], numero: number, mora: number, dias: number) =>
  cs.map((c) => (c.numero_cuota === numero ? { ...c, monto_mora_centimos: mora, dias_mora: dias } : c));

const total = (cs: CuotaSaldo[]) => cs.reduce((s, c) => s + pendiente(c).total, 0);
const capitalPendiente = (cs: CuotaSaldo[]) => cs.reduce((s, c) => s + pendiente(c).capital, 0);

describe('aplicarPago: orden mora → interés → capital, cuota más antigua primero', () => {
  it('un pago exacto de la primera cuota la marca pagada y no toca las demás', () => {
    const cs = cuotasNuevas();
    const r = aplicarPago({ cuotas: cs, montoCentimos: 9_455_960, fecha: '2026-02-15' });
    expect(r.aplicado).toEqual({ mora: 0, interes: 2_000_000, capital: 7_455_960 });
    expect(r.cambiadas).toEqual([1]);
    expect(r.cuotas[0]).toMatchObject({
      pagada: true,
      pagada_en: '2026-02-15',
      pagado_capital_centimos: 7_455_960,
      pagado_interes_centimos: 2_000_000,
    });
    expect(r.cuotas.slice(1)).toEqual(cs.slice(1));
    expect(r.prepagoCapital).toBe(0);
  });

  it('cobra primero la mora, luego el interés y por último el capital de la cuota vencida', () => {
    const cs = conMora(cuotasNuevas(), 1, 50_000, 5);
    const r = aplicarPago({ cuotas: cs, montoCentimos: 1_000_000, fecha: '2026-02-20' });
    expect(r.aplicado).toEqual({ mora: 50_000, interes: 950_000, capital: 0 });
    expect(r.cuotas[0]).toMatchObject({
      pagada: false,
      pagado_mora_centimos: 50_000,
      pagado_interes_centimos: 950_000,
      pagado_capital_centimos: 0,
    });
    const r2 = aplicarPago({ cuotas: r.cuotas, montoCentimos: 1_100_000, fecha: '2026-02-20' });
    expect(r2.aplicado).toEqual({ mora: 0, interes: 1_050_000, capital: 50_000 });
  });

  it('salda las cuotas vencidas en orden antes de la siguiente por vencer', () => {
    let cs = cuotasNuevas();
    cs = conMora(cs, 1, 120_000, 40);
    cs = conMora(cs, 2, 30_000, 12);
    // on 2026-03-27 cuotas 1 and 2 are overdue, cuota 3 (due 04-15) is the next one
    const deuda12 = pendiente(cs[0]!).total + pendiente(cs[1]!).total;
    const r = aplicarPago({ cuotas: cs, montoCentimos: deuda12 + 100, fecha: '2026-03-27' });
    expect(r.cuotas[0]!.pagada).toBe(true);
    expect(r.cuotas[1]!.pagada).toBe(true);
    expect(r.cuotas[2]).toMatchObject({ pagada: false, pagado_interes_centimos: 100, pagado_capital_centimos: 0 });
    expect(r.aplicado.mora).toBe(150_000);
    expect(r.cambiadas).toEqual([1, 2, 3]);
  });
});

describe('aplicarPago: sobrepago como abono extraordinario a capital de las últimas cuotas', () => {
  it('lo que excede la cuota exigible reduce el capital de la última cuota y conserva su interés si no la cubre', () => {
    const cs = cuotasNuevas();
    const r = aplicarPago({ cuotas: cs, montoCentimos: 9_455_960 + 1_000_000, fecha: '2026-02-10' });
    expect(r.cuotas[0]!.pagada).toBe(true);
    expect(r.prepagoCapital).toBe(1_000_000);
    expect(r.cuotas[11]).toMatchObject({ pagado_capital_centimos: 1_000_000, pagada: false, interes_condonado_centimos: 0 });
    expect(r.cambiadas).toEqual([1, 12]);
    expect(r.interesCondonado).toBe(0);
  });

  it('una cuota futura prepagada por completo queda pagada y su interés se condona', () => {
    const cs = cuotasNuevas();
    const ultima = cs[11]!;
    const r = aplicarPago({ cuotas: cs, montoCentimos: 9_455_960 + ultima.monto_capital_centimos + 5, fecha: '2026-02-10' });
    expect(r.cuotas[11]).toMatchObject({
      pagada: true,
      pagado_capital_centimos: ultima.monto_capital_centimos,
      pagado_interes_centimos: 0,
      interes_condonado_centimos: ultima.monto_interes_centimos,
    });
    expect(r.cuotas[10]).toMatchObject({ pagado_capital_centimos: 5, pagada: false });
    expect(r.interesCondonado).toBe(ultima.monto_interes_centimos);
    expect(r.aplicado.interes).toBe(2_000_000);
  });

  it('pagar el máximo aplicable cancela el crédito: capital y mora en cero, todas las cuotas pagadas', () => {
    const cs = conMora(cuotasNuevas(), 1, 7_777, 3);
    const max = maximoAplicable(cs, '2026-02-18');
    const r = aplicarPago({ cuotas: cs, montoCentimos: max, fecha: '2026-02-18' });
    expect(r.cuotas.every((c) => c.pagada)).toBe(true);
    expect(r.aplicado.capital).toBe(1_000_000_00);
    const terminos = { fecha_primer_vencimiento: '2026-02-15', dias_tolerancia: 3, tasa_moratoria_anual: '31.20' };
    expect(resumenCredito(r.cuotas, terminos, '2026-02-18')).toMatchObject({
      saldo_capital_centimos: 0,
      saldo_mora_centimos: 0,
      proximo_vencimiento: null,
      estado: 'cancelado',
    });
  });

  it('rechaza un pago mayor que todo lo adeudado con el máximo aplicable', () => {
    const cs = cuotasNuevas();
    const max = maximoAplicable(cs, '2026-02-10');
    expect(() => aplicarPago({ cuotas: cs, montoCentimos: max + 1, fecha: '2026-02-10' })).toThrow(PagoExcedeDeuda);
    try {
      aplicarPago({ cuotas: cs, montoCentimos: max + 1, fecha: '2026-02-10' });
    } catch (e) {
      expect((e as PagoExcedeDeuda).maximoCentimos).toBe(max);
    }
  });

  it('rechaza montos no positivos o no enteros', () => {
    expect(() => aplicarPago({ cuotas: cuotasNuevas(), montoCentimos: 0, fecha: '2026-02-10' })).toThrow(RangeError);
    expect(() => aplicarPago({ cuotas: cuotasNuevas(), montoCentimos: 10.5, fecha: '2026-02-10' })).toThrow(RangeError);
  });
});

describe('estadoCredito', () => {
  const terminos = { fecha_primer_vencimiento: '2026-02-15', dias_tolerancia: 3, tasa_moratoria_anual: '31.20' };
  it('vigente hasta el primer vencimiento inclusive, al día después, vencido pasada la tolerancia', () => {
    const cs = cuotasNuevas();
    expect(estadoCredito(cs, terminos, '2026-02-15')).toBe('vigente');
    expect(estadoCredito(cs, terminos, '2026-02-18')).toBe('al_dia'); // 3 days late: within tolerance
    expect(estadoCredito(cs, terminos, '2026-02-19')).toBe('vencido');
    const pagada = aplicarPago({ cuotas: cs, montoCentimos: 9_455_960, fecha: '2026-02-19' }).cuotas;
    expect(estadoCredito(pagada, terminos, '2026-02-19')).toBe('al_dia');
  });
});

// ---------------------------------------------------------------- properties

/** A random credit in a random state: schedule, some cuotas paid, mora on the overdue ones. */
const creditoArb = fc
  .record({
    principal: fc.integer({ min: 10_000_00, max: 3_000_000_00 }),
    plazo: fc.integer({ min: 1, max: 60 }),
    tasa: fc.constantFrom('0.00', '15.00', '22.50', '28.00', '36.75'),
    pagadas: fc.nat({ max: 60 }),
    diasDespues: fc.integer({ min: -20, max: 400 }),
    moras: fc.array(fc.nat({ max: 2_000_000 }), { maxLength: 60 }),
  })
  .map(({ principal, plazo, tasa, pagadas, diasDespues, moras }) => {
    let cs = cuotasNuevas(principal, plazo, tasa, 'cuota_nivelada', 0, '2025-03-31');
    const n = Math.min(pagadas, plazo - 1);
    for (let k = 0; k < n; k++) {
      cs = aplicarPago({ cuotas: cs, montoCentimos: pendiente(cs[k]!).total, fecha: cs[k]!.fecha_vencimiento }).cuotas;
    }
    const fecha = sumarDias(cs[n]!.fecha_vencimiento, diasDespues);
    cs = cs.map((c, k) =>
      !c.pagada && c.fecha_vencimiento < fecha ? { ...c, monto_mora_centimos: moras[k] ?? 0, dias_mora: 1 } : c,
    );
    return { cuotas: cs, fecha };
  });

describe('aplicarPago: propiedades', () => {
  it('aplica exactamente el monto, nada negativo y nada por encima de lo programado', () => {
    fc.assert(
      fc.property(creditoArb, fc.double({ min: 0, max: 1, noNaN: true }), ({ cuotas, fecha }, f) => {
        const max = maximoAplicable(cuotas, fecha);
        const monto = Math.max(1, Math.floor(max * f));
        fc.pre(max > 0);
        const r = aplicarPago({ cuotas, montoCentimos: monto, fecha });
        expect(r.aplicado.mora + r.aplicado.interes + r.aplicado.capital).toBe(monto);
        expect(total(cuotas) - total(r.cuotas) - r.interesCondonado).toBe(monto);
        expect(capitalPendiente(cuotas) - capitalPendiente(r.cuotas)).toBe(r.aplicado.capital);
        for (const c of r.cuotas) {
          const p = pendiente(c);
          expect(p.mora >= 0 && p.interes >= 0 && p.capital >= 0).toBe(true);
          expect(c.pagado_capital_centimos).toBeLessThanOrEqual(c.monto_capital_centimos);
          expect(c.pagado_interes_centimos + c.interes_condonado_centimos).toBeLessThanOrEqual(c.monto_interes_centimos);
          expect(c.pagado_mora_centimos).toBeLessThanOrEqual(c.monto_mora_centimos);
          expect(c.pagada).toBe(p.total === 0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('respeta el orden: una cuota recibe interés solo sin mora pendiente, capital solo sin interés pendiente, y la siguiente solo si la anterior quedó pagada', () => {
    fc.assert(
      fc.property(creditoArb, fc.double({ min: 0, max: 1, noNaN: true }), ({ cuotas, fecha }, f) => {
        const max = maximoAplicable(cuotas, fecha);
        fc.pre(max > 0);
        const r = aplicarPago({ cuotas, montoCentimos: Math.max(1, Math.floor(max * f)), fecha });
        const antes = new Map(cuotas.map((c) => [c.numero_cuota, c]));
        const recibio = (c: CuotaSaldo) => pendiente(antes.get(c.numero_cuota)!).total !== pendiente(c).total;
        const limite = cuotas.find((c) => c.fecha_vencimiento >= fecha)?.fecha_vencimiento;
        const exigibles = r.cuotas.filter((c) => !antes.get(c.numero_cuota)!.pagada);
        let anteriorPagada = true;
        for (const c of exigibles) {
          if (limite && c.fecha_vencimiento > limite) break;
          const a = antes.get(c.numero_cuota)!;
          if (c.pagado_interes_centimos > a.pagado_interes_centimos) expect(pendiente(c).mora).toBe(0);
          if (c.pagado_capital_centimos > a.pagado_capital_centimos) expect(pendiente(c).interes).toBe(0);
          if (recibio(c)) expect(anteriorPagada).toBe(true);
          anteriorPagada = c.pagada;
        }
        // a prepayment (a cuota beyond the payable ones received capital) means the payable ones are paid
        // and every later cuota is paid too
        // the next one due is the first cuota (paid or not) due on or after fecha
        const futuras = cuotas.filter((c) => !c.pagada && limite && c.fecha_vencimiento > limite).map((c) => c.numero_cuota);
        const tocadas = futuras.filter((n) => r.cambiadas.includes(n));
        if (tocadas.length > 0) {
          const primera = Math.min(...tocadas);
          for (const c of r.cuotas) {
            if (c.numero_cuota > primera && futuras.includes(c.numero_cuota)) expect(c.pagada).toBe(true);
            if (!futuras.includes(c.numero_cuota)) expect(c.pagada).toBe(true);
          }
          expect(r.prepagoCapital).toBeGreaterThan(0);
        } else {
          expect(r.prepagoCapital).toBe(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('dos pagos seguidos equivalen a un solo pago por la suma', () => {
    fc.assert(
      fc.property(
        creditoArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        ({ cuotas, fecha }, f, g) => {
          const max = maximoAplicable(cuotas, fecha);
          fc.pre(max >= 2);
          const a = Math.max(1, Math.floor((max - 1) * f));
          const b = Math.max(1, Math.floor((max - a) * g));
          const uno = aplicarPago({ cuotas, montoCentimos: a, fecha });
          expect(maximoAplicable(uno.cuotas, fecha)).toBe(max - a);
          const dos = aplicarPago({ cuotas: uno.cuotas, montoCentimos: b, fecha });
          const junto = aplicarPago({ cuotas, montoCentimos: a + b, fecha });
          const sinFecha = (cs: CuotaSaldo[]) => cs.map(({ pagada_en: _p, ...c }) => c);
          expect(sinFecha(dos.cuotas)).toEqual(sinFecha(junto.cuotas));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('pagar el máximo aplicable siempre deja el crédito cancelado; un céntimo más se rechaza', () => {
    fc.assert(
      fc.property(creditoArb, ({ cuotas, fecha }) => {
        const max = maximoAplicable(cuotas, fecha);
        fc.pre(max > 0);
        expect(() => aplicarPago({ cuotas, montoCentimos: max + 1, fecha })).toThrow(PagoExcedeDeuda);
        const r = aplicarPago({ cuotas, montoCentimos: max, fecha });
        expect(r.cuotas.every((c) => c.pagada)).toBe(true);
        expect(capitalPendiente(r.cuotas)).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
