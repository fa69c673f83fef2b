import type { TableItem } from '#commons/items';
import { ENTITY, keys, normalizeTerm } from '#commons/keys';

/**
 * Index items of a credit besides the credit itself: the number guard (numero_credito is unique
 * and can be looked up) and the search terms `?q=` finds it by. Written in the credit's
 * creation transaction (approval) and by the seed.
 */

/** At most this many search items per credit, so approval stays inside one 100-item transaction. */
export const MAX_TERMINOS_CREDITO = 16;

export interface CreditoBuscable {
  id: string;
  numero_credito: string;
  cliente_nombre: string;
  cliente_apellido: string;
}

/**
 * Prefix-searchable terms: the number whole and without its prefix ("cr-2026-000123",
 * "2026-000123", "000123", "123"), each word of the client's name, the full name and the
 * apellido (so "rodriguez so" and "maria jose" match).
 */
export function creditoSearchTerms(c: Omit<CreditoBuscable, 'id'>): string[] {
  const terms = new Set<string>();
  const numero = normalizeTerm(c.numero_credito);
  terms.add(numero);
  const m = /^cr-(\d{4})-(\d+)$/.exec(numero);
  if (m) {
    terms.add(`${m[1]}-${m[2]}`);
    terms.add(m[2]!);
    const sinCeros = m[2]!.replace(/^0+/, '');
    if (sinCeros) terms.add(sinCeros);
  }
  const words = normalizeTerm(`${c.cliente_nombre} ${c.cliente_apellido}`).split(' ').filter(Boolean);
  for (const w of words) terms.add(w);
  if (words.length > 1) terms.add(words.join(' '));
  const apellido = normalizeTerm(c.cliente_apellido);
  if (apellido) terms.add(apellido);
  return [...terms].filter((t) => t.length > 0 && t.length <= 200).slice(0, MAX_TERMINOS_CREDITO);
}

/** A stored index item (number guard or search term) of a credit. */
export type IndexItem = TableItem;

export function creditoIndexItems(c: CreditoBuscable): IndexItem[] {
  return [
    { ...keys.unicoNumeroCredito(c.numero_credito), tipo: ENTITY.unico, credito_id: c.id },
    ...creditoSearchTerms(c).map((term) => ({ ...keys.busquedaCredito(term, c.id), tipo: ENTITY.busqueda, credito_id: c.id })),
  ];
}
