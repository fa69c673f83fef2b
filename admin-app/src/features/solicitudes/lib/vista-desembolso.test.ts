import { describe, expect, it } from 'vitest';
import { limitesPrimerVencimiento, primerVencimientoPorDefecto, vistaDesembolso } from './vista-desembolso';

const HOY = '2026-11-25';
const base = {
  montoCentimos: 1_000_000_00,
  tasaAnual: '24.00',
  plazoMeses: 12,
  metodo: 'cuota_nivelada',
  hoy: HOY,
  primerVencimiento: primerVencimientoPorDefecto(HOY),
};

/** Half-even division of exact integers (the independent reference). */
function halfEven(num: bigint, den: bigint): number {
  const q = num / den;
  const r = num - q * den;
  return Number(2n * r > den || (2n * r === den && q % 2n === 1n) ? q + 1n : q);
}

describe('vistaDesembolso: los números que confirma el diálogo', () => {
  it('sin comisión, a un mes: ₡1 000 000 al 24 % en 12 meses, cuota ₡94 559,60 y TAE (1,02)^12 − 1', () => {
    const v = vistaDesembolso(base)!;
    expect(v).toMatchObject({
      monto: 1_000_000_00,
      comisiones: 0,
      neto: 1_000_000_00,
      principal: 1_000_000_00,
      cuota: 94_559_60,
      primerVencimiento: '2026-12-25',
      interesPrimerPeriodo: 20_000_00,
      // 11 × 94 559,60 + 94 559,57 − 1 000 000
      totalIntereses: 134_715_17,
      costoTotal: 134_715_17,
      tae: '26.82',
    });
  });

  it('comisión del 3 % deducida: el cliente recibe el neto y el costo total la suma', () => {
    const v = vistaDesembolso({
      ...base,
      montoCentimos: 500_000_00,
      producto: {
        comision_formalizacion_tipo: 'porcentaje',
        comision_formalizacion_valor: '3.00',
        comision_formalizacion_modalidad: 'deducida',
      },
    })!;
    expect(v).toMatchObject({ comisiones: 15_000_00, neto: 485_000_00, principal: 500_000_00, financiada: false });
    expect(v.costoTotal).toBe(v.totalIntereses + 15_000_00);
  });

  it('comisión fija financiada: el capital la incluye y el cliente recibe el monto aprobado', () => {
    const v = vistaDesembolso({
      ...base,
      producto: {
        comision_formalizacion_tipo: 'fija',
        comision_formalizacion_valor: 10_000_00,
        comision_formalizacion_modalidad: 'financiada',
      },
    })!;
    expect(v).toMatchObject({ comisiones: 10_000_00, principal: 1_010_000_00, neto: 1_000_000_00, financiada: true });
  });

  it('primer vencimiento a 40 días: el interés del primer periodo es el de sus días exactos (actual/365)', () => {
    const v = vistaDesembolso({ ...base, primerVencimiento: '2027-01-04' })!;
    expect(v.diasPrimerPeriodo).toBe(40);
    expect(v.interesPrimerPeriodo).toBe(halfEven(1_000_000_00n * 24n * 40n, 100n * 365n));
    expect(v.cuota).toBe(94_559_60);
  });

  it('los límites del selector de fecha son 15 y 45 días', () => {
    expect(limitesPrimerVencimiento(HOY)).toEqual({ min: '2026-12-10', max: '2027-01-09' });
  });
});
