import { page } from '@cuota/shared/schemas/common';
import { configuracionListaSchema, metodosPagoListaSchema } from '@cuota/shared/schemas/configuracion';
import { pagoDetalleSchema, type PagoDetalle, type PagoReportarInput, type PagoTarjeta } from '@cuota/shared/schemas/pagos';
import { api } from '@cuota/shared/web';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';

export const pagosQueryKey = ['portal', 'pagos'] as const;
/** Other portal queries a new payment changes (summary cards and the credits list). */
const AFECTADAS = [pagosQueryKey, ['portal', 'resumen'], ['portal', 'creditos']] as const;
export const PAGOS_PAGE_SIZE = 10;

/** GET /api/portal/pagos: the caller's own payments, newest first (cursor pages). */
export function useListarPagosPortal(cursor: string | undefined) {
  return useQuery({
    queryKey: [...pagosQueryKey, 'list', cursor ?? null],
    queryFn: ({ signal }) =>
      api.get('/api/portal/pagos', { schema: page(pagoDetalleSchema), query: { limit: PAGOS_PAGE_SIZE, cursor }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/metodos-pago: a customer receives the active reportable methods, by orden. */
export function useListarMetodosPago(enabled = true) {
  return useQuery({
    queryKey: ['portal', 'metodos-pago'],
    enabled,
    queryFn: ({ signal }) => api.get('/api/metodos-pago', { schema: metodosPagoListaSchema, signal }),
    select: (data) => data.items.filter((m) => m.activo),
    staleTime: 60_000,
  });
}

/**
 * GET /api/configuracion: a customer reads timezone, allow_credit_card_payments and
 * payment_reflection_hours (never a password-typed key). Answered as clave → valor.
 */
export function useObtenerConfiguracionPortal(enabled = true) {
  return useQuery({
    queryKey: ['portal', 'configuracion'],
    enabled,
    queryFn: ({ signal }) => api.get('/api/configuracion', { schema: configuracionListaSchema, signal }),
    select: (data): Record<string, string> => Object.fromEntries(data.items.map((c) => [c.clave, c.valor])),
    staleTime: 60_000,
  });
}

export interface ConClave<T> {
  body: T;
  /** Idempotency-Key: the same key for a retry of the same submission. */
  clave: string;
}

/** A payment request (report or card), as the payment forms send it. */
export type PagoRegistro<T> = UseMutationResult<PagoDetalle, Error, ConClave<T>>;

function useRegistrarPago<T>(path: string): PagoRegistro<T> {
  const queryClient = useQueryClient();
  return useMutation<PagoDetalle, Error, ConClave<T>>({
    mutationFn: ({ body, clave }) => api.post(path, body, { schema: pagoDetalleSchema, headers: { 'Idempotency-Key': clave } }),
    onSuccess: () => {
      for (const queryKey of AFECTADAS) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    },
  });
}

/** POST /api/portal/pagos: report a payment made by transfer, SINPE Móvil, deposit… */
export function useReportarPago() {
  return useRegistrarPago<PagoReportarInput>('/api/portal/pagos');
}

/** POST /api/portal/pagos/tarjeta: only the last 4 digits of the card are sent. */
export function usePagarConTarjeta() {
  return useRegistrarPago<PagoTarjeta>('/api/portal/pagos/tarjeta');
}
