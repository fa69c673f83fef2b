import { calcularMontos, cuotaNivelada } from '@cuota/shared/domain/amortizacion';
import { condicionesDePrueba } from '@cuota/shared/testing';
import { describe, expect, it } from 'vitest';
import { leerNumero, montoCentimosDe, plazoMesesDe, vistaPrevia } from './vista-previa';

describe('vistaPrevia', () => {
  it('sin comisión: costo total = intereses y TAE (1.02)^12 − 1 = 26,82 %', () => {
    const vista = vistaPrevia({ montoCentimos: 250_000_00, plazoMeses: 12, tasaAnual: '24.00', metodo: 'cuota_nivelada' })!;
    expect(vista.comisionCentimos).toBe(0);
    expect(vista.netoCentimos).toBe(250_000_00);
    expect(vista.costoTotalCentimos).toBe(vista.totalInteresesCentimos);
    expect(vista.tae).toBe('26.82');
  });

  it('con el precio del producto: comisión deducida, gracia y múltiplo de ₡100', () => {
    const { montoAprobadoCentimos, ...resto } = condicionesDePrueba;
    const vista = vistaPrevia({ montoCentimos: montoAprobadoCentimos, ...resto })!;
    expect(vista.filas.slice(0, 2).map((f) => f.capital)).toEqual([0, 0]);
    expect(vista.cuotaCentimos).toBe(55_700_00);
    expect(vista.comisionCentimos).toBe(15_000_00);
    expect(vista.netoCentimos).toBe(485_000_00);
    // Σ cuotas − neto: 2 × 10 000 + 9 × 55 700 + 55 297,75 − 485 000
    expect(vista.costoTotalCentimos).toBe(91_597_75);
    expect(vista.tae).toBe('33.54');
  });

  it('cuota nivelada: la cuota, los totales y cada fila, la última incluida, salen del motor compartido', () => {
    const vista = vistaPrevia({ montoCentimos: 250_000_00, plazoMeses: 12, tasaAnual: '24.00', metodo: 'cuota_nivelada' });
    const montos = calcularMontos({
      principalCentimos: 250_000_00,
      plazoMeses: 12,
      tasaAnual: '24.00',
      metodo: 'cuota_nivelada',
    });
    const intereses = montos.reduce((s, m) => s + m.interes, 0);
    expect(vista).not.toBeNull();
    expect(vista!.cuotaCentimos).toBe(cuotaNivelada(250_000_00, '24.00', 12));
    expect(vista!.totalInteresesCentimos).toBe(intereses);
    expect(vista!.totalPagarCentimos).toBe(250_000_00 + intereses);
    expect(vista!.totalPagarCentimos).toBe(montos.reduce((s, m) => s + m.capital + m.interes, 0));
    expect(vista!.filas).toHaveLength(12);
    expect(vista!.filas.at(-1)).toEqual({
      numero: 12,
      capital: montos[11]!.capital,
      interes: montos[11]!.interes,
      total: montos[11]!.capital + montos[11]!.interes,
      saldo: 0,
    });
    expect(vista!.filas.reduce((s, f) => s + f.total, 0)).toBe(vista!.totalPagarCentimos);
    expect(vista!.filas[0]).toEqual({
      numero: 1,
      capital: montos[0]!.capital,
      interes: montos[0]!.interes,
      total: montos[0]!.capital + montos[0]!.interes,
      saldo: montos[0]!.saldo,
    });
    // 24 % anual = 2 % mensual sobre ₡250 000: ₡5 000 de interés el primer mes.
    expect(vista!.filas[0]!.interes).toBe(5_000_00);
  });

  it('capital constante: la última cuota lleva el redondeo y deja el saldo en cero', () => {
    const vista = vistaPrevia({ montoCentimos: 100_000_00, plazoMeses: 3, tasaAnual: '12.00', metodo: 'capital_constante' });
    expect(vista!.filas.map((f) => f.capital)).toEqual([33_333_33, 33_333_33, 33_333_34]);
    expect(vista!.filas.at(-1)!.saldo).toBe(0);
    expect(vista!.cuotaCentimos).toBe(vista!.filas[0]!.total);
  });

  it('sin vista previa cuando el motor rechaza los términos', () => {
    expect(vistaPrevia({ montoCentimos: 100_00, plazoMeses: 12, tasaAnual: 'x', metodo: 'cuota_nivelada' })).toBeNull();
  });
});

describe('lectura de lo escrito', () => {
  it('acepta espacios de miles y coma decimal', () => {
    expect(leerNumero('250 000')).toBe(250000);
    expect(leerNumero('1\u00a0500,50')).toBe(1500.5);
    expect(leerNumero('')).toBeNaN();
    expect(leerNumero('abc')).toBeNaN();
  });

  it('el monto en céntimos solo desde ₡100; el plazo entero de 1 a 60', () => {
    expect(montoCentimosDe('99')).toBeNull();
    expect(montoCentimosDe('100')).toBe(100_00);
    expect(montoCentimosDe('150000,25')).toBe(150_000_25);
    expect(montoCentimosDe('500.000')).toBe(500_000_00);
    expect(montoCentimosDe('1.000.000,50')).toBe(1_000_000_50);
    expect(montoCentimosDe('1.000,000')).toBeNull();
    expect(plazoMesesDe('0')).toBeNull();
    expect(plazoMesesDe('61')).toBeNull();
    expect(plazoMesesDe('1.5')).toBeNull();
    expect(plazoMesesDe('60')).toBe(60);
  });
});
