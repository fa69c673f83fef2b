import type { ResultadoBusqueda } from '@cuota/shared/schemas/busqueda';
import { listarClientes } from '#features/clientes/index';
import { listarCreditos } from '#features/creditos/index';
import { numeroCreditoDe, numerosSolicitudDe } from './domain';
import { creditosPorNumero, solicitudesPorNumero } from './store';

/**
 * The staff's global search: clients through the token index (any part of a name or e-mail,
 * identification, phone), credits by their number (a key lookup) or else through the credit
 * index (number parts, the client's name), solicitudes by their number (key lookups). Each kind
 * reads at most a page of its index and `limit` records: the cost does not grow with the portfolio.
 */
export async function buscar(q: string, limit: number, hoy = new Date()): Promise<ResultadoBusqueda> {
  // nothing to look up (blank, or only punctuation): no results, not the newest clients
  if (!/[\p{L}\p{N}]/u.test(q)) return { clientes: [], creditos: [], solicitudes: [] };
  const [clientes, creditos, solicitudes] = await Promise.all([
    // duplicates (a client found by two of its words) and words the filter drops leave fewer than
    // `limit`: two pages' worth of index items keeps the group full in the usual case
    listarClientes({ q, limit: limit * 2 }),
    buscarCreditos(q, limit),
    solicitudesPorNumero(numerosSolicitudDe(q, hoy)),
  ]);
  return {
    clientes: clientes.items.slice(0, limit).map((c) => ({
      id: c.id,
      nombre: c.nombre,
      apellido: c.apellido,
      email: c.email,
      telefono: c.telefono,
      identidad_tipo: c.identidad_tipo,
      identidad_numero: c.identidad_numero,
    })),
    creditos: creditos.slice(0, limit).map((c) => ({
      id: c.id,
      numero_credito: c.numero_credito,
      cliente_id: c.cliente_id,
      cliente_nombre: c.cliente_nombre,
      cliente_apellido: c.cliente_apellido,
      estado: c.estado,
    })),
    solicitudes: solicitudes.slice(0, limit).map((s) => ({
      id: s.id,
      numero_solicitud: s.numero_solicitud,
      cliente_id: s.cliente_id,
      cliente_nombre: s.cliente_nombre,
      cliente_apellido: s.cliente_apellido,
      estado: s.estado,
    })),
  };
}

async function buscarCreditos(q: string, limit: number) {
  const numero = numeroCreditoDe(q);
  if (numero) return creditosPorNumero([numero]);
  return (await listarCreditos({ q, limit })).items;
}
