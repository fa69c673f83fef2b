import { page } from '@cuota/shared/schemas/common';
import { usuarioSchema } from '@cuota/shared/schemas/usuarios';
import { api, opcionesDePagina } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

export const USUARIOS_PAGE_SIZE = 25;
const usuariosPage = page(usuarioSchema);

/** GET /api/usuarios?limit=&cursor= → { items, nextCursor } (admin only), newest first. */
export function listarUsuarios(cursor: string | undefined, signal?: AbortSignal) {
  return api.get('/api/usuarios', { query: { limit: USUARIOS_PAGE_SIZE, cursor }, schema: usuariosPage, signal });
}

export const usuariosQueryKey = ['usuarios', 'list'] as const;

export function listarUsuariosQueryOptions(cursor: string | undefined) {
  return opcionesDePagina([...usuariosQueryKey, cursor ?? null], (signal) => listarUsuarios(cursor, signal));
}

export function useListarUsuarios(cursor: string | undefined, enabled = true) {
  return useQuery({ ...listarUsuariosQueryOptions(cursor), enabled });
}
