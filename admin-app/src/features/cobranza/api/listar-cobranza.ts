import { cobranzaPageSchema, type BucketCobranza } from '@cuota/shared/schemas/cobranza';
import { page } from '@cuota/shared/schemas/common';
import { productoDetalleSchema } from '@cuota/shared/schemas/productos';
import { api, opcionesDePagina } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

export const COBRANZA_PAGE_SIZE = 25;
export const cobranzaQueryKey = ['cobranza'] as const;
const productosPage = page(productoDetalleSchema);

export interface ListarCobranzaParams {
  bucket: BucketCobranza | undefined;
  cobrador: string | undefined;
  producto: string | undefined;
  zona: string | undefined;
  orden: 'dias_mora' | 'monto_vencido';
  cursor: string | undefined;
}

/** GET /api/cobranza?bucket=&cobrador=&producto=&zona=&orden=&cursor= → page, totals per bucket, cobradores */
export function listarCobranza(p: ListarCobranzaParams, signal?: AbortSignal) {
  return api.get('/api/cobranza', {
    query: { ...p, zona: p.zona?.trim() || undefined, limit: COBRANZA_PAGE_SIZE },
    schema: cobranzaPageSchema,
    signal,
  });
}

export function listarCobranzaQueryOptions(params: ListarCobranzaParams) {
  return opcionesDePagina([...cobranzaQueryKey, 'list', params], (signal) => listarCobranza(params, signal));
}

export function useListarCobranza(params: ListarCobranzaParams) {
  return useQuery(listarCobranzaQueryOptions(params));
}

/** Products for the filter (GET /api/productos, staff). */
export function useProductosFiltro() {
  return useQuery({
    queryKey: ['productos', 'filtro-cobranza'],
    queryFn: ({ signal }) => api.get('/api/productos', { query: { limit: 100 }, schema: productosPage, signal }),
    staleTime: 5 * 60_000,
  });
}
