import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aplicarRecuperacion,
  CATEGORIAS_RIESGO,
  categoriaRiesgo,
  PARAMETROS_RIESGO_DEFECTO,
  porcentajesValidos,
  provision,
  provisionesPorCategoria,
  saldoACastigar,
  umbralesValidos,
  type ParametrosRiesgo,
} from './riesgo';

/** Reference half-even of a/b for b > 0, a ≥ 0, written independently of money.ts. */
function halfEven(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a - q * b;
  if (r * 2n > b) return q + 1n;
  if (r * 2n < b) return q;
  return q % 2n === 0n ? q : q + 1n;
}
/** "12.5" → 1250 (hundredths of a percent). */
const centesimas = (s: string): bigint => {
  const [e, d = ''] = s.split('.');
  return BigInt(e!) * 100n + BigInt((d + '00').slice(0, 2));
};

const umbralesArb = fc
  .uniqueArray(fc.integer({ min: 0, max: 365 }), { minLength: 7, maxLength: 7 })
  .map((xs) => [...xs].sort((a, b) => a - b));
const porcentajeArb = fc
  .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 99 }))
  .map(([e, d]) => (e === 100 ? '100' : `${e}.${String(d).padStart(2, '0')}`));
const parametrosArb: fc.Arbitrary<ParametrosRiesgo> = fc.record({
  umbrales: umbralesArb,
  porcentajes: fc.array(porcentajeArb, { minLength: 8, maxLength: 8 }),
  minimaReestructurado: fc.constantFrom(...CATEGORIAS_RIESGO),
});

describe('categoriaRiesgo', () => {
  it('con los valores por defecto sigue los tramos de días documentados', () => {
    const p = PARAMETROS_RIESGO_DEFECTO;
    const casos: Array<[number, string]> = [
      [0, 'A1'],
      [1, 'A2'],
      [30, 'A2'],
      [31, 'B1'],
      [45, 'B1'],
      [46, 'B2'],
      [61, 'C1'],
      [90, 'C2'],
      [91, 'D'],
      [120, 'D'],
      [121, 'E'],
      [5000, 'E'],
    ];
    for (const [dias, cat] of casos) expect(categoriaRiesgo(dias, false, p)).toBe(cat);
    expect(categoriaRiesgo(0, true, p)).toBe('B1');
    expect(categoriaRiesgo(100, true, p)).toBe('D');
  });

  it('es el número de umbrales superados, y nunca mejor que la mínima si está reestructurado', () => {
    fc.assert(
      fc.property(parametrosArb, fc.integer({ min: 0, max: 1000 }), fc.boolean(), (p, dias, re) => {
        const superados = p.umbrales.filter((u) => dias > u).length;
        const minima = CATEGORIAS_RIESGO.indexOf(p.minimaReestructurado);
        const esperado = re ? Math.max(superados, minima) : superados;
        expect(categoriaRiesgo(dias, re, p)).toBe(CATEGORIAS_RIESGO[esperado]);
      }),
    );
  });

  it('no mejora con más días de mora (monótona)', () => {
    fc.assert(
      fc.property(parametrosArb, fc.nat(800), fc.nat(800), fc.boolean(), (p, a, b, re) => {
        const [x, y] = a <= b ? [a, b] : [b, a];
        expect(CATEGORIAS_RIESGO.indexOf(categoriaRiesgo(x, re, p))).toBeLessThanOrEqual(
          CATEGORIAS_RIESGO.indexOf(categoriaRiesgo(y, re, p)),
        );
      }),
    );
  });
});

describe('provisiones', () => {
  it('cada provisión es saldo × porcentaje / 100 redondeado half-even al céntimo (referencia BigInt)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), porcentajeArb, (saldo, pct) => {
        expect(provision(saldo, pct)).toBe(Number(halfEven(BigInt(saldo) * centesimas(pct), 10_000n)));
      }),
    );
    expect(provision(1_000_001, '0.5')).toBe(5_000); // 5000.005 → 5000 (exact halves would go even)
    expect(provision(100, '0.5')).toBe(0); // 0.5 céntimo → 0 (even)
    expect(provision(300, '0.5')).toBe(2); // 1.5 → 2
  });

  it('el informe conserva créditos y saldos, y redondea una vez por categoría', () => {
    const tramoArb = fc.record({
      dias: fc.integer({ min: 0, max: 366 }),
      reestructurado: fc.boolean(),
      creditos: fc.integer({ min: 0, max: 50 }),
      saldo_centimos: fc.integer({ min: 0, max: 2 ** 36 }),
    });
    fc.assert(
      fc.property(parametrosArb, fc.array(tramoArb, { maxLength: 40 }), (p, tramos) => {
        const { filas, total } = provisionesPorCategoria(tramos, p);
        const saldoRef = tramos.reduce((s, t) => s + BigInt(t.saldo_centimos), 0n);
        expect(BigInt(total.saldo_centimos)).toBe(saldoRef);
        expect(total.creditos).toBe(tramos.reduce((s, t) => s + t.creditos, 0));
        // reference: group by category independently, then round each group's sum
        let provRef = 0n;
        CATEGORIAS_RIESGO.forEach((cat, i) => {
          const suma = tramos
            .filter((t) => categoriaRiesgo(t.dias, t.reestructurado, p) === cat)
            .reduce((s, t) => s + BigInt(t.saldo_centimos), 0n);
          expect(BigInt(filas[i]!.saldo_centimos)).toBe(suma);
          const r = halfEven(suma * centesimas(p.porcentajes[i]!), 10_000n);
          expect(BigInt(filas[i]!.provision_centimos)).toBe(r);
          provRef += r;
        });
        expect(BigInt(total.provision_centimos)).toBe(provRef);
      }),
    );
  });
});

describe('validación de la configuración', () => {
  it('umbrales: 7 enteros estrictamente crecientes por debajo del tope', () => {
    expect(umbralesValidos('0,30,45,60,75,90,120')).toEqual([0, 30, 45, 60, 75, 90, 120]);
    expect(umbralesValidos('0, 30, 45, 60, 75, 90, 365')).not.toBeNull();
    expect(umbralesValidos('0,30,30,60,75,90,120')).toBeNull();
    expect(umbralesValidos('0,30,45,60,75,90')).toBeNull();
    expect(umbralesValidos('0,30,45,60,75,90,366')).toBeNull();
    expect(umbralesValidos('0,30,45,60,75,120,90')).toBeNull();
    expect(umbralesValidos('a,30,45,60,75,90,120')).toBeNull();
  });
  it('porcentajes: 8 valores de 0 a 100 con hasta 2 decimales', () => {
    expect(porcentajesValidos('0.5,2,5,10,25,50,75,100')).not.toBeNull();
    expect(porcentajesValidos('0.5,2,5,10,25,50,75,100.01')).toBeNull();
    expect(porcentajesValidos('0.5,2,5,10,25,50,75')).toBeNull();
    expect(porcentajesValidos('0.5,2,5,10,25,50,75,-1')).toBeNull();
    expect(porcentajesValidos('0.555,2,5,10,25,50,75,100')).toBeNull();
  });
});

describe('castigo y recuperaciones', () => {
  const componentes = fc.record({
    capital: fc.integer({ min: 0, max: 2 ** 40 }),
    interes: fc.integer({ min: 0, max: 2 ** 36 }),
    mora: fc.integer({ min: 0, max: 2 ** 36 }),
  });

  it('saldo a castigar: todo el capital y la mora sin pagar, el interés de las cuotas vencidas', () => {
    const cuota = (f: string, cap: number, int: number, pc = 0, pi = 0, mora = 0, pm = 0) => ({
      fecha_vencimiento: f,
      monto_capital_centimos: cap,
      monto_interes_centimos: int,
      pagado_capital_centimos: pc,
      pagado_interes_centimos: pi,
      monto_mora_centimos: mora,
      pagado_mora_centimos: pm,
    });
    const s = saldoACastigar(
      [cuota('2026-01-01', 100, 20, 100, 20), cuota('2026-02-01', 110, 18, 10, 5, 40, 15), cuota('2026-03-01', 120, 9)],
      '2026-02-15',
    );
    expect(s).toEqual({ capital: 100 + 120, interes: 13, mora: 25 });
  });

  it('una serie de recuperaciones conserva cada céntimo (referencia BigInt) y sigue mora → interés → capital', () => {
    fc.assert(
      fc.property(componentes, fc.array(fc.integer({ min: 1, max: 2 ** 38 }), { maxLength: 12 }), (inicial, montos) => {
        let pendiente = inicial;
        let recuperado = 0n;
        for (const m of montos) {
          const total = pendiente.capital + pendiente.interes + pendiente.mora;
          if (m > total) {
            expect(() => aplicarRecuperacion(pendiente, m)).toThrow(RangeError);
            continue;
          }
          const { aplicado, resto } = aplicarRecuperacion(pendiente, m);
          expect(BigInt(aplicado.capital) + BigInt(aplicado.interes) + BigInt(aplicado.mora)).toBe(BigInt(m));
          // order: a component is touched only when the ones before it are exhausted
          if (aplicado.interes > 0) expect(resto.mora).toBe(0);
          if (aplicado.capital > 0) expect(resto.interes).toBe(0);
          for (const k of ['capital', 'interes', 'mora'] as const) expect(resto[k]).toBeGreaterThanOrEqual(0);
          recuperado += BigInt(m);
          pendiente = resto;
        }
        const inicialTotal = BigInt(inicial.capital) + BigInt(inicial.interes) + BigInt(inicial.mora);
        const restoTotal = BigInt(pendiente.capital) + BigInt(pendiente.interes) + BigInt(pendiente.mora);
        expect(restoTotal + recuperado).toBe(inicialTotal);
      }),
    );
  });
});
