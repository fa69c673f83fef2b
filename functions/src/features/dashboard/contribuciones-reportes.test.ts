import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoriaRecaudo, contribucionReportes, diasMora, tramoReporte } from './contribuciones-reportes';
import { decidir, sumarContribuciones, type Contribucion } from './domain';

const ctx = { fecha: '2026-03-15' };
const CARTERA = 'AGG#REPORTES#CARTERA|RESUMEN';
const cosecha = (mes: string) => `AGG#REPORTES#COSECHA#${mes}|RESUMEN`;
const dia = (fecha: string) => `AGG#REPORTES#DIA#${fecha}|RESUMEN`;

describe('contribución de un crédito a los reportes', () => {
  it('cuenta su estado, su tramo de atraso, su cosecha y su colocación del día', () => {
    const c = contribucionReportes(
      'credito',
      {
        estado: 'vencido',
        saldo_capital_centimos: 400_000_00,
        saldo_mora_centimos: 1_234,
        monto_principal_centimos: 500_000_00,
        fecha_desembolso: '2025-11-20',
        producto_id: 'PROD-1',
        dias_mora_max: 45,
      },
      ctx,
    );
    expect(c).toEqual({
      [CARTERA]: {
        estado_vencido_creditos: 1,
        estado_vencido_capital_centimos: 400_000_00,
        estado_vencido_mora_centimos: 1_234,
        tramo_31_60_creditos: 1,
        tramo_31_60_capital_centimos: 400_000_00,
      },
      [cosecha('2025-11')]: {
        desembolsos: 1,
        desembolsado_centimos: 500_000_00,
        estado_vencido_creditos: 1,
        estado_vencido_capital_centimos: 400_000_00,
        activo_capital_centimos: 400_000_00,
        mora30_creditos: 1,
        mora30_capital_centimos: 400_000_00,
      },
      [dia('2025-11-20')]: { 'colocacion_PROD-1_creditos': 1, 'colocacion_PROD-1_centimos': 500_000_00 },
    });
  });

  it('un estado nuevo (castigado) aparece por sí solo y queda fuera de los tramos y de la mora de la cosecha', () => {
    const c = contribucionReportes(
      'credito',
      { estado: 'castigado', saldo_capital_centimos: 90_00, fecha_desembolso: '2025-01-02', dias_mora_max: 200 },
      ctx,
    );
    expect(c[CARTERA]).toEqual({ estado_castigado_creditos: 1, estado_castigado_capital_centimos: 90_00 });
    expect(c[cosecha('2025-01')]).toEqual({
      desembolsos: 1,
      estado_castigado_creditos: 1,
      estado_castigado_capital_centimos: 90_00,
    });
  });

  it('ignora estados que no son una palabra simple', () => {
    expect(contribucionReportes('credito', { estado: 'Vencido; x' }, ctx)).toEqual({});
  });

  it('tramos 0, 1–30, 31–60, 61–90 y más de 90, y días desde el próximo vencimiento sin cierre', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91].map(tramoReporte)).toEqual([
      '0',
      '1_30',
      '1_30',
      '31_60',
      '31_60',
      '61_90',
      '61_90',
      'mas_90',
    ]);
    expect(diasMora({ proximo_vencimiento: '2026-03-05' }, '2026-03-15')).toBe(10);
    expect(diasMora({ proximo_vencimiento: '2026-03-20' }, '2026-03-15')).toBe(0);
  });
});

describe('contribución de un pago a los reportes', () => {
  it('ventanilla por canal, tarjeta y reportado; solo conciliados, por fecha valor', () => {
    expect(categoriaRecaudo({ canal: 'sinpe_movil', numero_recibo: 'RC-2026-000001' })).toBe('ventanilla_sinpe_movil');
    expect(categoriaRecaudo({ canal: 'tarjeta_credito' })).toBe('tarjeta');
    expect(categoriaRecaudo({ canal: 'transferencia_bn', numero_recibo: null })).toBe('reportado');
    const pago = {
      estado: 'conciliado',
      canal: 'efectivo',
      numero_recibo: 'RC-1',
      monto_centimos: 5_000_00,
      fecha_pago: '2026-03-01',
      fecha_valor: '2026-03-02',
    };
    expect(contribucionReportes('pago', pago, ctx)).toEqual({
      [dia('2026-03-02')]: { recaudo_ventanilla_efectivo_pagos: 1, recaudo_ventanilla_efectivo_centimos: 5_000_00 },
    });
    expect(contribucionReportes('pago', { ...pago, estado: 'reversado' }, ctx)).toEqual({});
    expect(contribucionReportes('pago', { ...pago, estado: 'registrado' }, ctx)).toEqual({});
  });

  it('un pago marcado como recuperación suma además a la recuperación del día', () => {
    const c = contribucionReportes(
      'pago',
      { estado: 'conciliado', canal: 'sinpe', recuperacion: true, monto_centimos: 7, fecha_pago: '2026-03-03' },
      ctx,
    );
    expect(c[dia('2026-03-03')]).toEqual({
      recaudo_reportado_pagos: 1,
      recaudo_reportado_centimos: 7,
      recuperacion_pagos: 1,
      recuperacion_centimos: 7,
    });
  });
});

// ---------------------------------------------------------------- sums against an exact reference

const ESTADOS = ['vigente', 'al_dia', 'vencido', 'cancelado', 'castigado'] as const;
const MESES = ['2025-10', '2025-11', '2025-12'] as const;
const monto = fc.integer({ min: 0, max: 2 ** 40 });
const creditoArb = fc.record({
  estado: fc.constantFrom(...ESTADOS),
  saldo_capital_centimos: monto,
  saldo_mora_centimos: monto,
  monto_principal_centimos: monto,
  fecha_desembolso: fc
    .tuple(fc.constantFrom(...MESES), fc.integer({ min: 1, max: 28 }))
    .map(([m, d]) => `${m}-${String(d).padStart(2, '0')}`),
  producto_id: fc.constantFrom('P1', 'P2'),
  dias_mora_max: fc.integer({ min: 0, max: 400 }),
});
const pagoArb = fc.record({
  estado: fc.constantFrom('registrado', 'conciliado', 'reversado'),
  canal: fc.constantFrom('efectivo', 'cheque', 'sinpe_movil', 'tarjeta_credito', 'sinpe'),
  numero_recibo: fc.option(fc.constant('RC-2026-000001'), { nil: null }),
  monto_centimos: monto,
  fecha_pago: fc.constantFrom('2026-03-01', '2026-03-02'),
  recuperacion: fc.boolean(),
});

const sumaDe = (items: Array<{ tipo: string; item: Record<string, unknown> }>): Contribucion =>
  items.reduce((acc, e) => sumarContribuciones(acc, contribucionReportes(e.tipo, e.item, ctx)), {} as Contribucion);
const leer = (c: Contribucion, clave: string, campo: string): bigint => BigInt(c[clave]?.[campo] ?? 0);
const sumaBig = <T>(xs: readonly T[], f: (x: T) => bigint) => xs.reduce((s, x) => s + f(x), 0n);
const ACTIVOS: readonly string[] = ['vigente', 'al_dia', 'vencido'];

describe('las sumas de las contribuciones son exactas', () => {
  it('cartera por estado y tramo, cosechas y colocación igualan la referencia BigInt', () => {
    fc.assert(
      fc.property(fc.array(creditoArb, { maxLength: 60 }), (creditos) => {
        const c = sumaDe(creditos.map((item) => ({ tipo: 'credito', item })));
        for (const e of ESTADOS) {
          const de = creditos.filter((x) => x.estado === e);
          expect(leer(c, CARTERA, `estado_${e}_creditos`)).toBe(BigInt(de.length));
          expect(leer(c, CARTERA, `estado_${e}_capital_centimos`)).toBe(sumaBig(de, (x) => BigInt(x.saldo_capital_centimos)));
          expect(leer(c, CARTERA, `estado_${e}_mora_centimos`)).toBe(sumaBig(de, (x) => BigInt(x.saldo_mora_centimos)));
        }
        const activos = creditos.filter((x) => ACTIVOS.includes(x.estado));
        const limites: Array<[string, number, number]> = [
          ['0', 0, 0],
          ['1_30', 1, 30],
          ['31_60', 31, 60],
          ['61_90', 61, 90],
          ['mas_90', 91, Infinity],
        ];
        for (const [tramo, min, max] of limites) {
          const en = activos.filter((x) => x.dias_mora_max >= min && x.dias_mora_max <= max);
          expect(leer(c, CARTERA, `tramo_${tramo}_capital_centimos`)).toBe(sumaBig(en, (x) => BigInt(x.saldo_capital_centimos)));
        }
        for (const mes of MESES) {
          const del = creditos.filter((x) => x.fecha_desembolso.startsWith(mes));
          const k = cosecha(mes);
          expect(leer(c, k, 'desembolsado_centimos')).toBe(sumaBig(del, (x) => BigInt(x.monto_principal_centimos)));
          const m30 = del.filter((x) => ACTIVOS.includes(x.estado) && x.dias_mora_max > 30);
          const m90 = del.filter((x) => ACTIVOS.includes(x.estado) && x.dias_mora_max > 90);
          expect(leer(c, k, 'mora30_capital_centimos')).toBe(sumaBig(m30, (x) => BigInt(x.saldo_capital_centimos)));
          expect(leer(c, k, 'mora90_capital_centimos')).toBe(sumaBig(m90, (x) => BigInt(x.saldo_capital_centimos)));
        }
        const colocado = Object.entries(c)
          .filter(([k]) => k.startsWith('AGG#REPORTES#DIA#'))
          .reduce(
            (s, [, campos]) => s + BigInt(campos['colocacion_P1_centimos'] ?? 0) + BigInt(campos['colocacion_P2_centimos'] ?? 0),
            0n,
          );
        expect(colocado).toBe(sumaBig(creditos, (x) => BigInt(x.monto_principal_centimos)));
      }),
      { numRuns: 150 },
    );
  });

  it('recaudación por día y canal iguala la referencia BigInt de los pagos conciliados', () => {
    fc.assert(
      fc.property(fc.array(pagoArb, { maxLength: 60 }), (pagos) => {
        const c = sumaDe(pagos.map((item) => ({ tipo: 'pago', item })));
        for (const fecha of ['2026-03-01', '2026-03-02']) {
          const del = pagos.filter((p) => p.estado === 'conciliado' && p.fecha_pago === fecha);
          const total = Object.entries(c[dia(fecha)] ?? {})
            .filter(([campo]) => campo.startsWith('recaudo_') && campo.endsWith('_centimos'))
            .reduce((s, [, v]) => s + BigInt(v), 0n);
          expect(total).toBe(sumaBig(del, (p) => BigInt(p.monto_centimos)));
          const tarjeta = del.filter((p) => !p.numero_recibo && p.canal === 'tarjeta_credito');
          expect(leer(c, dia(fecha), 'recaudo_tarjeta_centimos')).toBe(sumaBig(tarjeta, (p) => BigInt(p.monto_centimos)));
          const recuperado = del.filter((p) => p.recuperacion);
          expect(leer(c, dia(fecha), 'recuperacion_centimos')).toBe(sumaBig(recuperado, (p) => BigInt(p.monto_centimos)));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('con cambios repetidos y desordenados, el agregado es la contribución del último estado de cada crédito', () => {
    fc.assert(
      fc.property(
        fc.array(creditoArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 1000 }),
        (versiones, semilla) => {
          // one credit moving through `versiones`; its records arrive shuffled and some twice
          const registros = versiones.map((item, i) => ({ item, secuencia: String(i + 1) }));
          const entrega = [...registros, ...registros.filter((_, i) => (i + semilla) % 2 === 0)].sort(
            (a, b) => ((Number(a.secuencia) * 7919 + semilla) % 13) - ((Number(b.secuencia) * 7919 + semilla) % 13),
          );
          let aplicada: { secuencia: string; contribucion: Contribucion } | null = null;
          let agregado: Contribucion = {};
          for (const r of entrega) {
            const nueva = contribucionReportes('credito', r.item, ctx);
            const d = decidir(aplicada, r.secuencia, nueva);
            if (!d.aplicar) continue;
            agregado = sumarContribuciones(agregado, d.delta);
            aplicada = { secuencia: r.secuencia, contribucion: nueva };
          }
          const ultima = registros.filter((r) => entrega.includes(r)).at(-1)!;
          const esperado = entrega.reduce((max, r) => (Number(r.secuencia) > Number(max.secuencia) ? r : max), ultima);
          expect(agregado).toEqual(sumarContribuciones({}, contribucionReportes('credito', esperado.item, ctx)));
        },
      ),
      { numRuns: 150 },
    );
  });
});
