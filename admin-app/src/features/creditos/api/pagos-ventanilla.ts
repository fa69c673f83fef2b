import { pagoDetalleSchema, reciboPagoSchema, type PagoVentanillaInput } from '@cuota/shared/schemas/pagos';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** A counter payment or a reversal changes the credit, its cuotas and its payments: all read again. */
const detalle = (creditoId: string) => ['creditos', 'detail', creditoId] as const;

export interface ConClave<T> {
  body: T;
  /** Idempotency-Key: the same for a retry of the same submission. */
  clave: string;
}

/** POST /api/creditos/{id}/pagos (cobrador, analista, admin): applied at once, with its receipt. */
export function registrarPagoVentanilla(creditoId: string, { body, clave }: ConClave<PagoVentanillaInput>) {
  return api.post(`/api/creditos/${encodeURIComponent(creditoId)}/pagos`, body, {
    schema: pagoDetalleSchema,
    headers: { 'Idempotency-Key': clave },
  });
}

export function useRegistrarPagoVentanilla(creditoId: string) {
  return useMutacionQueRefresca(
    (entrada: ConClave<PagoVentanillaInput>) => registrarPagoVentanilla(creditoId, entrada),
    detalle(creditoId),
    'siempre',
  );
}

/** POST /api/pagos/{id}/revertir (admin). */
export function revertirPago(pagoId: string, { body, clave }: ConClave<{ motivo: string }>) {
  return api.post(`/api/pagos/${encodeURIComponent(pagoId)}/revertir`, body, {
    schema: pagoDetalleSchema,
    headers: { 'Idempotency-Key': clave },
  });
}

export function useRevertirPago(creditoId: string) {
  return useMutacionQueRefresca(
    ({ pagoId, ...entrada }: ConClave<{ motivo: string }> & { pagoId: string }) => revertirPago(pagoId, entrada),
    detalle(creditoId),
    'siempre',
    // the reversed row loses its 'Revertir' button (and this dialog) with the fresh data: toast first
    { esperar: false },
  );
}

/** GET /api/pagos/{id}/recibo: what the printable receipt shows. */
export function obtenerReciboQueryOptions(pagoId: string) {
  return queryOptions({
    queryKey: ['pagos', 'recibo', pagoId],
    queryFn: ({ signal }) => api.get(`/api/pagos/${encodeURIComponent(pagoId)}/recibo`, { schema: reciboPagoSchema, signal }),
  });
}

export function useObtenerRecibo(pagoId: string) {
  return useQuery(obtenerReciboQueryOptions(pagoId));
}

/** The printable receipt's route (a window of its own, without the app's chrome). */
export const reciboUrl = (pagoId: string) => `/pagos/${encodeURIComponent(pagoId)}/recibo`;
