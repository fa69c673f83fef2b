import type { CierreFecha } from '@cuota/shared/schemas/pagos';
import { describe, expect, it } from 'vitest';
import { acumular, avanceInicial, resumir } from './cerrar-dia';

const f = (fecha: string, estado: CierreFecha['estado'], extra: Partial<CierreFecha> = {}): CierreFecha => ({
  fecha,
  estado,
  creditos_revisados: 2,
  creditos_actualizados: 2,
  mora_devengada_centimos: 1_000,
  avisos_vencimiento: 0,
  recordatorios: 1,
  creditos_con_error: [],
  ...extra,
});

describe('avance del cierre diario', () => {
  it('el total es lo hecho en la primera respuesta más lo pendiente; una fecha en curso no cuenta', () => {
    let a = avanceInicial('2026-03-12');
    a = acumular(a, {
      hasta: '2026-03-12',
      fechas: [f('2026-01-01', 'cerrado'), f('2026-01-02', 'en_curso')],
      pendientes: 70,
      ultimo_cierre: '2026-01-01',
    });
    expect(a).toMatchObject({ hechas: 1, total: 71, esperando: '2026-01-02', terminado: false });
    a = acumular(a, {
      hasta: '2026-03-12',
      fechas: [f('2026-01-02', 'ya_cerrado'), f('2026-01-03', 'cerrado')],
      pendientes: 68,
      ultimo_cierre: '2026-01-03',
    });
    expect(a).toMatchObject({ hechas: 3, total: 71, esperando: null, ultimoCierre: '2026-01-03', terminado: false });
    a = acumular(a, { hasta: '2026-03-12', fechas: [], pendientes: 0, ultimo_cierre: '2026-03-12' });
    expect(a.terminado).toBe(true);
  });

  it('resume solo lo que cerró esta ejecución, pero avisa de todos los créditos con error, una vez cada uno', () => {
    const r = resumir([
      f('2026-01-01', 'ya_cerrado', { creditos_con_error: ['CR-1'], creditos_actualizados: 50 }),
      f('2026-01-02', 'cerrado', { creditos_con_error: ['CR-1', 'CR-2'] }),
      f('2026-01-03', 'cerrado'),
    ]);
    expect(r).toEqual({
      cerradas: 2,
      creditosActualizados: 4,
      moraDevengadaCentimos: 2_000,
      recordatorios: 2,
      avisosVencimiento: 0,
      creditosConError: ['CR-1', 'CR-2'],
    });
  });
});
