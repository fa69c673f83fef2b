import { sumarDias } from '@cuota/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pagadoEnPromesa, promesaCumplida, promesaEnCierre, sinAtrasoSinAlerta } from './promesas';

/**
 * The kept/broken rule against an independent reference: BigInt sums over the payments whose value
 * date, compared as a day number, lies in [day the promise was made, promised date].
 */
const BASE = '2020-01-01';
const dia = (n: number) => sumarDias(BASE, n);
const numeroDeDia = (iso: string) => Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.parse(`${BASE}T00:00:00Z`)) / 86_400_000);

function cumplidaReferencia(
  promesa: { creacion: number; fecha: number; monto: bigint },
  pagos: ReadonlyArray<{ dia: number; monto: bigint }>,
): boolean {
  let suma = 0n;
  for (const p of pagos) if (p.dia >= promesa.creacion && p.dia <= promesa.fecha) suma += p.monto;
  return suma >= promesa.monto;
}

const arbPromesa = fc
  .record({
    creacion: fc.integer({ min: 0, max: 400 }),
    plazo: fc.integer({ min: 0, max: 30 }),
    monto: fc.integer({ min: 1, max: 5_000_000_00 }),
  })
  .map((p) => ({ creacion: p.creacion, fecha: p.creacion + p.plazo, monto: p.monto }));
const arbPagos = fc.array(
  fc.record({ dia: fc.integer({ min: 0, max: 440 }), monto: fc.integer({ min: 1, max: 3_000_000_00 }) }),
  {
    maxLength: 12,
  },
);

describe('promesa de pago: cumplida o incumplida', () => {
  it('cumplida exactamente cuando los pagos con fecha valor entre su creación y su fecha suman al menos lo prometido (BigInt)', () => {
    fc.assert(
      fc.property(arbPromesa, arbPagos, (p, pagos) => {
        const promesa = {
          id: 'P',
          created_at: 'x',
          fecha: dia(p.fecha),
          fecha_creacion: dia(p.creacion),
          monto_centimos: p.monto,
        };
        const valorados = pagos.map((x) => ({ fecha_valor: dia(x.dia), monto_centimos: x.monto }));
        const esperado = cumplidaReferencia(
          { creacion: p.creacion, fecha: p.fecha, monto: BigInt(p.monto) },
          pagos.map((x) => ({ dia: numeroDeDia(dia(x.dia)), monto: BigInt(x.monto) })),
        );
        expect(promesaCumplida(promesa, valorados)).toBe(esperado);
      }),
      { numRuns: 500 },
    );
  });

  it('un céntimo menos es incumplida; el día después de la fecha o el anterior a la creación no cuentan', () => {
    const promesa = { id: 'P', created_at: 'x', fecha: '2020-03-10', fecha_creacion: '2020-03-01', monto_centimos: 50_000_00 };
    const pagos = [
      { fecha_valor: '2020-03-01', monto_centimos: 20_000_00 },
      { fecha_valor: '2020-03-10', monto_centimos: 29_999_99 },
      { fecha_valor: '2020-02-29', monto_centimos: 1_000_000_00 },
      { fecha_valor: '2020-03-11', monto_centimos: 1_000_000_00 },
    ];
    expect(pagadoEnPromesa(promesa, pagos)).toBe(49_999_99);
    expect(promesaCumplida(promesa, pagos)).toBe(false);
    expect(promesaCumplida(promesa, [...pagos, { fecha_valor: '2020-03-05', monto_centimos: 1 }])).toBe(true);
  });

  it('el cierre la resuelve solo cuando su fecha pasó; incumplida deja la alerta mientras haya atraso', () => {
    const credito = {
      id: 'C1',
      promesa_abierta: {
        id: 'P',
        created_at: '2020-03-01T15:00:00.000Z',
        fecha: '2020-03-10',
        fecha_creacion: '2020-03-01',
        monto_centimos: 100,
      },
    };
    const movimientos = new Map([['pg', { fecha_valor: '2020-03-05', monto_centimos: 60 }]]);
    const now = new Date();
    expect(promesaEnCierre(credito, movimientos, { dias_mora_max: 9 }, '2020-03-10', now)).toEqual({ cambios: {}, items: [] });
    const rota = promesaEnCierre(credito, movimientos, { dias_mora_max: 9 }, '2020-03-11', now);
    expect(rota.cambios).toEqual({ promesa_abierta: null, promesa_incumplida: '2020-03-10' });
    expect(rota.items[0]?.Update?.ExpressionAttributeValues).toMatchObject({ ':e': 'incumplida', ':p': 60 });
    expect(promesaEnCierre(credito, movimientos, { dias_mora_max: 0 }, '2020-03-11', now).cambios.promesa_incumplida).toBeNull();
    expect(sinAtrasoSinAlerta({ promesa_incumplida: '2020-03-10' }, { dias_mora_max: 0 })).toEqual({ promesa_incumplida: null });
    expect(sinAtrasoSinAlerta({ promesa_incumplida: '2020-03-10' }, { dias_mora_max: 3 })).toEqual({});
    expect(sinAtrasoSinAlerta({ promesa_incumplida: '2020-03-10' }, {})).toEqual({});
  });
});
