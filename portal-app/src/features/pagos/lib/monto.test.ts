import { describe, expect, it } from 'vitest';
import { colonesTexto, montoColonesSchema, parseColones } from './monto';

describe('monto en colones', () => {
  it('convierte a céntimos enteros aceptando espacios, coma decimal y ₡', () => {
    expect(montoColonesSchema.parse('25000')).toBe(2_500_000);
    expect(montoColonesSchema.parse(' 25 000,50 ')).toBe(2_500_050);
    expect(montoColonesSchema.parse('₡1500.5')).toBe(150_050);
  });

  it('usa los mensajes del formulario', () => {
    const msg = (v: string) => montoColonesSchema.safeParse(v).error?.issues[0]?.message;
    expect(msg('')).toBe('El monto es requerido');
    expect(msg('   ')).toBe('El monto es requerido');
    for (const v of ['0', '-5', 'abc', '1e3', '0.001', '1.2.3']) expect(msg(v)).toBe('Debe ser un monto válido mayor a 0');
  });

  it('parseColones y colonesTexto', () => {
    expect(parseColones('.5')).toBe(0.5);
    expect(Number.isNaN(parseColones('1,000,00'))).toBe(true);
    expect(colonesTexto(2_500_000)).toBe('25000');
    expect(colonesTexto(2_500_005)).toBe('25000.05');
    expect(colonesTexto(undefined)).toBe('');
    expect(colonesTexto(0)).toBe('');
  });
});
