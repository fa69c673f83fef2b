import { describe, expect, it } from 'vitest';
import { fechaNegocio } from './fechas';

describe('fechaNegocio', () => {
  it('usa el día calendario de Costa Rica (UTC−6), no el de UTC', () => {
    expect(fechaNegocio(new Date('2026-11-22T05:59:00Z'))).toBe('2026-11-21');
    expect(fechaNegocio(new Date('2026-11-22T06:00:00Z'))).toBe('2026-11-22');
    expect(fechaNegocio(new Date('2026-11-22T05:59:00Z'), 'UTC')).toBe('2026-11-22');
  });
});
