import fc from 'fast-check';
import { diasEntre, moraDiaria, parseDecimal, sumarDias } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { cuotasNuevas } from '../../../test/motor-fixtures';
import { aplicarPago } from './aplicacion';
import { pendiente, type CuotaSaldo, type TerminosCredito } from './domain';
import { cuotasCambiadas, problemasDeCredito, problemasDeResumen, recalcularCredito, type PagoValorado } from './recalculo';

const TASA_MORA = '36.40';
const terminos: TerminosCredito = { fecha_primer_vencimiento: '2026-02-15', dias_tolerancia: 3, tasa_moratoria_anual: TASA_MORA };
const cabecera = { numero_credito: 'CR-2026-000001', monto_principal_centimos: 1_000_000_00, plazo_meses: 12 };

/** ₡1 000 000 at 28 % over 12 months, cuota nivelada. */
const calendario = () => cuotasNuevas(1_000_000_00, 12, '28.00');

let orden = 0;
const pago = (fecha_valor: string, monto_centimos: number, pago_id = `P${++orden}`): PagoValorado => ({
  pago_id,
  fecha_valor,
  monto_centimos,
  orden: String(orden).padStart(6, '0'),
});

const cuota1 = () => calendario()[0]!;
const total1 = () => cuota1().monto_capital_centimos + cuota1().monto_interes_centimos;
const diaria = () => moraDiaria(cuota1().monto_capital_centimos, TASA_MORA);

describe('recalcularCredito: sin pagos', () => {
  it('vigente hasta su primer vencimiento inclusive, al_dia en la tolerancia, vencido después; mora y días por día de atraso', () => {
    const en = (hasta: string) => recalcularCredito({ cuotas: calendario(), pagos: [], terminos, hasta });
    expect(en('2026-02-15').resumen).toMatchObject({ estado: 'vigente', saldo_mora_centimos: 0, dias_mora_max: 0 });
    expect(en('2026-02-16').resumen).toMatchObject({ estado: 'al_dia', saldo_mora_centimos: diaria(), dias_mora_max: 1 });
    expect(en('2026-02-18').resumen.estado).toBe('al_dia');
    const r = en('2026-02-19');
    expect(r.resumen).toMatchObject({
      estado: 'vencido',
      saldo_mora_centimos: 4 * diaria(),
      dias_mora_max: 4,
      proxima_revision: '2026-02-15',
    });
    expect(r.cuotas[0]).toMatchObject({ dias_mora: 4, monto_mora_centimos: 4 * diaria() });
  });
});

describe('recalcularCredito: cada pago en su fecha valor', () => {
  it('pagada en su vencimiento y calculada días después: cero mora, cuota pagada, al_dia', () => {
    const r = recalcularCredito({ cuotas: calendario(), pagos: [pago('2026-02-15', total1())], terminos, hasta: '2026-02-25' });
    expect(r.cuotas[0]).toMatchObject({ pagada: true, pagada_en: '2026-02-15', monto_mora_centimos: 0, dias_mora: 0 });
    expect(r.resumen).toMatchObject({
      estado: 'al_dia',
      saldo_mora_centimos: 0,
      dias_mora_max: 0,
      proximo_vencimiento: '2026-03-15',
    });
  });

  it('pagada 3 días tarde y calculada 10 días después: exactamente 3 días de mora, pagados por el mismo pago', () => {
    const monto = total1() + 3 * diaria();
    const r = recalcularCredito({ cuotas: calendario(), pagos: [pago('2026-02-18', monto, 'A')], terminos, hasta: '2026-02-28' });
    expect(r.cuotas[0]).toMatchObject({
      pagada: true,
      monto_mora_centimos: 3 * diaria(),
      pagado_mora_centimos: 3 * diaria(),
      dias_mora: 3,
    });
    expect(r.aplicaciones.get('A')!.aplicado).toEqual({
      mora: 3 * diaria(),
      interes: cuota1().monto_interes_centimos,
      capital: cuota1().monto_capital_centimos,
    });
    expect(r.resumen.saldo_mora_centimos).toBe(0);
  });

  it('pagada antes de vencer: vigente hasta el primer vencimiento y al_dia al día siguiente, con la próxima revisión en esa fecha', () => {
    const pagos = [pago('2026-02-10', total1())];
    const vigente = recalcularCredito({ cuotas: calendario(), pagos, terminos, hasta: '2026-02-12' });
    expect(vigente.resumen).toMatchObject({
      estado: 'vigente',
      proximo_vencimiento: '2026-03-15',
      proxima_revision: '2026-02-16',
    });
    const alDia = recalcularCredito({ cuotas: calendario(), pagos, terminos, hasta: '2026-02-16' });
    expect(alDia.resumen).toMatchObject({ estado: 'al_dia', proxima_revision: '2026-03-15' });
  });

  it('dos pagos dan el mismo resultado en cualquier orden de aprobación', () => {
    const a = pago('2026-02-15', 5_000_000, 'A');
    const b = pago('2026-03-20', 9_000_000, 'B');
    const r1 = recalcularCredito({ cuotas: calendario(), pagos: [a, b], terminos, hasta: '2026-04-01' });
    const r2 = recalcularCredito({ cuotas: calendario(), pagos: [b, a], terminos, hasta: '2026-04-01' });
    expect(r2.cuotas).toEqual(r1.cuotas);
    expect([...r2.aplicaciones]).toEqual([...r1.aplicaciones]);
  });

  it('cuotasCambiadas nombra solo las cuotas cuyo estado derivado cambió', () => {
    const antes = recalcularCredito({ cuotas: calendario(), pagos: [], terminos, hasta: '2026-02-20' }).cuotas;
    const despues = recalcularCredito({
      cuotas: calendario(),
      pagos: [pago('2026-02-15', total1())],
      terminos,
      hasta: '2026-02-20',
    }).cuotas;
    expect(cuotasCambiadas(antes, despues)).toEqual([1]);
    expect(cuotasCambiadas(despues, despues)).toEqual([]);
  });
});

/**
 * An independent reference: day by day from the first due date, each unpaid cuota due before
 * the day accrues one day of mora on its unpaid capital (capital × rate / 36 500 rounded
 * half-even, computed here in BigInt), then that day's payments apply in approval order. The
 * engine instead multiplies a day's mora by the days between events; both must agree exactly.
 */
function referenciaDiaADia(pagos: readonly PagoValorado[], hasta: string): CuotaSaldo[] {
  const t = parseDecimal(TASA_MORA);
  const mora = (capital: number) => {
    const num = BigInt(capital) * t.num;
    const den = t.den * 36_500n;
    const q = num / den;
    const r2 = 2n * (num % den);
    return Number(r2 < den ? q : r2 > den ? q + 1n : q % 2n === 0n ? q : q + 1n);
  };
  let cuotas = calendario();
  const porDia = [...pagos].sort((a, b) => a.orden.localeCompare(b.orden));
  for (let dia = '2026-01-16'; dia <= hasta; dia = sumarDias(dia, 1)) {
    for (const c of cuotas) if (!c.pagada && c.fecha_vencimiento < dia) c.monto_mora_centimos += mora(pendiente(c).capital);
    for (const p of porDia.filter((x) => x.fecha_valor === dia)) {
      cuotas = aplicarPago({ cuotas, montoCentimos: p.monto_centimos, fecha: dia }).cuotas;
    }
  }
  return cuotas;
}

describe('propiedades contra la referencia día a día (BigInt)', () => {
  const escenario = fc.array(
    fc.record({ dia: fc.integer({ min: 1, max: 300 }), monto: fc.integer({ min: 1, max: 20_000_000 }) }),
    { maxLength: 8 },
  );

  it('misma mora, mismos pagos aplicados, mismo estado; el orden de aprobación no importa; se conserva cada céntimo', () => {
    fc.assert(
      fc.property(escenario, fc.integer({ min: 0, max: 60 }), fc.boolean(), (movs, extra, invertir) => {
        const pagos = movs
          .map((m, k) => ({
            pago_id: `P${k}`,
            fecha_valor: sumarDias('2026-01-15', m.dia),
            monto_centimos: m.monto,
            orden: String(k).padStart(3, '0'),
          }))
          .sort((a, b) => a.fecha_valor.localeCompare(b.fecha_valor) || a.orden.localeCompare(b.orden));
        // keep only the payments that fit what the credit owes on their date (the server refuses the rest)
        const aplicables: PagoValorado[] = [];
        for (const p of pagos) {
          try {
            recalcularCredito({ cuotas: calendario(), pagos: [...aplicables, p], terminos, hasta: p.fecha_valor });
            aplicables.push(p);
          } catch {
            /* more than owed on its date */
          }
        }
        const hasta = sumarDias(aplicables.at(-1)?.fecha_valor ?? '2026-02-15', extra);
        const entrada = invertir ? [...aplicables].reverse() : aplicables;
        const r = recalcularCredito({ cuotas: calendario(), pagos: entrada, terminos, hasta });
        const ref = referenciaDiaADia(aplicables, hasta);

        for (const [k, c] of r.cuotas.entries()) {
          const e = ref[k]!;
          expect(c.monto_mora_centimos).toBe(e.monto_mora_centimos);
          expect([c.pagado_capital_centimos, c.pagado_interes_centimos, c.pagado_mora_centimos, c.pagada]).toEqual([
            e.pagado_capital_centimos,
            e.pagado_interes_centimos,
            e.pagado_mora_centimos,
            e.pagada,
          ]);
          expect(c.dias_mora).toBe(
            c.pagada
              ? Math.max(0, diasEntre(c.fecha_vencimiento, c.pagada_en!))
              : Math.max(0, diasEntre(c.fecha_vencimiento, hasta)),
          );
        }
        // conservation in BigInt: every céntimo paid lands on one component; principal = saldo + capital applied
        const pagado = aplicables.reduce((s, p) => s + BigInt(p.monto_centimos), 0n);
        const aplicado = [...r.aplicaciones.values()].reduce(
          (s, a) => s + BigInt(a.aplicado.mora + a.aplicado.interes + a.aplicado.capital),
          0n,
        );
        expect(aplicado).toBe(pagado);
        const capital = [...r.aplicaciones.values()].reduce((s, a) => s + BigInt(a.aplicado.capital), 0n);
        expect(BigInt(r.resumen.saldo_capital_centimos) + capital).toBe(1_000_000_00n);
        expect(problemasDeResumen(cabecera, r)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});

describe('integridad: un crédito a medio escribir no se resume', () => {
  it('sin cuotas, con cuotas faltantes o con pagos en las cuotas que su libro no tiene: se nombra el problema', () => {
    expect(problemasDeCredito(cabecera, [], [])).toEqual([
      'tiene 0 cuotas de 12',
      'Σ capital de las cuotas 0 ≠ principal 100000000',
    ]);
    expect(problemasDeCredito(cabecera, calendario().slice(0, 11), [])[0]).toBe('tiene 11 cuotas de 12');
    const pagada = calendario().map((c, k) => (k === 0 ? { ...c, pagado_capital_centimos: 100 } : c));
    expect(problemasDeCredito(cabecera, pagada, [])).toEqual(['las cuotas registran 100 pagados y los pagos aplicados suman 0']);
    expect(problemasDeCredito(cabecera, calendario(), [])).toEqual([]);
  });
});
