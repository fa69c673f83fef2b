import { diasEntre, sumarDias } from '@cuota/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indicesCobranza, montoInvertido } from '#entities/cobranza';
import { bucketDe, rangoDeVencimientos, tramosDias } from './domain';

const base = { id: 'C1', estado: 'vencido', proximo_vencimiento: '2026-01-10', dias_mora_max: 5, monto_vencido_centimos: 1_000 };
const fecha = fc.integer({ min: 0, max: 3_000 }).map((d) => sumarDias('2024-01-01', d));

describe('índice de cobranza', () => {
  it('solo los créditos con días de mora están en el índice (disperso)', () => {
    expect(indicesCobranza(base).gsi4pk).toBe('COBRANZA#SIN_ASIGNAR');
    expect(indicesCobranza({ ...base, dias_mora_max: 0 })).toEqual({});
    expect(indicesCobranza({ ...base, estado: 'cancelado' })).toEqual({});
    expect(indicesCobranza({ ...base, proximo_vencimiento: null })).toEqual({});
    expect(indicesCobranza({ ...base, cobrador_id: 'U1' }).gsi5pk).toBe('COBRANZA#U1');
  });

  it('una promesa incumplida va antes que cualquier otro crédito, en ambos órdenes', () => {
    const normal = indicesCobranza({ ...base, id: 'A', proximo_vencimiento: '2020-01-01', monto_vencido_centimos: 10 ** 12 });
    const rota = indicesCobranza({ ...base, id: 'B', promesa_incumplida: '2026-01-20', monto_vencido_centimos: 1 });
    expect(String(rota.gsi4sk) < String(normal.gsi4sk)).toBe(true);
    expect(String(rota.gsi5sk) < String(normal.gsi5sk)).toBe(true);
  });

  it('el monto invertido ordena de mayor a menor como los enteros', () => {
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), fc.nat({ max: Number.MAX_SAFE_INTEGER }), (a, b) => {
        const ia = montoInvertido(a);
        const ib = montoInvertido(b);
        expect(ia.length).toBe(16);
        if (BigInt(a) > BigInt(b)) expect(ia < ib).toBe(true);
        if (a === b) expect(ia).toBe(ib);
      }),
    );
  });

  it('el rango de vencimientos de cada tramo es exactamente el de sus días de mora', () => {
    fc.assert(
      fc.property(fecha, fc.integer({ min: 1, max: 400 }), (hoy, dias) => {
        const venc = sumarDias(hoy, -dias);
        const bucket = bucketDe(diasEntre(venc, hoy))!;
        const r = rangoDeVencimientos(bucket, hoy);
        expect(venc <= r.hasta && (r.desde === null || venc >= r.desde)).toBe(true);
        const [alerta, normal] = tramosDias(bucket, hoy);
        const sk = `1${venc}#ID`;
        expect(sk >= normal!.desde && sk <= normal!.hasta).toBe(true);
        expect(`0${venc}#ID` >= alerta!.desde && `0${venc}#ID` <= alerta!.hasta).toBe(true);
      }),
    );
    expect(bucketDe(30)).toBe('1-30');
    expect(bucketDe(31)).toBe('31-60');
    expect(bucketDe(90)).toBe('61-90');
    expect(bucketDe(91)).toBe('90+');
    expect(bucketDe(0)).toBeNull();
  });
});
