import { describe, expect, it } from 'vitest';
import { claveParaEnvio, nuevaClaveIdempotencia } from './idempotencia';

describe('claves de idempotencia', () => {
  it('una clave nueva cumple la regla del servidor y no se repite', () => {
    const a = nuevaClaveIdempotencia();
    expect(a).toMatch(/^[A-Za-z0-9_.:-]{1,128}$/);
    expect(nuevaClaveIdempotencia()).not.toBe(a);
  });

  it('reintentar los mismos valores reutiliza la clave; otros valores o tras olvidar, una nueva', () => {
    const claves = claveParaEnvio();
    const primera = claves.para({ titulo: 'Aviso', mensaje: 'Hola' });
    expect(claves.para({ titulo: 'Aviso', mensaje: 'Hola' })).toBe(primera);
    const otra = claves.para({ titulo: 'Aviso', mensaje: 'Hola de nuevo' });
    expect(otra).not.toBe(primera);
    claves.olvidar();
    expect(claves.para({ titulo: 'Aviso', mensaje: 'Hola de nuevo' })).not.toBe(otra);
  });
});
