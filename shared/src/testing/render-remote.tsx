import type { Me } from '../index';
import { toast, Toaster } from '../ui';
import { registerAuthBridge, setConfig } from '../web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { configDePrueba } from './config-de-prueba';

const config = configDePrueba('api.test');

/** A WebSocket that never opens (tests that need pushes hand the bell a fake of their own). */
class InertWebSocket {
  readyState = 0;
  onopen = null;
  onclose = null;
  onmessage = null;
  onerror = null;
  constructor(readonly url: string) {}
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * What the shell provides at run time, for a remote page under test: the loaded config, the
 * auth bridge, a query client, a router and the toaster. `fetch` is answered by `handler`.
 */
export function renderRemotePage(routes: RouteObject[], url: string, handler: Handler, opts: { me?: Me | null } = {}) {
  setConfig(config);
  const signOut = vi.fn(async () => {});
  registerAuthBridge({ getIdToken: async () => 'test-id-token', signOut, me: async () => opts.me ?? null });
  toast.dismissAll();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(new URL(String(input)), init));
  vi.stubGlobal('fetch', fetchMock);
  // The notification bell keeps a live connection; in tests it connects to nothing.
  vi.stubGlobal('WebSocket', InertWebSocket);
  return { ...renderConRutas(routes, url), fetchMock, signOut };
}

/** `routes` at `url` in a memory router, with a query client that does not retry and the toaster. */
export function renderConRutas(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, user: userEvent.setup() };
}

export function page(element: ReactElement, path: string): RouteObject {
  return { path, element };
}
