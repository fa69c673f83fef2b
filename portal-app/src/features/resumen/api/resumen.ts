import { portalResumenSchema } from '@cuota/shared/schemas/creditos';
import { api } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

export const resumenQueryKey = ['portal', 'resumen'] as const;

/** GET /api/portal/resumen: score, credit line and the 5 earliest unpaid cuotas. */
export function useObtenerResumenPortal() {
  return useQuery({
    queryKey: resumenQueryKey,
    queryFn: ({ signal }) => api.get('/api/portal/resumen', { schema: portalResumenSchema, signal }),
  });
}
