import { describe, expect, it } from 'vitest';
import { conDuracionMinima } from './duracion-minima';

/** A clock the test moves: `dormir` advances it, `trabajo` takes `ms` of it. */
function relojFalso() {
  let ahora = 1_000;
  const dormidos: number[] = [];
  return {
    reloj: () => ahora,
    dormir: async (ms: number) => {
      dormidos.push(ms);
      ahora += ms;
    },
    trabajo: (ms: number) => (ahora += ms),
    dormidos,
    get ahora() {
      return ahora;
    },
  };
}

describe('conDuracionMinima', () => {
  it('una respuesta rápida espera hasta el piso más el azar; el valor sale igual', async () => {
    const r = relojFalso();
    const inicio = r.ahora;
    const valor = await conDuracionMinima(
      async () => {
        r.trabajo(40);
        return 'ok';
      },
      { minimoMs: 700, jitterMs: 150, reloj: r.reloj, dormir: r.dormir, azar: (max) => max - 1 },
    );
    expect(valor).toBe('ok');
    expect(r.ahora - inicio).toBe(700 + 150);
    expect(r.dormidos).toEqual([810]);
  });

  it('un error también espera el piso, y sale el mismo error', async () => {
    const r = relojFalso();
    const inicio = r.ahora;
    const error = new Error('rechazo');
    await expect(
      conDuracionMinima(
        async () => {
          r.trabajo(5);
          throw error;
        },
        { minimoMs: 700, jitterMs: 150, reloj: r.reloj, dormir: r.dormir, azar: () => 0 },
      ),
    ).rejects.toBe(error);
    expect(r.ahora - inicio).toBe(700);
  });

  it('un trabajo más lento que el piso no espera nada más', async () => {
    const r = relojFalso();
    await conDuracionMinima(
      async () => {
        r.trabajo(2_000);
      },
      { minimoMs: 700, jitterMs: 150, reloj: r.reloj, dormir: r.dormir },
    );
    expect(r.dormidos).toEqual([]);
  });

  it('el azar queda entre 0 y jitterMs inclusive (crypto.randomInt)', async () => {
    for (let i = 0; i < 20; i++) {
      const r = relojFalso();
      const inicio = r.ahora;
      await conDuracionMinima(async () => undefined, { minimoMs: 10, jitterMs: 5, reloj: r.reloj, dormir: r.dormir });
      expect(r.ahora - inicio).toBeGreaterThanOrEqual(10);
      expect(r.ahora - inicio).toBeLessThanOrEqual(15);
    }
  });
});
