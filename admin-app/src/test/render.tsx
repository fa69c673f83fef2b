/** The shell's run-time context for a remote page under test (shared by the admin and portal remotes). */
import type { Me } from '@cuota/shared/schemas/me';
import { page, renderRemotePage } from '@cuota/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';

export {
  clienteDePrueba,
  creditoDePrueba,
  creditoDetalleDePrueba,
  json,
  page,
  pagoDePrueba,
  renderRemotePage,
  SIN_DEUDA,
  solicitudDePrueba,
  staffDePrueba,
} from '@cuota/shared/testing';

type Respuestas = Parameters<typeof renderRemotePage>[2];

/**
 * One admin page at its route, with the shell's providers (query client, router, session) and
 * `respuestas` answering its requests.
 */
export function renderConProveedores(
  pagina: ReactElement,
  ruta: string,
  respuestas: Respuestas,
  opciones: { me?: Me | null } = {},
) {
  return renderRemotePage([page(pagina, ruta)], ruta, respuestas, opciones);
}

type FetchMock = ReturnType<typeof renderRemotePage>['fetchMock'];

/** The requests the page sent to `ruta` (a path), only those of `metodo` when given. */
export function peticionesA(fetchMock: FetchMock, ruta: string, metodo?: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url)).pathname === ruta && (metodo === undefined || (init?.method ?? 'GET') === metodo),
  );
}

/** The JSON body of the first POST the page sent. */
export function cuerpoDelPrimerPost(fetchMock: FetchMock): unknown {
  const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return JSON.parse(String(post?.[1]?.body));
}

/**
 * A page's section of figure cards (named `region`), once it shows `cantidad` of them; gives the card
 * (its list item) that holds `label`.
 */
export async function tarjetasDe(region: string, cantidad: number) {
  const seccion = screen.getByRole('region', { name: region });
  await waitFor(() => expect(within(seccion).getAllByRole('listitem')).toHaveLength(cantidad));
  return (label: string) => within(seccion).getByText(label).closest('li') as HTMLElement;
}
