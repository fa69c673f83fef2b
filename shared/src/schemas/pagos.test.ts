import { describe, expect, it } from 'vitest';
import {
  luhnValido,
  pagoReportarSchema,
  pagoTarjetaDesdeFormulario,
  pagoTarjetaSchema,
  tarjetaFormSchema,
  tarjetaVencida,
} from './pagos';

/** First message per field, as the API's error details report them. */
const errores = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
};

describe('pagoReportarSchema (spec §5 formulario de reporte de pago)', () => {
  const valido = { credito_id: 'C1', monto_centimos: 5_000_00, fecha_pago: '2026-03-01', canal: 'sinpe_movil' };

  it('acepta un reporte mínimo y deja las referencias vacías en null', () => {
    expect(pagoReportarSchema.parse({ ...valido, referencia_pago: '  ' })).toEqual({
      ...valido,
      referencia_pago: null,
      referencia_externa: null,
    });
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
      expect(errores(pagoReportarSchema.safeParse({ ...valido, monto_centimos: monto })).monto_centimos).toBe(
        'Debe ser un monto válido mayor a 0',
      );
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

describe('tarjetaFormSchema (spec §5 formulario de tarjeta, solo en el navegador)', () => {
  const valido = {
    numero_tarjeta: '4242 4242 4242 4242',
    nombre_titular: 'Ana Mora',
    mes_expiracion: '12',
    anio_expiracion: '39',
    cvv: '123',
  };

  it('acepta una tarjeta válida y normaliza el número sin espacios', () => {
    expect(tarjetaFormSchema.parse(valido).numero_tarjeta).toBe('4242424242424242');
  });

  it('valida cada campo con el mensaje del formulario', () => {
    const r = tarjetaFormSchema.safeParse({
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
    expect(errores(tarjetaFormSchema.safeParse({ ...valido, cvv: '' })).cvv).toBe('CVV requerido');
    expect(errores(tarjetaFormSchema.safeParse({ ...valido, mes_expiracion: '' })).mes_expiracion).toBe('Mes requerido');
    expect(errores(tarjetaFormSchema.safeParse({ ...valido, anio_expiracion: '' })).anio_expiracion).toBe('Año requerido');
  });

  it('rechaza un número que no pasa Luhn, de menos de 16 o más de 19 dígitos, y una tarjeta vencida', () => {
    for (const numero of ['4242424242424241', '424242424242424', '42424242424242424242']) {
      expect(errores(tarjetaFormSchema.safeParse({ ...valido, numero_tarjeta: numero })).numero_tarjeta).toBe(
        'Número de tarjeta inválido',
      );
    }
    expect(tarjetaFormSchema.safeParse({ ...valido, numero_tarjeta: '4000056655665556' }).success).toBe(true);
    expect(errores(tarjetaFormSchema.safeParse({ ...valido, mes_expiracion: '01', anio_expiracion: '20' })).anio_expiracion).toBe(
      'La tarjeta está vencida',
    );
  });

  it('pagoTarjetaDesdeFormulario reduce la tarjeta a sus últimos 4 dígitos', () => {
    const body = pagoTarjetaDesdeFormulario('C1', 1_000_00, tarjetaFormSchema.parse(valido));
    expect(body).toEqual({ credito_id: 'C1', monto_centimos: 1_000_00, tarjeta_ultimos4: '4242' });
    expect(pagoTarjetaSchema.parse(body)).toEqual(body);
  });
});

describe('pagoTarjetaSchema (cuerpo del servidor: sin datos de la tarjeta)', () => {
  const valido = { credito_id: 'C1', monto_centimos: 1_000_00, tarjeta_ultimos4: '4242' };

  it('acepta solo crédito, monto y los últimos 4 dígitos', () => {
    expect(pagoTarjetaSchema.parse(valido)).toEqual(valido);
  });

  it('exige exactamente 4 dígitos', () => {
    for (const ultimos4 of [undefined, '', '424', '42424', 'abcd', '42 4']) {
      expect(errores(pagoTarjetaSchema.safeParse({ ...valido, tarjeta_ultimos4: ultimos4 })).tarjeta_ultimos4).toBe(
        'Se requieren los últimos 4 dígitos de la tarjeta',
      );
    }
  });

  it('rechaza un cuerpo con el número, el CVV, la expiración o el titular, sin repetir sus valores', () => {
    for (const extra of [
      { numero_tarjeta: '4242424242424242' },
      { cvv: '123' },
      { mes_expiracion: '12', anio_expiracion: '39' },
      { nombre_titular: 'Ana Mora' },
    ]) {
      const r = pagoTarjetaSchema.safeParse({ ...valido, ...extra });
      expect(r.success).toBe(false);
      const texto = JSON.stringify(r.error?.issues.map((i) => [i.path, i.message]));
      expect(texto).toContain('solo sus últimos 4 dígitos');
      expect(texto).not.toMatch(/4242424242424242|123|39|Ana Mora/);
    }
  });

  it('el cuerpo del formulario anterior (tarjeta completa sin últimos 4) no pasa', () => {
    const r = pagoTarjetaSchema.safeParse({
      credito_id: 'C1',
      monto_centimos: 1_000_00,
      numero_tarjeta: '4242424242424242',
      nombre_titular: 'Ana Mora',
      mes_expiracion: '12',
      anio_expiracion: '39',
      cvv: '123',
    });
    expect(r.success).toBe(false);
    expect(errores(r).tarjeta_ultimos4).toBe('Se requieren los últimos 4 dígitos de la tarjeta');
  });

  it('valida el monto con los mensajes del formulario', () => {
    expect(errores(pagoTarjetaSchema.safeParse({ ...valido, monto_centimos: undefined })).monto_centimos).toBe(
      'El monto es requerido',
    );
    expect(errores(pagoTarjetaSchema.safeParse({ ...valido, monto_centimos: 0 })).monto_centimos).toBe(
      'Debe ser un monto válido mayor a 0',
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
