// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { montosTexts } from '../texts/montos';
import { MontoField } from './monto-field';

afterEach(cleanup);

function Campo({ error, hint }: { error?: string; hint?: string }) {
  const [valor, setValor] = useState('');
  return (
    <MontoField
      label="Monto (₡)"
      error={error}
      hint={hint}
      valor={valor}
      name="monto"
      onChange={(e) => setValor(e.target.value)}
    />
  );
}

const descripcion = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .replace(/[\u00a0\u202f]/g, ' ');

describe('MontoField', () => {
  it('es un campo de texto decimal, no type=number (que rechaza 1 000 000 y 1.000.000)', () => {
    render(<Campo />);
    const input = screen.getByLabelText('Monto (₡)');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('name', 'monto');
  });

  it.each([
    ['500.000', 'Se registrará ₡500 000,00'],
    ['1.000.000,50', 'Se registrará ₡1 000 000,50'],
    ['62.550', 'Se registrará ₡62 550,00'],
    ['500 000', 'Se registrará ₡500 000,00'],
    ['500000.50', 'Se registrará ₡500 000,50'],
  ])('mientras se escribe %j dice %j, anunciado con el campo', async (texto, lectura) => {
    render(<Campo />);
    const input = screen.getByLabelText('Monto (₡)');
    await userEvent.type(input, texto);
    expect(descripcion(input)).toContain(lectura);
    expect(screen.getByText(/^Se registrará/).closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  });

  it('dice por qué no puede leer un monto ambiguo, y no lo repite cuando ya es el error del campo', async () => {
    const { rerender } = render(<Campo />);
    const input = screen.getByLabelText('Monto (₡)');
    await userEvent.type(input, '1.000,000');
    expect(screen.getByText(montosTexts.ambiguo)).toHaveClass('text-amber-800');
    rerender(<Campo error={montosTexts.ambiguo} />);
    expect(screen.getAllByText(montosTexts.ambiguo)).toHaveLength(1);
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('muestra la pista propia del formulario junto a la lectura', async () => {
    render(<Campo hint="Rango del producto: ₡50 000,00 – ₡500 000,00" />);
    const input = screen.getByLabelText('Monto (₡)');
    await userEvent.type(input, '62550,5');
    expect(descripcion(input)).toContain('Rango del producto');
    expect(descripcion(input)).toContain('Se registrará ₡62 550,50');
  });
});
