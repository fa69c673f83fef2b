import { clienteSchema, type Cliente } from '@cuota/shared/schemas/cliente';
import { page } from '@cuota/shared/schemas/common';
import { formatearIdentificacion } from '@cuota/shared/identidad';
import { api, LARGO_MINIMO_BUSQUEDA, opcionesDePagina, type OpcionDeBusqueda } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

const clientesPage = page(clienteSchema);

/** GET /api/clientes?q=&limit=10: the client picker of the solicitud form (any part of a name, e-mail, cédula or phone). */
export function buscarClientes(q: string, signal?: AbortSignal) {
  return api.get('/api/clientes', { query: { q: q.trim(), limit: 10 }, schema: clientesPage, signal });
}

/** Nothing is read until the search has LARGO_MINIMO_BUSQUEDA characters: the picker never lists clients unasked. */
export function buscarClientesQueryOptions(q: string) {
  return {
    ...opcionesDePagina(['clientes', 'picker', q], (signal) => buscarClientes(q, signal)),
    enabled: q.length >= LARGO_MINIMO_BUSQUEDA,
  };
}

export function useBuscarClientes(q: string) {
  return useQuery(buscarClientesQueryOptions(q));
}

/** A client as the picker shows it: its name, and its identification and e-mail beside it. */
export function opcionDeCliente(c: Cliente): OpcionDeBusqueda {
  return {
    id: c.id,
    texto: `${c.nombre} ${c.apellido}`,
    detalle: [c.identidad_numero ? formatearIdentificacion(c.identidad_tipo, c.identidad_numero) : null, c.email]
      .filter(Boolean)
      .join(' · '),
  };
}
