// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { EnlaceVolver } from './enlace-volver';

afterEach(cleanup);

describe('EnlaceVolver', () => {
  it('es un enlace a la lista con su texto y la flecha oculta a lectores de pantalla', () => {
    const { container } = render(
      <MemoryRouter>
        <EnlaceVolver to="/clientes">Volver a clientes</EnlaceVolver>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Volver a clientes' })).toHaveAttribute('href', '/clientes');
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
