import { page } from '@cuota/shared/schemas/common';
import {
  extractoDetalleSchema,
  extractoResumenSchema,
  mapeoGuardadoSchema,
  resultadoConfirmarSchema,
  type AplicarLinea,
  type Banco,
  type MapeoExtracto,
} from '@cuota/shared/schemas/extractos';
import { creditoSchema } from '@cuota/shared/schemas/lending';
import { pagoDetalleSchema } from '@cuota/shared/schemas/pagos';
import { api } from '@cuota/shared/web';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pagosQueryKey } from './listar-pagos';

/** Bank statements (issue 16 §4): upload, list, detail, confirm, apply a line, per-bank mapping. */

export const extractosQueryKey = [...pagosQueryKey, 'extractos'] as const;

/**
 * The file's text: UTF-8 when it decodes as such, else Windows-1252 (Latin-1 with the euro sign),
 * the encoding Costa Rican banks' exports with accents come in.
 */
export async function textoDeArchivo(archivo: Blob): Promise<string> {
  const bytes = new Uint8Array(await archivo.arrayBuffer());
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function useListarExtractos() {
  return useQuery(
    queryOptions({
      queryKey: [...extractosQueryKey, 'list'],
      queryFn: ({ signal }) =>
        api.get('/api/conciliacion/extractos', { query: { limit: 10 }, schema: page(extractoResumenSchema), signal }),
    }),
  );
}

export function useObtenerExtracto(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...extractosQueryKey, 'detalle', id],
      queryFn: ({ signal }) =>
        api.get(`/api/conciliacion/extractos/${encodeURIComponent(id!)}`, { schema: extractoDetalleSchema, signal }),
      enabled: id !== null,
    }),
  );
}

/** Upload, then the statement list and the reconciliation queries read again. */
export function useSubirExtracto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (x: { banco: Banco; nombre_archivo: string; contenido: string }) =>
      api.post('/api/conciliacion/extractos', x, { schema: extractoDetalleSchema }),
    onSuccess: (extracto) => {
      queryClient.setQueryData([...extractosQueryKey, 'detalle', extracto.id], extracto);
      void queryClient.invalidateQueries({ queryKey: [...extractosQueryKey, 'list'] });
    },
  });
}

export const confirmarLineas = (id: string, lineas: number[]) =>
  api.post(`/api/conciliacion/extractos/${encodeURIComponent(id)}/confirmar`, { lineas }, { schema: resultadoConfirmarSchema });

export const aplicarLinea = (id: string, n: number, datos: AplicarLinea) =>
  api.post(`/api/conciliacion/extractos/${encodeURIComponent(id)}/lineas/${n}/aplicar`, datos, { schema: pagoDetalleSchema });

/** Credits by número or client name, for choosing where an unmatched deposit goes. */
export function useBuscarCreditos(q: string) {
  return useQuery(
    queryOptions({
      queryKey: ['creditos', 'buscar-extracto', q],
      queryFn: ({ signal }) => api.get('/api/creditos', { query: { q, limit: 8 }, schema: page(creditoSchema), signal }),
      enabled: q.length >= 2,
    }),
  );
}

export function useMapeo(banco: Banco, habilitado: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...extractosQueryKey, 'mapeo', banco],
      queryFn: ({ signal }) => api.get(`/api/conciliacion/mapeos/${banco}`, { schema: mapeoGuardadoSchema, signal }),
      enabled: habilitado,
    }),
  );
}

export function useGuardarMapeo(banco: Banco) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: MapeoExtracto) => api.put(`/api/conciliacion/mapeos/${banco}`, m, { schema: mapeoGuardadoSchema }),
    onSuccess: (m) => queryClient.setQueryData([...extractosQueryKey, 'mapeo', banco], m),
  });
}
