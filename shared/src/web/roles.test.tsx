// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Me } from '../schemas/me';
import { registerAuthBridge } from './auth-bridge';
import { useEsAdmin, useTieneRol, useObtenerYo } from './roles';

function conUsuario(me: Me | null, pendiente = false) {
  registerAuthBridge({
    getIdToken: async () => 'token',
    signOut: async () => {},
    me: () => (pendiente ? new Promise<Me | null>(() => {}) : Promise.resolve(me)),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const yo = (roles: Me['roles']): Me => ({
  userId: 'u1',
  email: 'ana@cuota.cr',
  nombre: 'Ana',
  apellido: 'Quesada',
  roles,
  cliente: null,
});

afterEach(() => registerAuthBridge(null));

describe('roles del usuario', () => {
  it('useTieneRol: verdadero con uno de los roles, falso sin ellos o mientras carga', async () => {
    const wrapper = conUsuario(yo(['cobrador']));
    const { result } = renderHook(() => [useTieneRol('admin', 'cobrador'), useTieneRol('analista')], { wrapper });
    expect(result.current).toEqual([false, false]);
    await waitFor(() => expect(result.current).toEqual([true, false]));
  });

  it('useEsAdmin: undefined mientras carga, luego si es admin', async () => {
    const { result: cargando } = renderHook(() => useEsAdmin(), { wrapper: conUsuario(null, true) });
    expect(cargando.current).toBeUndefined();
    const { result: admin } = renderHook(() => useEsAdmin(), { wrapper: conUsuario(yo(['admin'])) });
    await waitFor(() => expect(admin.current).toBe(true));
    const { result: analista } = renderHook(() => useEsAdmin(), { wrapper: conUsuario(yo(['analista'])) });
    await waitFor(() => expect(analista.current).toBe(false));
  });

  it('useObtenerYo: el usuario de /api/me, o null sin sesión', async () => {
    const { result } = renderHook(() => useObtenerYo(), { wrapper: conUsuario(yo(['admin'])) });
    await waitFor(() => expect(result.current.data?.userId).toBe('u1'));
    const { result: sinSesion } = renderHook(() => useObtenerYo(), { wrapper: conUsuario(null) });
    await waitFor(() => expect(sinSesion.current.isSuccess).toBe(true));
    expect(sinSesion.current.data).toBeNull();
    const { result: sinSesionAdmin } = renderHook(() => useEsAdmin(), { wrapper: conUsuario(null) });
    await waitFor(() => expect(sinSesionAdmin.current).toBe(false));
  });
});
