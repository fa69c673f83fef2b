import fc from 'fast-check';
import { parseDecimal, sumarDias, type MetodoAmortizacion } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { cuotasNuevas, DESEMBOLSO, pagoValorado, terminosDePrueba } from '../../../test/motor-fixtures';
import type { CuotaSaldo } from './domain';
import { liquidacionCredito } from './liquidacion';
import { problemasDeCredito, problemasDeResumen, recalcularCredito } from './recalculo';
import type { Excedente } from './reprogramacion';

const terminos = (tasa: string, metodo: MetodoAmortizacion) => terminosDePrueba(tasa, metodo, 2);
/** A cuota paid in full (capital and interest) on its due date. */
const pagoDeCuota = (c: CuotaSaldo, pago_id: string) =>
  pagoValorado(c.fecha_vencimiento, c.monto_capital_centimos + c.monto_interes_centimos, pago_id);

// ---------------------------------------------------------------- exact reference (BigInt)

function mediaPar(num: bigint, den: bigint): bigint {
  const q = num / den;
  const r2 = 2n * (num % den);
  return r2 < den ? q : r2 > den ? q + 1n : q % 2n === 0n ? q : q + 1n;
}

/** The re-amortised periods of balance `saldo` over `n` cuotas, from the definitions, in BigInt. */
function referencia(
  saldo: bigint,
  n: number,
  tasa: string,
  metodo: MetodoAmortizacion,
  modo: Excedente,
  original: { cuota: bigint; capital: bigint },
): Array<{ capital: bigint; interes: bigint }> {
  const t = parseDecimal(tasa);
  const p = t.num; // i = p / q
  const q = t.den * 1200n;
  const interes = (b: bigint) => mediaPar(b * p, q);
  let cuota: bigint;
  let capitalFijo: bigint | null = null;
  if (modo === 'reducir_cuota') {
    if (metodo === 'capital_constante' || p === 0n) capitalFijo = mediaPar(saldo, BigInt(n));
    const a = (q + p) ** BigInt(n);
    const b = q ** BigInt(n);
    cuota = p === 0n ? 0n : mediaPar(saldo * p * a, q * (a - b));
  } else {
    cuota = original.cuota;
    if (metodo === 'capital_constante' || p === 0n) capitalFijo = original.capital;
  }
  const filas: Array<{ capital: bigint; interes: bigint }> = [];
  let resto = saldo;
  for (let k = 0; k < n; k++) {
    if (resto === 0n) {
      filas.push({ capital: 0n, interes: 0n });
      continue;
    }
    const i = interes(resto);
    let capital = capitalFijo ?? cuota - i;
    if (k === n - 1 || capital >= resto) capital = resto;
    filas.push({ capital, interes: i });
    resto -= capital;
  }
  return filas;
}

describe('excedente: reducir plazo o reducir cuota, con interés sobre el saldo real', () => {
  it('₡1 000 000 al 24 % en 12: un abono de ₡300 000 con la cuota 1 baja el interés de la cuota 2 al saldo real', () => {
    const cs = cuotasNuevas(1_000_000_00, 12, '24.00', 'cuota_nivelada');
    const c1 = cs[0]!;
    const monto = c1.monto_capital_centimos + c1.monto_interes_centimos + 300_000_00;
    for (const modo of ['reducir_plazo', 'reducir_cuota'] as const) {
      const r = recalcularCredito({
        cuotas: cs,
        pagos: [pagoValorado('2026-02-15', monto, 'A', modo)],
        terminos: terminos('24.00', 'cuota_nivelada'),
        hasta: '2026-02-15',
      });
      const saldo = 1_000_000_00 - c1.monto_capital_centimos - 300_000_00;
      expect(r.resumen.saldo_capital_centimos).toBe(saldo);
      expect(r.cuotas[1]!.monto_interes_centimos).toBe(Math.round(saldo * 0.02)); // 2 % a month on what is owed
      expect(r.cuotas[1]!.monto_interes_centimos).toBeLessThan(cs[1]!.monto_interes_centimos);
      const sigue = r.cuotas.filter((c) => !c.pagada);
      if (modo === 'reducir_plazo') {
        expect(sigue.length).toBeLessThan(11); // shorter
        expect(sigue[1]!.monto_capital_centimos + sigue[1]!.monto_interes_centimos).toBe(
          cs[1]!.monto_capital_centimos + cs[1]!.monto_interes_centimos,
        ); // same cuota
      } else {
        expect(sigue).toHaveLength(11); // same term
        expect(sigue[1]!.monto_capital_centimos + sigue[1]!.monto_interes_centimos).toBeLessThan(
          cs[1]!.monto_capital_centimos + cs[1]!.monto_interes_centimos,
        ); // lower cuota
      }
      expect(r.cuotas.reduce((s, c) => s + c.monto_capital_centimos, 0)).toBe(1_000_000_00);
    }
  });

  it('sin elección (pagos anteriores a la opción): el abono prepaga desde la última cuota, como siempre', () => {
    const cs = cuotasNuevas(1_000_000_00, 12, '24.00', 'cuota_nivelada');
    const c1 = cs[0]!;
    const r = recalcularCredito({
      cuotas: cs,
      pagos: [pagoValorado('2026-02-15', c1.monto_capital_centimos + c1.monto_interes_centimos + 100_000_00, 'A')],
      terminos: terminos('24.00', 'cuota_nivelada'),
      hasta: '2026-02-15',
    });
    expect(r.cuotas.map((c) => c.monto_interes_centimos)).toEqual(cs.map((c) => c.monto_interes_centimos));
  });

  it('propiedad: cuotas = referencia exacta sobre el saldo real; se conserva el principal; la liquidación posterior deja cero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50_000_00, max: 20_000_000_00 }),
        fc.integer({ min: 3, max: 36 }),
        fc.constantFrom('0.00', '12.00', '24.00', '36.75'),
        fc.constantFrom<MetodoAmortizacion>('cuota_nivelada', 'capital_constante'),
        fc.constantFrom<Excedente>('reducir_plazo', 'reducir_cuota'),
        fc.integer({ min: 0, max: 30 }),
        fc.double({ min: 0.001, max: 0.999, noNaN: true }),
        fc.integer({ min: 1, max: 27 }),
        (principal, plazo, tasa, metodo, modo, pagadasAntes, fraccion, diasDespues) => {
          const cs = cuotasNuevas(principal, plazo, tasa, metodo);
          const k = Math.min(pagadasAntes, plazo - 2); // cuotas paid on their due dates before
          const t = terminos(tasa, metodo);
          const pagos = cs.slice(0, k).map((c, j) => pagoDeCuota(c, `P${String(j).padStart(2, '0')}`));
          const actual = cs[k]!; // the cuota payable on the value date
          const fecha =
            k === 0
              ? sumarDias(DESEMBOLSO, 1 + (diasDespues % 28))
              : sumarDias(cs[k - 1]!.fecha_vencimiento, 1 + (diasDespues % 27));
          const restante = cs.slice(k + 1).reduce((s, c) => s + c.monto_capital_centimos, 0);
          const excedente = Math.max(1, Math.min(restante - 1, Math.floor(restante * fraccion)));
          const monto = actual.monto_capital_centimos + actual.monto_interes_centimos + excedente;
          const antes = recalcularCredito({ cuotas: cs, pagos, terminos: t, hasta: fecha });
          const liq = liquidacionCredito(antes.cuotas, fecha, { tasa_interes_anual: tasa, fecha_desembolso: DESEMBOLSO });
          const abono = pagoValorado(fecha, monto, 'X', modo);
          const r = recalcularCredito({ cuotas: cs, pagos: [...pagos, abono], terminos: t, hasta: fecha });
          if (monto >= liq.total_centimos) {
            expect(r.resumen.estado).toBe('cancelado'); // it covered the payoff
            return;
          }
          // the re-amortised cuotas equal the reference on the actual balance
          const saldo =
            BigInt(principal) - cs.slice(0, k + 1).reduce((s, c) => s + BigInt(c.monto_capital_centimos), 0n) - BigInt(excedente);
          const nivel = cs[cs.length >= 3 ? 1 : 0]!;
          const ref = referencia(saldo, plazo - k - 1, tasa, metodo, modo, {
            cuota: BigInt(nivel.monto_capital_centimos + nivel.monto_interes_centimos),
            capital: BigInt(nivel.monto_capital_centimos),
          });
          const futuras = r.cuotas.slice(k + 1);
          for (const [j, c] of futuras.entries()) {
            const prepagado = j === 0 ? excedente : 0;
            expect([BigInt(c.monto_capital_centimos - prepagado), BigInt(c.monto_interes_centimos)]).toEqual([
              ref[j]!.capital,
              ref[j]!.interes,
            ]);
            expect(c.pagado_capital_centimos).toBe(prepagado);
          }
          // conservation: Σ capital of the revised schedule = principal = saldo + Σ capital applied
          expect(r.cuotas.reduce((s, c) => s + BigInt(c.monto_capital_centimos), 0n)).toBe(BigInt(principal));
          const aplicado = [...r.aplicaciones.values()].reduce((s, a) => s + BigInt(a.aplicado.capital), 0n);
          expect(BigInt(r.resumen.saldo_capital_centimos) + aplicado).toBe(BigInt(principal));
          expect(BigInt(r.resumen.saldo_capital_centimos)).toBe(saldo);
          const cabecera = { numero_credito: 'X', monto_principal_centimos: principal, plazo_meses: plazo };
          expect(problemasDeResumen(cabecera, r)).toEqual([]);
          // the stored revised cuotas replay to the same state (the replay starts from programado_*)
          const guardadas = r.cuotas.map((c) => ({ ...c }));
          expect(problemasDeCredito(cabecera, guardadas, [...pagos, abono])).toEqual([]);
          const otra = recalcularCredito({ cuotas: guardadas, pagos: [...pagos, abono], terminos: t, hasta: fecha });
          expect(otra.cuotas).toEqual(r.cuotas);
          // a payoff later leaves zero
          const despues = sumarDias(fecha, 10);
          const r2 = recalcularCredito({ cuotas: cs, pagos: [...pagos, abono], terminos: t, hasta: despues });
          const liq2 = liquidacionCredito(r2.cuotas, despues, { tasa_interes_anual: tasa, fecha_desembolso: DESEMBOLSO });
          const fin = recalcularCredito({
            cuotas: cs,
            pagos: [...pagos, abono, pagoValorado(despues, liq2.total_centimos, 'Z')],
            terminos: t,
            hasta: despues,
          });
          expect(fin.resumen).toMatchObject({ estado: 'cancelado', saldo_capital_centimos: 0, saldo_mora_centimos: 0 });
          const capitalFin = [...fin.aplicaciones.values()].reduce((s, a) => s + a.aplicado.capital, 0);
          expect(capitalFin).toBe(principal);
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** The original level cuota and capital share from the definitions (BigInt): over the plazo − gracia amortising months. */
function nivelOriginal(
  principal: number,
  amortizan: number,
  tasa: string,
  metodo: MetodoAmortizacion,
): { cuota: bigint; capital: bigint } {
  const t = parseDecimal(tasa);
  const p = t.num;
  const q = t.den * 1200n;
  const capital = mediaPar(BigInt(principal), BigInt(amortizan));
  if (metodo === 'capital_constante' || p === 0n) return { cuota: capital, capital };
  const a = (q + p) ** BigInt(amortizan);
  const b = q ** BigInt(amortizan);
  const cuota = mediaPar(BigInt(principal) * p * a, q * (a - b));
  return { cuota, capital: cuota };
}

describe('reducir plazo con meses de gracia: la cuota es la nivelada, no la de solo interés', () => {
  it('₡500 000 al 24 % en 12 con 2 meses de gracia: un abono de ₡100 000 en el mes 3 acorta el plazo sin cuota globo', () => {
    for (const metodo of ['cuota_nivelada', 'capital_constante'] as const) {
      const cs = cuotasNuevas(500_000_00, 12, '24.00', metodo, 2);
      expect(cs[1]!.monto_capital_centimos).toBe(0); // cuota 2 is interest only
      const nivel = cs[2]!; // the first amortising cuota
      const pagos = cs.slice(0, 2).map((c, j) => pagoDeCuota(c, `P${j}`));
      const abono = pagoValorado(
        cs[2]!.fecha_vencimiento,
        nivel.monto_capital_centimos + nivel.monto_interes_centimos + 100_000_00,
        'X',
        'reducir_plazo',
      );
      const r = recalcularCredito({
        cuotas: cs,
        pagos: [...pagos, abono],
        terminos: terminos('24.00', metodo),
        hasta: abono.fecha_valor,
      });
      const futuras = r.cuotas.slice(3);
      const conCapital = futuras.filter((c) => c.monto_capital_centimos > 0);
      expect(conCapital.length).toBeLessThan(9); // the term shortens
      for (const c of futuras) {
        const capital = c.monto_capital_centimos - c.pagado_capital_centimos; // the first keeps the prepaid capital as paid
        if (metodo === 'cuota_nivelada')
          expect(capital + c.monto_interes_centimos).toBeLessThanOrEqual(
            nivel.monto_capital_centimos + nivel.monto_interes_centimos,
          );
        else expect(capital).toBeLessThanOrEqual(nivel.monto_capital_centimos);
      }
      expect(r.cuotas.reduce((s, c) => s + c.monto_capital_centimos, 0)).toBe(500_000_00);
    }
  });

  it('propiedad: con gracia ≥ 2 las cuotas re-amortizadas = referencia exacta con la cuota nivelada original; el plazo no se alarga; Σ capital = principal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50_000_00, max: 20_000_000_00 }),
        fc.integer({ min: 4, max: 36 }),
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom('0.00', '12.00', '24.00', '36.75'),
        fc.constantFrom<MetodoAmortizacion>('cuota_nivelada', 'capital_constante'),
        fc.integer({ min: 0, max: 30 }),
        fc.double({ min: 0.001, max: 0.999, noNaN: true }),
        (principal, plazo, graciaPedida, tasa, metodo, pagadasAntes, fraccion) => {
          const gracia = Math.min(graciaPedida, plazo - 2);
          fc.pre(gracia >= 2);
          const cs = cuotasNuevas(principal, plazo, tasa, metodo, gracia);
          const k = Math.min(pagadasAntes, plazo - 2);
          const t = terminos(tasa, metodo);
          const pagos = cs
            .slice(0, k)
            .map((c, j) => pagoDeCuota(c, `P${String(j).padStart(2, '0')}`))
            .filter((p) => p.monto_centimos > 0); // at 0 % a grace cuota owes nothing
          const actual = cs[k]!;
          const restante = cs.slice(k + 1).reduce((s, c) => s + c.monto_capital_centimos, 0);
          const excedente = Math.max(1, Math.min(restante - 1, Math.floor(restante * fraccion)));
          const abono = pagoValorado(
            actual.fecha_vencimiento,
            actual.monto_capital_centimos + actual.monto_interes_centimos + excedente,
            'X',
            'reducir_plazo',
          );
          const antes = recalcularCredito({ cuotas: cs, pagos, terminos: t, hasta: abono.fecha_valor });
          const liq = liquidacionCredito(antes.cuotas, abono.fecha_valor, {
            tasa_interes_anual: tasa,
            fecha_desembolso: DESEMBOLSO,
          });
          const r = recalcularCredito({ cuotas: cs, pagos: [...pagos, abono], terminos: t, hasta: abono.fecha_valor });
          if (abono.monto_centimos >= liq.total_centimos) return; // a payoff (liquidacion.test.ts)
          const original = nivelOriginal(principal, plazo - gracia, tasa, metodo);
          const saldo =
            BigInt(principal) - cs.slice(0, k + 1).reduce((s, c) => s + BigInt(c.monto_capital_centimos), 0n) - BigInt(excedente);
          const n = plazo - k - 1;
          const ref = referencia(saldo, n, tasa, metodo, 'reducir_plazo', original);
          const futuras = r.cuotas.slice(k + 1);
          for (const [j, c] of futuras.entries()) {
            const prepagado = j === 0 ? excedente : 0;
            const capital = BigInt(c.monto_capital_centimos - prepagado);
            expect([capital, BigInt(c.monto_interes_centimos)]).toEqual([ref[j]!.capital, ref[j]!.interes]);
            // no cuota above the original level cuota (capital share), except the last by rounding
            const tope = metodo === 'cuota_nivelada' && tasa !== '0.00' ? original.cuota : original.capital;
            const monto = metodo === 'cuota_nivelada' && tasa !== '0.00' ? capital + BigInt(c.monto_interes_centimos) : capital;
            if (j < n - 1) expect(monto <= tope).toBe(true);
            else expect(monto <= tope + BigInt(n)).toBe(true);
          }
          // the term does not lengthen: no more cuotas owing capital than the original schedule had left
          const quedan = futuras.filter((c, j) => c.monto_capital_centimos - (j === 0 ? excedente : 0) > 0).length;
          const quedabanOriginal = cs.slice(k + 1).filter((c) => c.monto_capital_centimos > 0).length;
          expect(quedan).toBeLessThanOrEqual(quedabanOriginal);
          expect(r.cuotas.reduce((s, c) => s + BigInt(c.monto_capital_centimos), 0n)).toBe(BigInt(principal));
          expect(BigInt(r.resumen.saldo_capital_centimos)).toBe(saldo);
        },
      ),
      { numRuns: 200 },
    );
  });
});
