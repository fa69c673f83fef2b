// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TablaConEncabezado, TableCell, TableHead, TableRow } from './table';

/** The page lays out no boxes here: each test says how wide the table's box is and how wide its table. */
let anchoCaja = 300;
let anchoTabla = 300;
const observados: Array<() => void> = [];

beforeEach(() => {
  observados.length = 0;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private avisar: () => void) {
        observados.push(() => this.avisar());
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => anchoCaja);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => anchoTabla);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const tabla = (props: { 'aria-label'?: string } = {}) => (
  <TablaConEncabezado {...props} encabezado={<TableHead>Cuota</TableHead>}>
    <TableRow>
      <TableCell>1</TableCell>
    </TableRow>
  </TablaConEncabezado>
);

describe('Table', () => {
  it('cuando sus columnas caben, no es una región ni una parada del tabulador', () => {
    render(tabla({ 'aria-label': 'Tabla de Amortización' }));
    expect(screen.getByRole('table', { name: 'Tabla de Amortización' })).toBeInTheDocument();
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table').parentElement).not.toHaveAttribute('tabindex');
  });

  it('cuando no caben (un teléfono), se desplaza en su caja: una región con nombre que el teclado alcanza', () => {
    anchoCaja = 320;
    anchoTabla = 640;
    render(tabla({ 'aria-label': 'Tabla de Amortización' }));
    const region = screen.getByRole('region', { name: 'Tabla de Amortización' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass('overflow-x-auto');
    expect(region).toContainElement(screen.getByRole('table'));
  });

  it('sigue el tamaño: deja de ser región cuando la pantalla se ensancha', () => {
    anchoCaja = 320;
    anchoTabla = 640;
    render(tabla());
    expect(screen.getByRole('region', { name: 'Tabla' })).toBeInTheDocument();
    anchoCaja = 1200;
    act(() => observados.forEach((avisar) => avisar()));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
