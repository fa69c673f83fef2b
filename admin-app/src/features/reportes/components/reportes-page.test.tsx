import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, page, peticionesA, renderRemotePage } from '../../../test/render';
import { ReportesPage } from './reportes-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const cosechas = (url: URL) =>
  json(200, {
    fecha_negocio: '2026-11-23',
    desde: url.searchParams.get('desde') ?? '2025-12-01',
    hasta: url.searchParams.get('hasta') ?? '2026-11-23',
    meses: [],
  });

describe('Reportes: el reporte abierto y su rango viven en la URL', () => {
  it('lee reporte y rango de la URL (una fecha que no existe no cuenta) y Aplicar los escribe', async () => {
    const { fetchMock, router, user } = renderRemotePage(
      [page(<ReportesPage />, '/reportes')],
      '/reportes?reporte=cosechas&desde=2026-01-01&hasta=2026-02-30',
      (url) => (url.pathname === '/api/reportes/cosechas' ? cosechas(url) : json(404, { code: 'NOT_FOUND', message: 'no' })),
    );
    expect(await screen.findByRole('tab', { name: 'Cosechas' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(peticionesA(fetchMock, '/api/reportes/cosechas')).toHaveLength(1));
    const primera = new URL(String(peticionesA(fetchMock, '/api/reportes/cosechas')[0]![0]));
    expect(Object.fromEntries(primera.searchParams)).toEqual({ desde: '2026-01-01' });
    expect(screen.getByLabelText('Desde')).toHaveValue('2026-01-01');
    expect(screen.getByLabelText('Hasta')).toHaveValue('');

    await user.type(screen.getByLabelText('Hasta'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?reporte=cosechas&desde=2026-01-01&hasta=2026-03-31'));
    await waitFor(() =>
      expect(String(peticionesA(fetchMock, '/api/reportes/cosechas').at(-1)![0])).toContain('hasta=2026-03-31'),
    );

    // Back: the former range, in the pickers too
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText('Hasta')).toHaveValue(''));
  });
});

describe('Reportes: exportar mientras carga otro rango', () => {
  it('Exportar CSV espera mientras se ven las cifras del rango anterior y vuelve con las del nuevo', async () => {
    let soltar: () => void = () => undefined;
    const { user } = renderRemotePage([page(<ReportesPage />, '/reportes')], '/reportes?reporte=cosechas', (url) => {
      if (url.pathname !== '/api/reportes/cosechas') return json(404, { code: 'NOT_FOUND', message: 'no' });
      if (!url.searchParams.has('hasta')) return cosechas(url);
      // the new range's answer is held until the test lets it go
      return new Promise<Response>((resolve) => {
        soltar = () => resolve(cosechas(url));
      });
    });
    const exportar = await screen.findByRole('button', { name: 'Exportar CSV: Cosechas por mes de desembolso' });
    expect(exportar).toBeEnabled();

    await user.type(screen.getByLabelText('Hasta'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(exportar).toBeDisabled());
    soltar();
    await waitFor(() => expect(exportar).toBeEnabled());
  });
});
