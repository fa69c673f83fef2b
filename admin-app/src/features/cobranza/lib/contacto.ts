import { formatCRC, type ItemCobranza } from '@cuota/shared';
import { cobranzaTexts as t } from '@cuota/shared/texts/cobranza';

/** A Costa Rican phone as 506XXXXXXXX (8 local digits, with or without +506), or null. */
export function telefonoInternacional(telefono: string | null): string | null {
  const digitos = (telefono ?? '').replace(/\D/g, '');
  if (/^506\d{8}$/.test(digitos)) return digitos;
  if (/^\d{8}$/.test(digitos)) return `506${digitos}`;
  return null;
}

export function enlaceTelefono(telefono: string | null): string | null {
  const n = telefonoInternacional(telefono);
  return n ? `tel:+${n}` : null;
}

/** wa.me with a Spanish message carrying the catch-up amount in es-CR colones. */
export function enlaceWhatsapp(
  item: Pick<ItemCobranza, 'telefono' | 'cliente_nombre' | 'numero_credito' | 'monto_vencido_centimos'>,
) {
  const n = telefonoInternacional(item.telefono);
  if (!n) return null;
  const nombre = item.cliente_nombre.split(' ')[0] ?? item.cliente_nombre;
  const texto = t.mensajeWhatsapp(nombre, item.numero_credito, formatCRC(item.monto_vencido_centimos));
  return `https://wa.me/${n}?text=${encodeURIComponent(texto)}`;
}
