import { describe, expect, it } from 'vitest';
import { cierreAtrasado, horaLimite } from './ejecutar-cierre-diario';

/** An instant given in Costa Rica time (UTC−6 all year, no daylight saving). */
const cr = (fechaHora: string) => new Date(`${fechaHora}:00-06:00`);

describe('CierreAtrasado: ¿quedó abierta una fecha anterior a hoy pasada su hora límite?', () => {
  it('ayer abierto: no antes de la hora límite, sí desde ella (hora de Costa Rica)', () => {
    expect(cierreAtrasado('2026-03-08', cr('2026-03-10T05:59'), 6)).toBe(false);
    expect(cierreAtrasado('2026-03-08', cr('2026-03-10T06:00'), 6)).toBe(true);
    expect(cierreAtrasado('2026-03-08', cr('2026-03-10T23:59'), 6)).toBe(true);
    // another deadline hour from CIERRE_HORA_LIMITE
    expect(cierreAtrasado('2026-03-08', cr('2026-03-10T06:00'), 8)).toBe(false);
    expect(cierreAtrasado('2026-03-08', cr('2026-03-10T08:00'), 8)).toBe(true);
  });

  it('una fecha más antigua abierta está atrasada a cualquier hora (su límite fue ayer)', () => {
    expect(cierreAtrasado('2026-03-07', cr('2026-03-10T00:30'), 6)).toBe(true);
    expect(cierreAtrasado(null, cr('2026-03-10T12:00'), 6)).toBe(false);
  });

  it('ayer u hoy cerrados: no hay atraso', () => {
    expect(cierreAtrasado('2026-03-09', cr('2026-03-10T12:00'), 6)).toBe(false);
    expect(cierreAtrasado('2026-03-10', cr('2026-03-10T12:00'), 6)).toBe(false);
  });

  it('"hoy" y la hora son los de Costa Rica, no los de UTC', () => {
    // 21:00 of the 10th in Costa Rica is already the 11th in UTC: yesterday is the 9th, which is closed
    expect(cierreAtrasado('2026-03-09', cr('2026-03-10T21:00'), 6)).toBe(false);
    // 01:00 in Costa Rica is 07:00 UTC: the deadline hour is local, so yesterday is not late yet
    expect(cierreAtrasado('2026-03-08', cr('2026-03-10T01:00'), 6)).toBe(false);
  });

  it('CIERRE_HORA_LIMITE: una hora entera 0–23, si no la predeterminada (6)', () => {
    expect(horaLimite(undefined)).toBe(6);
    expect(horaLimite('')).toBe(6);
    expect(horaLimite('8')).toBe(8);
    expect(horaLimite('0')).toBe(0);
    expect(horaLimite('24')).toBe(6);
    expect(horaLimite('5.5')).toBe(6);
    expect(horaLimite('seis')).toBe(6);
  });
});
