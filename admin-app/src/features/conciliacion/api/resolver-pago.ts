import { pagoDetalleSchema } from '@cuota/shared/schemas/pagos';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { pagosQueryKey } from './listar-pagos';

export type Decision = 'aprobar' | 'rechazar';

export interface Resolucion {
  id: string;
  decision: Decision;
  /**
   * Approval only: the bank's value date when staff changed it; without it the server applies the
   * payment on the fecha_pago the customer reported.
   */
  fechaValor?: string | undefined;
}

/** POST /api/pagos/{id}/aprobar | /rechazar (admin, cobrador). */
export function resolverPago({ id, decision, fechaValor }: Resolucion) {
  const path = `/api/pagos/${encodeURIComponent(id)}/${decision}`;
  return decision === 'aprobar'
    ? api.post(path, fechaValor ? { fecha_valor: fechaValor } : undefined, { schema: pagoDetalleSchema })
    : api.post(path, { motivo: null }, { schema: pagoDetalleSchema });
}

export function useResolverPago() {
  return useMutacionQueRefresca(resolverPago, pagosQueryKey, 'siempre');
}
