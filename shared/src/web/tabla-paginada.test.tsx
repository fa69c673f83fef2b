// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TableCell, TableHead, TableRow } from '../ui/table';
import { TablaPaginada, type ConsultaDePagina } from './tabla-paginada';

afterEach(cleanup);

interface Fila {
  id: string;
  nombre: string;
}

function pintar(
  consulta: Partial<ConsultaDePagina<Fila>>,
  paginacion = { cursor: undefined, pageIndex: 0, hasPrevious: false, next: vi.fn(), previous: vi.fn() },
) {
  const completa: ConsultaDePagina<Fila> = {
    data: undefined,
    isPending: false,
    isError: false,
    isFetching: false,
    error: null,
    refetch: vi.fn(),
    ...consulta,
  };
  render(
    <TablaPaginada
      consulta={completa}
      paginacion={paginacion}
      errorTitulo="No se pudieron cargar las filas"
      vacio={<p>Sin filas</p>}
      columnasCarga={2}
      etiqueta="Filas"
      encabezado={
        <TableRow>
          <TableHead>Nombre</TableHead>
        </TableRow>
      }
      clave={(f) => f.id}
      fila={(f) => (
        <TableRow>
          <TableCell>{f.nombre}</TableCell>
        </TableRow>
      )}
    />,
  );
  return { completa, paginacion };
}

describe('TablaPaginada', () => {
  it('mientras carga: la tabla ocupada con filas de esqueleto', () => {
    pintar({ isPending: true });
    const tabla = screen.getByRole('table', { name: 'Filas' });
    expect(tabla).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('row')).toHaveLength(1 + 5);
  });

  it('con filas: una por elemento y Siguiente pide el cursor de la página', () => {
    const { paginacion } = pintar({
      data: {
        items: [
          { id: 'a', nombre: 'Ana' },
          { id: 'b', nombre: 'Beto' },
        ],
        nextCursor: 'c2',
      },
    });
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('cell', { name: 'Ana' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Beto' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Anterior/ })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: /Siguiente/ }));
    expect(paginacion.next).toHaveBeenCalledWith('c2');
  });

  it('vacía: el estado vacío en lugar de la tabla, sin paginación en la primera página', () => {
    pintar({ data: { items: [], nextCursor: null } });
    expect(screen.getByText('Sin filas')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Paginación' })).not.toBeInTheDocument();
  });

  it('con error: el título, el mensaje y Reintentar vuelve a consultar', () => {
    const { completa } = pintar({ isError: true, error: new Error('sin red') });
    expect(screen.getByText('No se pudieron cargar las filas')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(completa.refetch).toHaveBeenCalledOnce();
  });
});
