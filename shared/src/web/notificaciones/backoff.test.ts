import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('duplica la espera en cada intento a partir de 1 s', () => {
    const max = (attempt: number) => backoffDelay(attempt, { random: () => 1 });
    expect([0, 1, 2, 3, 4].map(max)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
  });

  it('nunca espera más de 30 s, por muchos intentos que lleve', () => {
    expect(backoffDelay(5, { random: () => 1 })).toBe(30_000);
    expect(backoffDelay(50, { random: () => 1 })).toBe(30_000);
    expect(backoffDelay(Number.MAX_SAFE_INTEGER, { random: () => 0.999 })).toBeLessThanOrEqual(30_000);
  });

  it('reparte al azar la mitad de cada paso (jitter) sin volver a conectar al instante', () => {
    expect(backoffDelay(0, { random: () => 0 })).toBe(500);
    expect(backoffDelay(2, { random: () => 0 })).toBe(2_000);
    expect(backoffDelay(2, { random: () => 0.5 })).toBe(3_000);
    expect(backoffDelay(10, { random: () => 0 })).toBe(15_000);
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(3);
      expect(d).toBeGreaterThanOrEqual(4_000);
      expect(d).toBeLessThanOrEqual(8_000);
    }
  });

  it('acepta otra base y otro tope, y trata un intento negativo como el primero', () => {
    expect(backoffDelay(3, { baseMs: 100, maxMs: 500, random: () => 1 })).toBe(500);
    expect(backoffDelay(-2, { random: () => 1 })).toBe(1_000);
  });
});
