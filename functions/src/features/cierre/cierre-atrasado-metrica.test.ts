import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { metrics } from '#commons/observabilidad';
import { handler } from './ejecutar-cierre-diario';
import { ejecutarCierres, ultimoCierre } from './store';

// the job without the table: what the close did (or that it failed) is given, the metric is what is checked
vi.mock('./store', () => ({ ejecutarCierres: vi.fn(), ultimoCierre: vi.fn() }));
// the stored `timezone` setting (empty: the default, Costa Rica); the rest of the settings are not read
const zonaGuardada = vi.hoisted(() => ({ valor: '' }));
vi.mock('#features/configuracion/index', () => ({
  obtenerValorConfiguracion: vi.fn(async (clave: string) => (clave === 'timezone' ? zonaGuardada.valor : '')),
}));

const cierre = (ultimo: string | null) => ({ fechas: [], pendientes: 0, ultimo_cierre: ultimo });

/** The CierreAtrasado values the run added. */
let valores: number[];

beforeEach(() => {
  valores = [];
  zonaGuardada.valor = '';
  vi.spyOn(metrics, 'addMetric').mockImplementation((nombre, _unidad, valor) => {
    if (nombre === 'CierreAtrasado') valores.push(valor);
    return metrics;
  });
  // 07:00 in Costa Rica, past the default deadline (06:00)
  vi.useFakeTimers({ now: new Date('2026-03-10T07:00:00-06:00'), toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('el trabajo cierre-diario publica CierreAtrasado en cada corrida', () => {
  it('1 si ayer sigue abierto pasada la hora límite, 0 si quedó cerrado', async () => {
    vi.mocked(ejecutarCierres).mockResolvedValueOnce(cierre('2026-03-08'));
    await handler();
    vi.mocked(ejecutarCierres).mockResolvedValueOnce(cierre('2026-03-10'));
    await handler();
    expect(valores).toEqual([1, 0]);
    expect(ejecutarCierres).toHaveBeenLastCalledWith('2026-03-10', expect.anything());
  });

  it('hoy, ayer y la hora límite se leen en la zona del ajuste timezone, la misma del cierre', async () => {
    // 22:00 of the 9th in Costa Rica is 13:00 of the 10th in Tokyo
    vi.setSystemTime(new Date('2026-03-10T04:00:00Z'));
    const corrida = async () => {
      vi.mocked(ejecutarCierres).mockResolvedValueOnce(cierre('2026-03-08'));
      await handler();
    };
    await corrida();
    expect(ejecutarCierres).toHaveBeenLastCalledWith('2026-03-09', expect.anything());

    zonaGuardada.valor = 'Asia/Tokyo';
    await corrida();
    // Tokyo's yesterday (the 9th) is still open past 06:00 there: late; in Costa Rica the 8th was on time
    expect(ejecutarCierres).toHaveBeenLastCalledWith('2026-03-10', expect.anything());
    expect(valores).toEqual([0, 1]);

    // a zone the runtime does not know: Costa Rica for both, as the close does
    zonaGuardada.valor = 'Marte/Olympus';
    await corrida();
    expect(ejecutarCierres).toHaveBeenLastCalledWith('2026-03-09', expect.anything());
    expect(valores).toEqual([0, 1, 0]);
  });

  it('la hora límite viene de CIERRE_HORA_LIMITE', async () => {
    vi.stubEnv('CIERRE_HORA_LIMITE', '8');
    vi.mocked(ejecutarCierres).mockResolvedValueOnce(cierre('2026-03-08'));
    await handler();
    expect(valores).toEqual([0]);
  });

  it('una corrida que falla la publica igual, con el último cierre guardado, y el error sale', async () => {
    const fallo = new Error('DynamoDB no responde');
    vi.mocked(ejecutarCierres).mockRejectedValueOnce(fallo);
    vi.mocked(ultimoCierre).mockResolvedValueOnce('2026-03-07');
    await expect(handler()).rejects.toBe(fallo);
    expect(valores).toEqual([1]);
  });
});
