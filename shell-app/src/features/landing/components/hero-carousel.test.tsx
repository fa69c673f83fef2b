import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeroCarousel, SLIDE_INTERVAL_MS } from './hero-carousel';

function activeSlide(): string | null {
  const slide = screen.getAllByRole('group', { hidden: true }).find((g) => g.getAttribute('aria-hidden') === 'false');
  return slide?.getAttribute('aria-label') ?? null;
}

function mockReducedMotion(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('HeroCarousel', () => {
  it('cambia cada 5000 ms y vuelve a la primera después de la tercera', () => {
    mockReducedMotion(false);
    render(<HeroCarousel />);
    expect(activeSlide()).toBe('1 / 3');
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS - 1));
    expect(activeSlide()).toBe('1 / 3');
    act(() => vi.advanceTimersByTime(1));
    expect(activeSlide()).toBe('2 / 3');
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(activeSlide()).toBe('3 / 3');
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(activeSlide()).toBe('1 / 3');
  });

  it('se detiene con el puntero encima y sigue al salir; el botón la pausa y la reanuda', () => {
    mockReducedMotion(false);
    render(<HeroCarousel />);
    const banner = screen.getByRole('region', { name: 'Novedades' });
    fireEvent.mouseEnter(banner);
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3));
    expect(activeSlide()).toBe('1 / 3');
    fireEvent.mouseLeave(banner);
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(activeSlide()).toBe('2 / 3');

    fireEvent.click(screen.getByRole('button', { name: 'Pausar la presentación' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Reanudar la presentación' }));
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2));
    expect(activeSlide()).toBe('2 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Reanudar la presentación' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pausar la presentación' }));
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(activeSlide()).toBe('3 / 3');
  });

  it('sin reproducción automática para quien pide movimiento reducido; los puntos siguen funcionando', () => {
    mockReducedMotion(true);
    render(<HeroCarousel />);
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2));
    expect(activeSlide()).toBe('1 / 3');
    expect(screen.queryByRole('button', { name: 'Pausar la presentación' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la diapositiva 3' }));
    expect(activeSlide()).toBe('3 / 3');
  });
});
