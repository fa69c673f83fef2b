import { describe, expect, it } from 'vitest';
import { digitosTelefonoCR, enlacesDeContacto } from './contacto';

describe('enlaces de contacto del cobro', () => {
  it('lee el teléfono como se guarda y rechaza lo que no es un número de Costa Rica', () => {
    expect(digitosTelefonoCR('+50670112233')).toBe('70112233');
    expect(digitosTelefonoCR('7011-2233')).toBe('70112233');
    expect(digitosTelefonoCR('506 7011 2233')).toBe('70112233');
    expect(digitosTelefonoCR('123')).toBeNull();
    expect(digitosTelefonoCR('1506701122334')).toBeNull();
    expect(digitosTelefonoCR(null)).toBeNull();
    expect(enlacesDeContacto({ telefono: '123', nombre: 'Ana', numeroCredito: 'CR-1', montoAlDiaCentimos: 1 })).toBeNull();
  });

  it('tel: y WhatsApp con el mensaje en español, el nombre de pila y el monto para ponerse al día en colones', () => {
    const e = enlacesDeContacto({
      telefono: '+506 7011-2233',
      nombre: 'Rebeca Solano Mora',
      numeroCredito: 'CR-1',
      montoAlDiaCentimos: 9_517_257,
    });
    expect(e?.tel).toBe('tel:+50670112233');
    expect(e?.whatsapp.startsWith('https://wa.me/50670112233?text=')).toBe(true);
    const texto = decodeURIComponent(e!.whatsapp.split('?text=')[1]!).replace(/\s/g, ' ');
    expect(texto).toMatch(/^Hola Rebeca, .*CR-1 .*₡95 172,57/);
    expect(texto).not.toContain('Solano');
  });
});
