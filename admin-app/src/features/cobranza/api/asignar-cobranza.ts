import { asignacionResultadoSchema, type AsignacionCobranza } from '@cuota/shared/schemas/cobranza';
import { page } from '@cuota/shared/schemas/common';
import { usuarioSchema } from '@cuota/shared/schemas/usuarios';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';
import { cobranzaQueryKey } from './listar-cobranza';

/** POST /api/cobranza/asignaciones (admin): up to 98 credits (one transaction) to one cobrador, null unassigns. */
export function asignarCobranza(input: AsignacionCobranza) {
  return api.post('/api/cobranza/asignaciones', input, { schema: asignacionResultadoSchema });
}

export function useAsignarCobranza() {
  return useMutacionQueRefresca(asignarCobranza, cobranzaQueryKey);
}

/** The staff users with the cobrador role, for the assignment dialog (GET /api/usuarios is admin-only). */
export function useCobradores(habilitado: boolean) {
  return useQuery({
    queryKey: ['usuarios', 'cobradores'],
    enabled: habilitado,
    queryFn: async ({ signal }) => {
      const res = await api.get('/api/usuarios', { query: { limit: 100 }, schema: page(usuarioSchema), signal });
      return res.items.filter((u) => u.roles.includes('cobrador'));
    },
  });
}
