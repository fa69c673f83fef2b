// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaginacionCursor } from './paginacion-cursor';
import { useCursorPagination } from './use-cursor-pagination';

afterEach(cleanup);

describe('PaginacionCursor', () => {
  it('no se muestra con una sola página', () => {
    const { result } = renderHook(() => useCursorPagination());
    const { container } = render(<PaginacionCursor paginacion={result.current} siguiente={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('Siguiente avanza al cursor de la página y Anterior vuelve', () => {
    const { result } = renderHook(() => useCursorPagination());
    const { rerender } = render(<PaginacionCursor paginacion={result.current} siguiente="c2" />);
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Siguiente' })));
    expect(result.current.cursor).toBe('c2');
    rerender(<PaginacionCursor paginacion={result.current} siguiente={null} />);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Anterior' })));
    expect(result.current.cursor).toBeUndefined();
  });

  it('deshabilita ambos botones mientras carga', () => {
    const { result } = renderHook(() => useCursorPagination());
    render(<PaginacionCursor paginacion={result.current} siguiente="c2" disabled />);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });
});
