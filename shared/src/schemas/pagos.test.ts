import { describe, expect, it } from 'vitest';
import { luhnValido, pagoReportarSchema, pagoTarjetaSchema, tarjetaVencida } from './pagos';

/** First message per field, as the API's error details report them. */
const errores = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
};

describe('pagoReportarSchema (spec §5 formulario de reporte de pago)', () => {
  const valido = { credito_id: 'C1', monto_centimos: 5_000_00, fecha_pago: '2026-03-01', canal: 'sinpe_movil' };

  it('acepta un reporte mínimo y deja las referencias vacías en null', () => {
    expect(pagoReportarSchema.parse({ ...valido, referencia_pago: '  ' })).toEqual({ ...valido, referencia_pago: null, referencia_externa: null });
  });

  it('usa los mensajes del formulario para monto, fecha y canal faltantes', () => {
    const r = pagoReportarSchema.safeParse({ credito_id: 'C1' });
    expect(errores(r)).toMatchObject({
      monto_centimos: 'El monto es requerido',
      fecha_pago: 'La fecha es requerida',
      canal: 'El canal de pago es requerido',
    });
  });

  it('rechaza montos cero, negativos, decimales o de texto con "Debe ser un monto válido mayor a 0"', () => {
    for (const monto of [0, -5, 10.5, 'mil']) {
      expect(errores(pagoReportarSchema.safeParse({ ...valido, monto_centimos: monto })).monto_centimos).toBe('Debe ser un monto válido mayor a 0');
    }
  });

  it('limita la referencia a 50 caracteres y exige fechas reales', () => {
    expect(errores(pagoReportarSchema.safeParse({ ...valido, referencia_pago: 'x'.repeat(51) })).referencia_pago).toBe(
      'La referencia no puede superar 50 caracteres',
    );
    expect(pagoReportarSchema.safeParse({ ...valido, fecha_pago: '2026-02-30' }).success).toBe(false);
    expect(pagoReportarSchema.safeParse({ ...valido, fecha_pago: '' }).success).toBe(false);
  });
});

describe('pagoTarjetaSchema (spec §5 formulario de tarjeta)', () => {
  const valido = {
    credito_id: 'C1',
    monto_centimos: 1_000_00,
    numero_tarjeta: '4242 4242 4242 4242',
    nombre_titular: 'Ana Mora',
    mes_expiracion: '12',
    anio_expiracion: '39',
    cvv: '123',
  };

  it('acepta una tarjeta válida y normaliza el número sin espacios', () => {
    expect(pagoTarjetaSchema.parse(valido).numero_tarjeta).toBe('4242424242424242');
  });

  it('valida cada campo con el mensaje del formulario', () => {
    const r = pagoTarjetaSchema.safeParse({
      ...valido,
      numero_tarjeta: '4242',
      nombre_titular: 'A',
      mes_expiracion: '13',
      anio_expiracion: '2',
      cvv: '12345',
    });
    expect(errores(r)).toEqual({
      numero_tarjeta: 'Número de tarjeta inválido',
      nombre_titular: 'Nombre del titular requerido',
      mes_expiracion: 'Mes requerido',
      anio_expiracion: 'Año requerido',
      cvv: 'CVV inválido',
    });
    expect(errores(pagoTarjetaSchema.safeParse({ ...valido, cvv: '' })).cvv).toBe('CVV requerido');
  });

  it('rechaza un número que no pasa Luhn y una tarjeta vencida', () => {
    expect(errores(pagoTarjetaSchema.safeParse({ ...valido, numero_tarjeta: '4242424242424241' })).numero_tarjeta).toBe(
      'Número de tarjeta inválido',
    );
    expect(errores(pagoTarjetaSchema.safeParse({ ...valido, mes_expiracion: '01', anio_expiracion: '20' })).anio_expiracion).toBe(
      'La tarjeta está vencida',
    );
  });
});

describe('luhnValido y tarjetaVencida', () => {
  it('reconoce números de prueba conocidos de 16 y 19 dígitos', () => {
    expect(luhnValido('4242424242424242')).toBe(true);
    expect(luhnValido('5555555555554444')).toBe(true);
    expect(luhnValido('6011000990139424')).toBe(true);
    expect(luhnValido('4000056655665556')).toBe(true);
    expect(luhnValido('4242424242424243')).toBe(false);
    expect(luhnValido('42424242a4242424')).toBe(false);
  });

  it('una tarjeta vale hasta el último día de su mes de expiración', () => {
    const hoy = new Date('2026-03-31T23:00:00Z');
    expect(tarjetaVencida('03', '26', hoy)).toBe(false);
    expect(tarjetaVencida('02', '26', hoy)).toBe(true);
    expect(tarjetaVencida('01', '27', hoy)).toBe(false);
  });
});
