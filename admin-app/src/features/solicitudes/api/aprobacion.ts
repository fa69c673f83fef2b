import { page } from '@cuota/shared/schemas/common';
import { configuracionListaSchema } from '@cuota/shared/schemas/configuracion';
import { productoDetalleSchema } from '@cuota/shared/schemas/productos';
import { solicitudAccionSchema, type SolicitudAprobar } from '@cuota/shared/schemas/solicitudes';
import { api, useTieneRol } from '@cuota/shared/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { solicitudesQueryKey } from './listar-solicitudes';

/** A 200 with success false is an error too, so every caller handles one failure path. */
function exito<T extends { success: boolean; error?: string; message: string }>(result: T): T {
  if (!result.success) throw new Error(result.error ?? result.message);
  return result;
}

const ruta = (id: string, accion: string) => `/api/solicitudes/${encodeURIComponent(id)}/${accion}`;

/** POST /api/solicitudes/{id}/aprobar: approves only (amount ≤ requested, term, product, conditions). */
export async function aprobarSolicitud({ id, terminos }: { id: string; terminos: SolicitudAprobar }) {
  return exito(await api.post(ruta(id, 'aprobar'), terminos, { schema: solicitudAccionSchema }));
}

export interface DatosDesembolsoForm {
  fecha_primer_vencimiento?: string;
  canal_desembolso: string;
  cuenta_destino?: string;
  override_motivo?: string;
}

/** POST /api/solicitudes/{id}/desembolsar under the dialog's Idempotency-Key → the credit. */
export async function desembolsarSolicitud({ id, datos, clave }: { id: string; datos: DatosDesembolsoForm; clave: string }) {
  return exito(
    await api.post(ruta(id, 'desembolsar'), datos, { schema: solicitudAccionSchema, headers: { 'Idempotency-Key': clave } }),
  );
}

/** POST /api/solicitudes/{id}/cancelar with the reason. */
export async function cancelarAprobacion({ id, motivo }: { id: string; motivo: string }) {
  return exito(await api.post(ruta(id, 'cancelar'), { motivo }, { schema: solicitudAccionSchema }));
}

/**
 * The list is refreshed without waiting for it: the row's buttons (and the dialog's mutation) go
 * away once the new estado arrives, and the caller's onSuccess (toast, 'Ver Crédito') must run first.
 */
function useMutacionQueRefrescaDespues<TDatos, TEntrada>(mutationFn: (entrada: TEntrada) => Promise<TDatos>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: solicitudesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['creditos'] });
    },
  });
}

export const useAprobarSolicitud = () => useMutacionQueRefrescaDespues(aprobarSolicitud);
export const useDesembolsarSolicitud = () => useMutacionQueRefrescaDespues(desembolsarSolicitud);
export const useCancelarAprobacion = () => useMutacionQueRefrescaDespues(cancelarAprobacion);

const productosDetallePage = page(productoDetalleSchema);

/** GET /api/productos/activos with each product's lending terms (method), for the disbursement preview. */
export function useProductosActivosConTerminos() {
  return useQuery({
    queryKey: ['productos', 'activos', 'terminos'],
    queryFn: ({ signal }) => api.get('/api/productos/activos', { query: { limit: 100 }, schema: productosDetallePage, signal }),
    staleTime: 60_000,
  });
}

/**
 * Whether the signed-in staff member may disburse: an administrator always; an analyst when the
 * setting desembolso_analista is 'true' (a public setting, read from GET /api/configuracion).
 */
export function usePuedeDesembolsar(): boolean {
  const esAdmin = useTieneRol('admin');
  const config = useQuery({
    queryKey: ['configuracion', 'publica'],
    queryFn: ({ signal }) => api.get('/api/configuracion', { schema: configuracionListaSchema, signal }),
    enabled: !esAdmin,
    staleTime: 60_000,
  });
  return esAdmin || config.data?.items.find((c) => c.clave === 'desembolso_analista')?.valor === 'true';
}
