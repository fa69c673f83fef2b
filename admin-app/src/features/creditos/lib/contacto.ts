import { formatCRC } from '@cuota/shared';
import { gestionesTexts } from '@cuota/shared/texts/gestiones';

/** The 8 digits of a Costa Rican phone as stored ('+50670112233', '7011-2233', '506 7011 2233'); null otherwise. */
export function digitosTelefonoCR(telefono: string | null | undefined): string | null {
  const d = (telefono ?? '').replace(/\D/g, '');
  if (d.length === 8) return d;
  if (d.length === 11 && d.startsWith('506')) return d.slice(3);
  return null;
}

/** One-tap contact links: `tel:` and WhatsApp with a prefilled message carrying the catch-up amount. */
export function enlacesDeContacto(input: {
  telefono: string | null | undefined;
  nombre: string;
  numeroCredito: string;
  montoAlDiaCentimos: number;
}): { tel: string; whatsapp: string } | null {
  const digitos = digitosTelefonoCR(input.telefono);
  if (!digitos) return null;
  const texto = gestionesTexts.mensajeWhatsapp(input.nombre, input.numeroCredito, formatCRC(input.montoAlDiaCentimos));
  return { tel: `tel:+506${digitos}`, whatsapp: `https://wa.me/506${digitos}?text=${encodeURIComponent(texto)}` };
}
