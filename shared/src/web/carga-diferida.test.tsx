// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generalTexts } from '../texts/general';
import { CargaDiferida } from './carga-diferida';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('CargaDiferida', () => {
  it('muestra el spinner mientras descarga y luego la parte', async () => {
    let listo!: () => void;
    const Parte = lazy(
      () =>
        new Promise<{ default: () => ReactElement }>((resolve) => {
          listo = () => resolve({ default: () => <p>Contenido de la pestaña</p> });
        }),
    );
    render(
      <CargaDiferida>
        <Parte />
      </CargaDiferida>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Cargando');
    listo();
    expect(await screen.findByText('Contenido de la pestaña')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('si la descarga falla, avisa en su lugar con Recargar y el resto de la página sigue', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recargar = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload: recargar });
    const Parte = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <main>
        <h1>Mi portal</h1>
        <CargaDiferida>
          <Parte />
        </CargaDiferida>
      </main>,
    );
    const aviso = await screen.findByRole('alert');
    expect(aviso).toHaveTextContent(generalTexts.fallbackErrorText);
    expect(screen.getByRole('heading', { name: 'Mi portal' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: generalTexts.reload }));
    expect(recargar).toHaveBeenCalledTimes(1);
  });
});
