import { montosTexts } from '@cuota/shared/texts/montos';
import { describe, expect, it } from 'vitest';
import { montoColonesSchema } from './monto';

describe('monto en colones', () => {
  it.each<[string, number]>([
    ['25000', 2_500_000],
    [' 25 000,50 ', 2_500_050],
    ['₡1500.5', 150_050],
    ['62.550', 6_255_000],
    ['500.000', 50_000_000],
    ['1.000.000,50', 100_000_050],
    ['500 000', 50_000_000],
  ])('%j → %i céntimos enteros', (texto, centimos) => {
    expect(montoColonesSchema.parse(texto)).toBe(centimos);
  });

  it('usa los mensajes del formulario y el motivo de un monto ambiguo', () => {
    const msg = (v: string) => montoColonesSchema.safeParse(v).error?.issues[0]?.message;
    expect(msg('')).toBe('El monto es requerido');
    expect(msg('   ')).toBe('El monto es requerido');
    for (const v of ['0', '-5', 'abc', '1e3', '0,00']) expect(msg(v)).toBe('Debe ser un monto válido mayor a 0');
    expect(msg('1,000.50')).toBe(montosTexts.ambiguo);
    expect(msg('1.2.3')).toBe(montosTexts.grupos);
    expect(msg('0,001')).toBe(montosTexts.ambiguo);
    expect(msg('1,5055')).toBe(montosTexts.decimales);
  });
});
