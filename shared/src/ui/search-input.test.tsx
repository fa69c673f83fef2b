// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchInput } from './search-input';

afterEach(cleanup);

describe('SearchInput', () => {
  it('renders a labelled searchbox with its placeholder, value and icon padding', () => {
    const { container } = render(
      <SearchInput
        aria-label="Buscar clientes"
        placeholder="Nombre o email"
        value="ana"
        onChange={() => undefined}
        className="max-w-md"
      />,
    );
    const input = screen.getByRole('searchbox', { name: 'Buscar clientes' });
    expect(input).toHaveAttribute('type', 'search');
    expect(input).toHaveAttribute('placeholder', 'Nombre o email');
    expect(input).toHaveValue('ana');
    expect(input).toHaveClass('pl-9');
    expect(container.firstElementChild).toHaveClass('relative', 'max-w-md');
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('reports changes', () => {
    const onChange = vi.fn();
    render(<SearchInput aria-label="Buscar" value="" onChange={onChange} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'x' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
