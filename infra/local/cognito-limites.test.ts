import { describe, expect, it } from 'vitest';
import { Contadores, cuentaNormalizada, LIMITES_LOCALES, limitesDesdeEntorno } from './cognito-limites';

describe('límites locales de /cognito', () => {
  it('ventana deslizante: el evento max+1 espera hasta que el más viejo sale de la ventana', () => {
    let ahora = 1_000_000;
    const c = new Contadores({ ...LIMITES_LOCALES, codigoPorCuenta: { max: 2, ventanaMs: 60_000 } }, () => ahora);
    c.registrar('codigoPorCuenta', 'ana');
    ahora += 10_000;
    c.registrar('codigoPorCuenta', 'ana');
    expect(c.esperaSegundos('codigoPorCuenta', 'ana')).toBe(50);
    expect(c.esperaSegundos('codigoPorCuenta', 'otra')).toBe(0);
    ahora += 50_000;
    expect(c.esperaSegundos('codigoPorCuenta', 'ana')).toBe(0);
    c.olvidar('codigoPorCuenta', 'ana');
    expect(c.esperaSegundos('codigoPorCuenta', 'ana')).toBe(0);
  });

  it('retirar quita solo el intento que se contó, no los demás', () => {
    let ahora = 1_000_000;
    const c = new Contadores({ ...LIMITES_LOCALES, inicioFallidoPorIp: { max: 2, ventanaMs: 60_000 } }, () => ahora);
    c.registrar('inicioFallidoPorIp', 'ip');
    ahora += 1;
    const marca = c.registrar('inicioFallidoPorIp', 'ip');
    expect(c.esperaSegundos('inicioFallidoPorIp', 'ip')).toBeGreaterThan(0);
    c.retirar('inicioFallidoPorIp', 'ip', marca);
    expect(c.esperaSegundos('inicioFallidoPorIp', 'ip')).toBe(0);
    c.retirar('inicioFallidoPorIp', 'ip', marca);
    c.registrar('inicioFallidoPorIp', 'ip');
    expect(c.esperaSegundos('inicioFallidoPorIp', 'ip')).toBeGreaterThan(0);
  });

  it('la cuenta se normaliza: espacios, ancho completo y mayúsculas cuentan como la misma', () => {
    expect(cuentaNormalizada('  Ana@Cuota.CR ')).toBe('ana@cuota.cr');
    expect(cuentaNormalizada('ａｎａ@cuota.cr')).toBe('ana@cuota.cr');
    expect(cuentaNormalizada(undefined)).toBe('');
  });

  it('CUOTA_LIMITES_LOCALES multiplica cada máximo; un valor inválido se rechaza', () => {
    expect(limitesDesdeEntorno({}).inicioFallidoPorCuenta).toEqual(LIMITES_LOCALES.inicioFallidoPorCuenta);
    expect(limitesDesdeEntorno({ CUOTA_LIMITES_LOCALES: '1000' }).codigoPorIp.max).toBe(LIMITES_LOCALES.codigoPorIp.max * 1000);
    expect(() => limitesDesdeEntorno({ CUOTA_LIMITES_LOCALES: 'no' })).toThrow(/CUOTA_LIMITES_LOCALES/);
    expect(() => limitesDesdeEntorno({ CUOTA_LIMITES_LOCALES: '0' })).toThrow(/CUOTA_LIMITES_LOCALES/);
  });
});
