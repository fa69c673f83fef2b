// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './password-strength-meter';

afterEach(cleanup);

function meter() {
  return screen.getByRole('meter', { name: 'Fortaleza de la contraseña' });
}

describe('PasswordStrengthMeter', () => {
  it('no muestra nada mientras la contraseña está vacía', () => {
    const { container } = render(<PasswordStrengthMeter password="" />);
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    // 3 chars, lowercase (15), sequence abc (-10) = 5
    ['abc', 'Muy Débil', 5],
    // length 10 (15) + lowercase (15) + 8 distinct (5) = 35
    ['mipalabras', 'Débil', 35],
    // length 10 (15) + lower, upper, digit (45) + 8 distinct (5) = 65
    ['Mipalabra1', 'Media', 65],
    // length 11 (15) + lower, upper, digit (45) + symbol (20) + 9 distinct (5) = 85
    ['Mipalabra1!', 'Fuerte', 85],
    // length 14 (25) + all classes (65) + 14 distinct (10) = 100
    ['Xk9#mQ2$vL7@pR', 'Muy Fuerte', 100],
  ])('puntúa %j como %s', (password, label, score) => {
    render(<PasswordStrengthMeter password={password} />);
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(meter()).toHaveAttribute('aria-valuenow', String(score));
    expect(meter()).toHaveAttribute('aria-valuetext', label);
  });

  it("muestra 'Contraseña segura' solo cuando todas las reglas se cumplen", () => {
    const { rerender } = render(<PasswordStrengthMeter password="Mipalabra1!" />);
    expect(screen.queryByText('Contraseña segura')).not.toBeInTheDocument();
    expect(screen.getByText('La contraseña debe tener al menos 12 caracteres')).toBeInTheDocument();
    rerender(<PasswordStrengthMeter password="Xk9#mQ2$vL7@pR" />);
    expect(screen.getByText('Contraseña segura')).toBeInTheDocument();
  });

  it('limita una contraseña común a 30 puntos aunque tenga largo y dígitos', () => {
    // 15 + 15 + 15 + 10 distinct - 10 sequence = 45, capped at 30 (Débil, not Media)
    render(<PasswordStrengthMeter password="password123" />);
    expect(meter()).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByText('Débil')).toBeInTheDocument();
  });
});
