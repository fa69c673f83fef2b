import { page, usuarioSchema } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export const USUARIOS_PAGE_SIZE = 25;
const usuariosPage = page(usuarioSchema);

/** GET /api/usuarios?limit=&cursor= → { items, nextCursor } (admin only), newest first. */
export function listarUsuarios(cursor: string | undefined, signal?: AbortSignal) {
  return api.get('/api/usuarios', { query: { limit: USUARIOS_PAGE_SIZE, cursor }, schema: usuariosPage, signal });
}

export const usuariosQueryKey = ['usuarios', 'list'] as const;

export function listarUsuariosQueryOptions(cursor: string | undefined) {
  return queryOptions({
    queryKey: [...usuariosQueryKey, cursor ?? null],
    queryFn: ({ signal }) => listarUsuarios(cursor, signal),
    placeholderData: keepPreviousData,
  });
}

export function useListarUsuarios(cursor: string | undefined, enabled = true) {
  return useQuery({ ...listarUsuariosQueryOptions(cursor), enabled });
}
