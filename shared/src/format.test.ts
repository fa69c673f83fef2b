import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFechaHora, formatNumero, formatPorcentaje } from './format';

const plano = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('números y porcentajes en es-CR', () => {
  it.each<[number | string, number | undefined, string]>([
    ['28.00', 2, '28,00 %'],
    ['18.5', 2, '18,50 %'],
    [28, 2, '28,00 %'],
    ['12.5', 1, '12,5 %'],
    [45.55, 1, '45,6 %'],
    [0, 2, '0,00 %'],
    ['1234.5', 2, '1 234,50 %'],
  ])('formatPorcentaje(%j, %j) → %j', (valor, decimales, esperado) => {
    expect(plano(formatPorcentaje(valor, decimales))).toBe(esperado);
  });

  it('el % no queda solo en otra línea: lo precede un espacio de no separación', () => {
    expect(formatPorcentaje('28.00')).toBe('28,00\u00a0%');
  });

  it('formatNumero agrupa miles y usa coma decimal', () => {
    expect(plano(formatNumero(1234567))).toBe('1 234 567');
    expect(plano(formatNumero(1234.5))).toBe('1 234,5');
    expect(plano(formatNumero('92500.55', 2))).toBe('92 500,55');
  });

  it("lo que no es número se muestra '—'", () => {
    for (const v of [null, undefined, '', 'abc', Number.NaN]) {
      expect(formatNumero(v)).toBe('—');
      expect(formatPorcentaje(v)).toBe('—');
    }
  });
});

describe('fechas con hora', () => {
  it('formatFechaHora lleva el año (fechas que pueden ser viejas); formatDateTime, la de la campana, no', () => {
    const hace2Anios = '2024-03-05T15:30:00.000Z';
    expect(plano(formatFechaHora(hace2Anios))).toMatch(/05.*mar.*2024.*09:30/);
    expect(formatDateTime(hace2Anios)).not.toMatch(/2024/);
    expect(formatFechaHora(null)).toBe('—');
    expect(formatFechaHora('no es fecha')).toBe('—');
  });
});
