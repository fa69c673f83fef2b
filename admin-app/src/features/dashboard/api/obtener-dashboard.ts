import { dashboardSchema } from '@cuota/shared/schemas/dashboard';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/dashboard: cards, alerts, oldest pending solicitudes, recent activity and portfolio series. */
export function obtenerDashboard(signal?: AbortSignal) {
  return api.get('/api/dashboard', { schema: dashboardSchema, signal });
}

export function obtenerDashboardQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => obtenerDashboard(signal),
    staleTime: 30_000,
  });
}

export function useObtenerDashboard() {
  return useQuery(obtenerDashboardQueryOptions());
}
