import { formatCRC } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { enlaceTelefono, enlaceWhatsapp, telefonoInternacional } from './contacto';

describe('contacto de cobranza', () => {
  it('normaliza teléfonos de Costa Rica a 506 + 8 dígitos', () => {
    expect(telefonoInternacional('+506 7011-2233')).toBe('50670112233');
    expect(telefonoInternacional('8888-1234')).toBe('50688881234');
    expect(telefonoInternacional('123')).toBeNull();
    expect(telefonoInternacional(null)).toBeNull();
    expect(enlaceTelefono('8888-1234')).toBe('tel:+50688881234');
  });

  it('el mensaje de WhatsApp lleva el monto vencido en colones es-CR', () => {
    const href = enlaceWhatsapp({
      telefono: '+50670112233',
      cliente_nombre: 'Rebeca Solano',
      numero_credito: 'CR-1',
      monto_vencido_centimos: 1_234_567_89,
    })!;
    expect(href.startsWith('https://wa.me/50670112233?text=')).toBe(true);
    const texto = decodeURIComponent(href.split('?text=')[1]!);
    expect(texto).toContain(formatCRC(1_234_567_89));
    expect(texto).toContain('Rebeca');
    expect(texto).toContain('CR-1');
  });
});
