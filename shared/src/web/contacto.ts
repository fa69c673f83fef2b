import { formatCRC } from '../montos';
import { cobranzaTexts as t } from '../texts/cobranza';

/** The 8 digits of a Costa Rican phone as stored ('+50670112233', '7011-2233', '506 7011 2233'); null otherwise. */
export function digitosTelefonoCR(telefono: string | null | undefined): string | null {
  const d = (telefono ?? '').replace(/\D/g, '');
  if (d.length === 8) return d;
  if (d.length === 11 && d.startsWith('506')) return d.slice(3);
  return null;
}

/**
 * A collector's one-tap contact links for a credit: `tel:` and WhatsApp with a prefilled Spanish
 * message that carries the amount that brings the credit up to date, in es-CR colones. Null when
 * the phone is not a Costa Rican number. The worklist and the credit detail both use it.
 */
export function enlacesDeContacto(input: {
  telefono: string | null | undefined;
  nombre: string;
  numeroCredito: string;
  montoAlDiaCentimos: number;
}): { tel: string; whatsapp: string } | null {
  const digitos = digitosTelefonoCR(input.telefono);
  if (!digitos) return null;
  const nombre = input.nombre.trim().split(/\s+/)[0] || input.nombre;
  const texto = t.mensajeWhatsapp(nombre, input.numeroCredito, formatCRC(input.montoAlDiaCentimos));
  return { tel: `tel:+506${digitos}`, whatsapp: `https://wa.me/506${digitos}?text=${encodeURIComponent(texto)}` };
}
