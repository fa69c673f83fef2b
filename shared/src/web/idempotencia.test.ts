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

  it('guardada: una clave sin respuesta sobrevive a una recarga; tras el éxito se borra', () => {
    const datos = new Map<string, string>();
    const almacen = {
      getItem: (k: string) => datos.get(k) ?? null,
      setItem: (k: string, v: string) => void datos.set(k, v),
      removeItem: (k: string) => void datos.delete(k),
    };
    const guardar = { almacen: () => almacen, nombre: 'cuota:prueba' };
    const antes = claveParaEnvio(guardar).para({ titulo: 'Aviso' });
    // the page reloads: a new helper over the same storage
    const despues = claveParaEnvio(guardar);
    expect(despues.para({ titulo: 'Aviso' })).toBe(antes);
    despues.olvidar();
    expect(datos.has('cuota:prueba')).toBe(false);
    expect(claveParaEnvio(guardar).para({ titulo: 'Aviso' })).not.toBe(antes);
    // something unreadable in storage is ignored
    datos.set('cuota:prueba', '{roto');
    expect(claveParaEnvio(guardar).para({ titulo: 'Aviso' })).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('si el navegador rechaza el almacenamiento, la clave vive en memoria', () => {
    const claves = claveParaEnvio({
      nombre: 'cuota:prueba',
      almacen: () => {
        throw new DOMException('bloqueado', 'SecurityError');
      },
    });
    const clave = claves.para({ titulo: 'Aviso' });
    expect(claves.para({ titulo: 'Aviso' })).toBe(clave);
    expect(() => claves.olvidar()).not.toThrow();
  });
});
